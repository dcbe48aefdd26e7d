import Testing
@testable import ClawPairWire

@Suite struct WebSocketUTF8ValidatorTests {
    @Test(arguments: ["", "hello", "caf\u{e9}", "\u{20AC}", "\u{10FFFF}", "\u{D7FF}\u{E000}", "\u{1F980} claw"])
    func acceptsValidText(text: String) {
        #expect(WebSocketUTF8Validator.isValid(Array(text.utf8)))
    }

    @Test(arguments: [
        [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
        [0xED, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFE], [0xFF],
        [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0xA6], [0xC3, 0x41],
    ] as [[UInt8]])
    func rejectsInvalidBytes(bytes: [UInt8]) {
        #expect(!WebSocketUTF8Validator.isValid(bytes))
        // The standard library agrees.
        #expect(String(validating: bytes, as: UTF8.self) == nil)
    }

    @Test func agreesWithTheStandardLibraryOnEverySplit() {
        let text = Array("a\u{e9}\u{20AC}\u{1F980}z".utf8)
        for split in 0...text.count {
            var validator = WebSocketUTF8Validator()
            let first = validator.validate(text[..<split])
            let second = validator.validate(text[split...])
            #expect(first && second && validator.isComplete)
        }
    }

    @Test func failureSticks() {
        var validator = WebSocketUTF8Validator()
        let first = validator.validate([0xFF])
        let second = validator.validate([0x41])
        #expect(!first && !second)
        #expect(!validator.isComplete)
    }
}
