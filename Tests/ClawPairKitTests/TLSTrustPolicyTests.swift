import Testing

@testable import ClawPairKit

/// The pin policy of spec/routes-and-tls.md as a table: peer facts + pin + clock → verdict.
@Suite struct TLSTrustPolicyTests {
    static let leafHex = "8aba868db8ad247f8fc8e464f9cee4f63ccf79fbf809fd3548ebffc546f62502"
    static let otherHex = "f3ff08823c7f68380c1e0376012602305a191a7317f60b3517c793c0c882c2da"
    static let leafKey = "9tnmKXWekkKVZijfAymEu3OXULz0IM0FRwhTVMp+GZw="
    static let otherKey = "o+HySEIlqEzd/KYtvrFw3xgNypcGqk+tJRjyhuku4Ks="
    /// 2026-01-01T00:00:00Z
    static let now: Int64 = 1_767_225_600
    static let day: Int64 = 86_400

    /// A peer that passes everything unless told otherwise.
    static func peer(
        trusted: Bool = true, nameMatches: Bool = true, notBefore: Int64 = now - 30 * day, notAfter: Int64 = now + 30 * day
    ) -> TLSPeerCertificate {
        TLSPeerCertificate(
            serverName: "gateway.test", fingerprint: CertificateFingerprint(normalizing: leafHex)!, publicKeySHA256: leafKey,
            subject: "CN=gateway.test", issuer: trusted ? "CN=Some Root" : "CN=gateway.test",
            notBefore: notBefore, notAfter: notAfter, systemTrusted: trusted, hostnameMatched: nameMatches,
            verifyError: trusted ? nil : "self-signed certificate (depth 0)", protocolVersion: "TLSv1.3",
            cipher: "TLS_AES_256_GCM_SHA384")
    }

    static func rejection(_ decision: TLSTrustPolicy.Decision) -> ClawPairError? {
        if case .rejected(let error) = decision { return error }
        return nil
    }

    // MARK: 1. A known pin decides alone

    /// Whatever system trust, the name or the dates say.
    @Test(arguments: [
        peer(),
        peer(trusted: false),
        peer(nameMatches: false),
        peer(notAfter: now - day),
        peer(notBefore: now + day),
        peer(trusted: false, nameMatches: false, notAfter: now - day),
    ])
    func aMatchingPinAcceptsAnyPeer(_ peer: TLSPeerCertificate) {
        #expect(TLSTrustPolicy.evaluate(peer, pin: .certificate(Self.leafHex), now: Self.now) == .accepted(.pinnedCertificate))
        #expect(TLSTrustPolicy.evaluate(peer, pin: .publicKey(Self.leafKey), now: Self.now) == .accepted(.pinnedPublicKey))
    }

    @Test(arguments: [peer(), peer(trusted: false)])
    func aDifferentCertificatePinFailsEvenOnATrustedChain(_ peer: TLSPeerCertificate) throws {
        let error = try #require(Self.rejection(TLSTrustPolicy.evaluate(peer, pin: .certificate(Self.otherHex), now: Self.now)))
        #expect(error.code == .tlsPinMismatch)
        #expect(error.code.category == .trust)
        #expect(error.message.contains("certificate"))
        #expect(error.message.contains("expected \(Self.otherHex), got \(Self.leafHex)"))
        #expect(error.remedy?.contains("openssl x509 -noout -fingerprint -sha256") == true)
    }

    @Test func aDifferentPublicKeyPinSaysSo() throws {
        let error = try #require(Self.rejection(TLSTrustPolicy.evaluate(Self.peer(), pin: .publicKey(Self.otherKey), now: Self.now)))
        #expect(error.code == .tlsPinMismatch)
        #expect(error.message.contains("public key"))
        #expect(error.message.contains("expected sha256//\(Self.otherKey), got sha256//\(Self.leafKey)"))
    }

    @Test func pinsAreComparedNormalised() {
        let peer = Self.peer(trusted: false)
        #expect(TLSTrustPolicy.evaluate(peer, pin: .certificate(Self.leafHex.uppercased()), now: Self.now) == .accepted(.pinnedCertificate))
        #expect(TLSTrustPolicy.evaluate(peer, pin: .publicKey(String(Self.leafKey.dropLast())), now: Self.now) == .accepted(.pinnedPublicKey))
        // A malformed pin matches nothing.
        #expect(Self.rejection(TLSTrustPolicy.evaluate(peer, pin: .certificate("zz"), now: Self.now))?.code == .tlsPinMismatch)
        #expect(Self.rejection(TLSTrustPolicy.evaluate(peer, pin: .publicKey("!"), now: Self.now))?.code == .tlsPinMismatch)
    }

    // MARK: 2. No pin: system trust, then the name, then the dates

    @Test func aTrustedValidMatchingPeerIsAccepted() {
        #expect(TLSTrustPolicy.evaluate(Self.peer(), pin: nil, now: Self.now) == .accepted(.systemTrust))
    }

    @Test(arguments: [
        (peer(trusted: false), ClawPairError.Code.tlsUntrusted),
        (peer(trusted: false, nameMatches: false), .tlsUntrusted),
        (peer(trusted: false, notAfter: now - day), .tlsUntrusted),
        (peer(nameMatches: false), .tlsNameMismatch),
        (peer(nameMatches: false, notAfter: now - day), .tlsNameMismatch),
        (peer(notAfter: now - day), .tlsExpired),
        (peer(notBefore: now + day), .tlsExpired),
        (peer(notAfter: now - 1), .tlsExpired),
    ])
    func failuresInOrder(peer: TLSPeerCertificate, code: ClawPairError.Code) {
        #expect(Self.rejection(TLSTrustPolicy.evaluate(peer, pin: nil, now: Self.now))?.code == code)
    }

    /// RFC 5280 §4.1.2.5: both ends of the validity period are inside it.
    @Test func validityBoundsAreInclusive() {
        #expect(TLSTrustPolicy.evaluate(Self.peer(notAfter: Self.now), pin: nil, now: Self.now) == .accepted(.systemTrust))
        #expect(TLSTrustPolicy.evaluate(Self.peer(notBefore: Self.now), pin: nil, now: Self.now) == .accepted(.systemTrust))
    }

    @Test func untrustedNamesTheFingerprintForOutOfBandChecks() throws {
        let error = try #require(Self.rejection(TLSTrustPolicy.evaluate(Self.peer(trusted: false), pin: nil, now: Self.now)))
        #expect(error.message.contains(Self.leafHex))
        #expect(error.message.contains("self-signed certificate"))
        #expect(error.remedy?.contains("8A:BA:86:8D") == true)
        #expect(error.remedy?.contains("--trust \(Self.leafHex)") == true)
    }

    @Test func expiryMessagesGiveTheDates() throws {
        let expired = try #require(Self.rejection(TLSTrustPolicy.evaluate(Self.peer(notAfter: Self.now - Self.day), pin: nil, now: Self.now)))
        #expect(expired.message.contains("expired at 2025-12-31T00:00:00Z"))
        #expect(expired.message.contains("now 2026-01-01T00:00:00Z"))
        let early = try #require(Self.rejection(TLSTrustPolicy.evaluate(Self.peer(notBefore: Self.now + Self.day), pin: nil, now: Self.now)))
        #expect(early.message.contains("not valid until 2026-01-02T00:00:00Z"))
    }
}
