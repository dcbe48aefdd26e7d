import ClawPairKit
import ClawPairWire
import Foundation
import Testing

/// RS256 verification (OpenSSL) and the NaCl box (libsodium) against known answers made by
/// independent implementations: Fixtures/access-vectors.json, from access-vectors.py
/// (Python `cryptography` and PyNaCl).
@Suite struct AccessCryptoTests {
    struct Vectors {
        let json: JSONValue
        subscript(_ name: String) -> String { json[name]!.stringValue! }
    }

    static let vectors: Vectors = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/access-vectors.json").path
        let bytes = Array(FileManager.default.contents(atPath: path)!)
        return Vectors(json: try! JSONParser.parse(bytes))
    }()

    static func keys() throws -> AccessSigningKeys {
        try AccessSigningKeys(json: Array(vectors.json["jwks"]!.serialized().utf8))
    }

    @Test func verifiesAnRS256TokenOfAnotherImplementation() throws {
        let token = try JSONWebToken(Self.vectors["token"], what: "the vector")
        let key = try Self.keys().key(for: token.keyID)
        #expect(try RS256Verifier.verify(signature: token.signature, of: token.signingInput, key: key))
        var tampered = token.signature
        tampered[17] ^= 1
        #expect(try !RS256Verifier.verify(signature: tampered, of: token.signingInput, key: key))
        #expect(try !RS256Verifier.verify(signature: token.signature, of: token.signingInput + [0x20], key: key))
        let otherKey = AccessSigningKeys.Key(keyID: key.keyID, modulus: [0xC3] + key.modulus.dropFirst(), exponent: key.exponent)
        #expect(try !RS256Verifier.verify(signature: token.signature, of: token.signingInput, key: otherKey))
    }

    static func keyPair() throws -> NaClBoxKeyPair {
        try NaClBoxKeyPair(
            publicKey: try AccessTransferEnvelope.publicKey(vectors["clientPublicKey"], what: "k"),
            secretKey: StrictBase64.decode(vectors["clientSecretKey"], .urlPadded)!)
    }

    @Test func opensAPyNaClEnvelope() throws {
        let envelope = try AccessTransferEnvelope(body: Array(Self.vectors["body"].utf8), servicePublicKey: Self.vectors["servicePublicKey"])
        let plaintext = try Self.keyPair().open(envelope)
        #expect(String(decoding: plaintext, as: UTF8.self) == Self.vectors["plaintext"])
        #expect(try AccessTransferEnvelope.appToken(plaintext: plaintext) == Self.vectors["token"])
    }

    @Test func refusesATamperedEnvelope() throws {
        var raw = StrictBase64.decode(Self.vectors["body"], .standardPadded)!
        for index in [0, 24, 30, raw.count - 1] {
            raw[index] ^= 0x01
            let body = Array(StrictBase64.encode(raw, .standardPadded).utf8)
            let envelope = try AccessTransferEnvelope(body: body, servicePublicKey: Self.vectors["servicePublicKey"])
            #expect(throws: ClawPairError(.accessEnvelopeInvalid, "")) { try Self.keyPair().open(envelope) }
            raw[index] ^= 0x01
        }
    }

    @Test func freshKeyPairsDiffer() throws {
        let one = try NaClBoxKeyPair()
        let two = try NaClBoxKeyPair()
        #expect(one.publicKey.count == 32 && one.publicKey != two.publicKey)
        #expect(StrictBase64.encode(one.publicKey, .urlPadded).count == 44)
    }
}
