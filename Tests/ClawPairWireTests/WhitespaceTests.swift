import Testing
@testable import ClawPairWire

@Suite struct WhitespaceTests {
    @Test func theASCIIFastPathAgreesWithUnicodesWhiteSpaceProperty() {
        for value in 0..<0x80 {
            let scalar = Unicode.Scalar(UInt8(value))
            #expect(scalar.isWhitespace == scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
        }
    }

    @Test func runsOfAnyWhitespaceBecomeOneSpace() {
        #expect(" \tStudio\u{A0}\u{A0}(OpenClaw)\r\n".collapsingWhitespace() == "Studio (OpenClaw)")
        #expect("\u{2003}Büro\u{85}Mac\u{3000}".collapsingWhitespace() == "Büro Mac")
        #expect(" \n\t ".collapsingWhitespace() == "")
    }
}
