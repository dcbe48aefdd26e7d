import Foundation
import Testing

@testable import ClawPairKit

/// Ed25519 over OpenSSL EVP, checked against RFC 8032's vectors and against the `openssl`
/// CLI as an independent signer and verifier.
@Suite struct Ed25519KeyPairTests {
    /// RFC 8032 §7.1, TEST 1 (empty message).
    static let rfcSeed = hex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
    static let rfcPublicKey = hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
    static let rfcSignature = hex(
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b")

    static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    @Test func rfc8032Vector() throws {
        let key = try Ed25519KeyPair(rawPrivateSeed: Self.rfcSeed)
        #expect(key.rawPublicKey == Self.rfcPublicKey)
        #expect(key.rawPrivateSeed == Self.rfcSeed)
        #expect(key.sign([]) == Self.rfcSignature)
        #expect(Ed25519.verify(signature: Self.rfcSignature, of: [], publicKey: Self.rfcPublicKey))
        #expect(!Ed25519.verify(signature: Self.rfcSignature, of: [0], publicKey: Self.rfcPublicKey))
    }

    @Test func deviceIdOfAFixedKey() throws {
        let identity = DeviceIdentity(keyPair: try Ed25519KeyPair(rawPrivateSeed: Self.rfcSeed))
        #expect(identity.deviceId == "21fe31dfa154a261626bf854046fd2271b7bed4b6abe45aa58877ef47f9721b9")
        #expect(identity.publicKeyBase64URL == "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo")
    }

    @Test func generatedKeysRoundTripThroughTheirSeed() throws {
        let key = try Ed25519KeyPair.generate()
        let other = try Ed25519KeyPair.generate()
        #expect(key.rawPublicKey != other.rawPublicKey)
        let restored = try Ed25519KeyPair(rawPrivateSeed: key.rawPrivateSeed)
        #expect(restored.rawPublicKey == key.rawPublicKey)
        let message = Array("v3|payload".utf8)
        let signature = key.sign(message)
        #expect(signature.count == 64)
        #expect(Ed25519.verify(signature: signature, of: message, publicKey: restored.rawPublicKey))
        #expect(!Ed25519.verify(signature: signature, of: message, publicKey: other.rawPublicKey))
        var flipped = signature
        flipped[10] ^= 1
        #expect(!Ed25519.verify(signature: flipped, of: message, publicKey: key.rawPublicKey))
        #expect(!Ed25519.verify(signature: signature, of: message, publicKey: Array(key.rawPublicKey.prefix(31))))
        #expect(!Ed25519.verify(signature: Array(signature.prefix(63)), of: message, publicKey: key.rawPublicKey))
    }

    @Test func refusesASeedOfTheWrongLength() {
        #expect(throws: ClawPairError(.deviceKeyInvalid, "")) { _ = try Ed25519KeyPair(rawPrivateSeed: [1, 2, 3]) }
    }

    /// `openssl pkeyutl -verify -rawin` on a PEM SubjectPublicKeyInfo we write: an
    /// independent verifier of our signatures over a real v3 payload.
    @Test func opensslVerifiesOurSignature() throws {
        let key = try Ed25519KeyPair.generate()
        let identity = DeviceIdentity(keyPair: key)
        let payload = DeviceAuthPayload(
            version: .v3, deviceId: identity.deviceId, clientId: "openclaw-linux", clientMode: "node", role: "node", scopes: [],
            signedAtMs: 1_700_000_000_000, token: "boot", nonce: "n-1", platform: "linux", deviceFamily: "İOS")
        let signature = key.sign(payload.bytes)
        let directory = try TLSTestDirectory()
        // RFC 8410 SubjectPublicKeyInfo for Ed25519: a fixed 12-byte DER prefix, then the key.
        let spki = Data([0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00] + key.rawPublicKey)
        _ = try directory.write("-----BEGIN PUBLIC KEY-----\n\(spki.base64EncodedString())\n-----END PUBLIC KEY-----\n", to: "pub.pem")
        try Data(payload.bytes).write(to: URL(fileURLWithPath: directory.path + "/message"))
        try Data(signature).write(to: URL(fileURLWithPath: directory.path + "/signature"))
        try Data(payload.bytes + [0x21]).write(to: URL(fileURLWithPath: directory.path + "/other"))
        let verify = "openssl pkeyutl -verify -pubin -inkey pub.pem -rawin -sigfile signature -in"
        try TLSTestTool.run("/bin/sh", ["-c", "cd \"$1\" && \(verify) message", "sh", directory.path])
        // The same verifier refuses a different message, so the check above could fail.
        #expect(throws: TLSTestToolError.self) {
            try TLSTestTool.run("/bin/sh", ["-c", "cd \"$1\" && \(verify) other", "sh", directory.path])
        }
    }

