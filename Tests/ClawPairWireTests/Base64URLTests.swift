import Testing
@testable import ClawPairWire

@Suite struct Base64URLTests {
    // RFC 4648 §10 vectors, unpadded.
    @Test(arguments: [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy")])
    func rfc4648Vectors(plain: String, encoded: String) {
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(Base64URL.decode(encoded) == Array(plain.utf8))
    }

    @Test func urlSafeAlphabet() {
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(Base64URL.decode("-_-_") == [0xFB, 0xFF, 0xBF])
        #expect(Base64URL.decode("+/+/") == [0xFB, 0xFF, 0xBF])
    }

    @Test(arguments: ["Zg=", "Z", "Zm9v=", "Zg===", "Zh", "Zm9v!", "Z=g="])
    func rejectsMalformed(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }
}
