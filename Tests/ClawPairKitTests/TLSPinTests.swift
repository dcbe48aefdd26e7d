import Foundation
import Testing

@testable import ClawPairKit

@Suite struct TLSPinTests {
    static let spki = "o+HySEIlqEzd/KYtvrFw3xgNypcGqk+tJRjyhuku4Ks="
    static let hex = "f3ff08823c7f68380c1e0376012602305a191a7317f60b3517c793c0c882c2da"

    @Test func curlStylePinsArePublicKeyPins() {
        #expect(TLSPin(parsing: "sha256//\(Self.spki)") == .publicKey(Self.spki))
        #expect(TLSPin(parsing: "  SHA256//\(Self.spki)\n") == .publicKey(Self.spki))
        // Without padding, or in the URL-safe alphabet: the same 32 bytes, stored canonically.
        #expect(TLSPin(parsing: "sha256//\(Self.spki.dropLast())") == .publicKey(Self.spki))
        let urlSafe = Self.spki.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        #expect(TLSPin(parsing: "sha256//\(urlSafe)") == .publicKey(Self.spki))
    }

    @Test(arguments: ["sha256//", "sha256//AAAA", "sha256//\(spki)AAAA", "sha256//not base64!"])
    func badPublicKeyPinsAreRejected(_ input: String) {
        #expect(TLSPin(parsing: input) == nil)
    }

    @Test func everythingElseIsACertificateFingerprint() {
        #expect(TLSPin(parsing: "SHA256:\(Self.hex.uppercased())") == .certificate(Self.hex))
        #expect(TLSPin(parsing: "sha256/\(Self.hex)") == .certificate(Self.hex))
        #expect(TLSPin(parsing: "not a pin") == nil)
    }

    @Test func textAndKind() {
        #expect(TLSPin.certificate(Self.hex).text == Self.hex)
        #expect(TLSPin.certificate(Self.hex).kind == "certificate")
        #expect(TLSPin.publicKey(Self.spki).text == "sha256//\(Self.spki)")
        #expect(TLSPin.publicKey(Self.spki).kind == "public key")
        #expect(TLSPin(parsing: TLSPin.publicKey(Self.spki).text) == .publicKey(Self.spki))
    }

    @Test func fromASubjectPublicKeyInfo() {
        // SHA-256("abc") in base64.
        #expect(TLSPin(subjectPublicKeyInfo: Array("abc".utf8)) == .publicKey("ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="))
    }
}