    /// A key and a signature made by `openssl`: our public-key derivation from its seed
    /// and our verify agree with it.
    @Test func weVerifyOpensslsSignature() throws {
        let directory = try TLSTestDirectory()
        let message = Array("v2|dev|openclaw-linux|ui|operator|operator.read|1|tok|nonce".utf8)
        try Data(message).write(to: URL(fileURLWithPath: directory.path + "/message"))
        try TLSTestTool.run(
            "/bin/sh",
            [
                "-c",
                """
                cd "$1" && openssl genpkey -algorithm ed25519 -out key.pem \
                && openssl pkey -in key.pem -outform DER -out key.der \
                && openssl pkey -in key.pem -pubout -outform DER -out pub.der \
                && openssl pkeyutl -sign -inkey key.pem -rawin -in message -out signature
                """,
                "sh", directory.path,
            ])
        func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: directory.path + "/" + name))) }
        // PKCS#8 and SPKI DER for Ed25519 end with the 32-byte seed and key.
        let seed = Array(try bytes("key.der").suffix(32))
        let publicKey = Array(try bytes("pub.der").suffix(32))
        let signature = try bytes("signature")
        #expect(try Ed25519KeyPair(rawPrivateSeed: seed).rawPublicKey == publicKey)
        #expect(Ed25519.verify(signature: signature, of: message, publicKey: publicKey))
        #expect(!Ed25519.verify(signature: signature, of: message + [0], publicKey: publicKey))
        // Ed25519 is deterministic: our signature with the same seed is openssl's.
        #expect(try Ed25519KeyPair(rawPrivateSeed: seed).sign(message) == signature)
    }
}

@Suite struct DeviceIdentityTests {
    @Test func signsAndVerifiesAConnectLikeAGateway() throws {
        let identity = DeviceIdentity(keyPair: try Ed25519KeyPair.generate())
        let params = ConnectParams(
            minProtocol: 3, maxProtocol: 4,
            client: ConnectClientInfo(id: "openclaw-linux", version: "1", platform: "linux", mode: "node"),
            role: "node", scopes: [], auth: .bootstrapToken(Secret("b")), device: nil)
        let challenge = ConnectChallenge(nonce: "n-9", ts: 1234)
        for version in DeviceAuthPayload.Version.allCases {
            let signed = try identity.signing(params, challenge: challenge, version: version)
            let device = try #require(signed.device)
            #expect(device.id == identity.deviceId)
            #expect(device.nonce == "n-9")
            #expect(device.signedAt == 1234)
            #expect(DeviceIdentity.verify(device, payload: try DeviceAuthPayload(version: version, params: signed)) == nil)
            // The other version's payload does not verify: the version is part of what is signed.
            let other: DeviceAuthPayload.Version = version == .v2 ? .v3 : .v2
            #expect(DeviceIdentity.verify(device, payload: try DeviceAuthPayload(version: other, params: signed)) == .signatureInvalid)
            var wrongId = device
            wrongId.id = String(repeating: "0", count: 64)
            #expect(DeviceIdentity.verify(wrongId, payload: try DeviceAuthPayload(version: version, params: signed)) == .deviceIdMismatch)
            var badKey = device
            badKey.publicKey = "AAAA"
            #expect(DeviceIdentity.verify(badKey, payload: try DeviceAuthPayload(version: version, params: signed)) == .publicKeyInvalid)
        }
    }
}
