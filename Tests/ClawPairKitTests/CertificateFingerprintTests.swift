import Testing

@testable import ClawPairKit

@Suite struct CertificateFingerprintTests {
    static let hex = "f3ff08823c7f68380c1e0376012602305a191a7317f60b3517c793c0c882c2da"
    static let colons = "F3:FF:08:82:3C:7F:68:38:0C:1E:03:76:01:26:02:30:5A:19:1A:73:17:F6:0B:35:17:C7:93:C0:C8:82:C2:DA"

    /// Every spelling spec/routes-and-tls.md's normaliser must accept.
    @Test(arguments: [
        hex,
        hex.uppercased(),
        colons,
        "  \(hex)\n",
        "sha256:\(hex)",
        "SHA256:\(colons)",
        "sha256 \(hex)",
        "sha256: \(colons)",
        "sha-256:\(hex)",
        "SHA-256 : \(hex)",
        "\tSha256:  \(hex) ",
        // Non-hex characters anywhere are dropped.
        "f3ff0882 3c7f6838 0c1e0376 01260230 5a191a73 17f60b35 17c793c0 c882c2da",
        "f3-ff-08-82-3c-7f-68-38-0c-1e-03-76-01-26-02-30-5a-19-1a-73-17-f6-0b-35-17-c7-93-c0-c8-82-c2-da",
    ])
    func normalises(_ input: String) {
        #expect(CertificateFingerprint(normalizing: input)?.hex == Self.hex)
    }

    @Test(arguments: [
        "",
        "sha256:",
        String(hex.dropLast()),  // 63 digits
        hex + "0",  // 65
        // The prefix is dropped only at the start; "sha256" later keeps its hex digits a, 2, 5, 6.
        "\(hex)sha256",
        // openssl's own line keeps "Fingerprint=": f and e are hex digits, so 66 digits.
        "sha256 Fingerprint=\(colons)",
        // A hex digit hidden in a non-ASCII letter does not count.
        String(hex.dropLast()) + "é",
    ])
    func rejects(_ input: String) {
        #expect(CertificateFingerprint(normalizing: input) == nil)
    }

    @Test func fromADigest() {
        let digest = SHA256.hash(Array("abc".utf8))
        let fingerprint = CertificateFingerprint(sha256: digest)
        #expect(fingerprint.hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(CertificateFingerprint(derCertificate: Array("abc".utf8)) == fingerprint)
        #expect(fingerprint.description == fingerprint.hex)
    }

    @Test func colonSeparatedMatchesOpenSSLsPrinting() {
        #expect(CertificateFingerprint(normalizing: Self.hex)?.colonSeparated == Self.colons)
    }
}
