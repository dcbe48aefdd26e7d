import Testing
@testable import ClawPairWire

@Suite struct GatewayTXTRecordDataTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func splitsLengthPrefixedStrings() {
        // "Küche" is 6 bytes of UTF-8: lengths count bytes, not characters.
        let rdata: [UInt8] = [12] + bytes("role=gateway") + [18] + bytes("displayName=Küche")
        #expect(GatewayTXT.characterStrings(in: rdata) == [bytes("role=gateway"), bytes("displayName=Küche")])
    }

    @Test func emptyRecordHasNoStrings() {
        #expect(GatewayTXT.characterStrings(in: [UInt8]()) == [])
        // RFC 6763 §6.1: "no keys" is one empty string.
        #expect(GatewayTXT.characterStrings(in: [0]) == [])
        #expect(GatewayTXT.characterStrings(in: [0, 0, 1, 0x61, 0]) == [[0x61]])
    }

    @Test(arguments: [
        // A length past the end: the string is dropped, the ones before it are kept.
        ([3, 0x61, 0x62, 0x63, 200, 0x64], [[0x61, 0x62, 0x63]]),
        ([255], []),
        ([1], []),
        ([2, 0x61], []),
        ([1, 0x61, 2, 0x62], [[0x61]]),
    ] as [([UInt8], [[UInt8]])])
    func neverReadsPastTheEnd(rdata: [UInt8], expected: [[UInt8]]) {
        #expect(GatewayTXT.characterStrings(in: rdata) == expected)
    }

    @Test func keepsBytesThatAreNotUTF8OrPrintable() {
        let hostile: [UInt8] = [6, 0xFF, 0xFE, 0x00, 0x1B, 0x5B, 0x32]
        #expect(GatewayTXT.characterStrings(in: hostile) == [[0xFF, 0xFE, 0x00, 0x1B, 0x5B, 0x32]])
    }

    @Test func acceptsAFullLengthString() {
        let long = [UInt8](repeating: 0x78, count: 255)
        #expect(GatewayTXT.characterStrings(in: [255] + long + [1, 0x79]) == [long, [0x79]])
    }

    @Test func worksOnSlicesWithNonZeroStartIndex() {
        let buffer: [UInt8] = [9, 9, 2, 0x61, 0x62, 5]
        #expect(GatewayTXT.characterStrings(in: buffer[2...]) == [[0x61, 0x62]])
    }

    @Test func parsesRecordDataIntoEntries() {
        let rdata: [UInt8] = [12] + bytes("role=gateway") + [0] + [200, 0x61]
        #expect(GatewayTXT(rdata: rdata) == GatewayTXT(strings: [bytes("role=gateway")]))
    }

    @Test func survivesRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let count = Int.random(in: 0..<64, using: &generator)
            let rdata = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let strings = GatewayTXT.characterStrings(in: rdata)
            // Every string came from the input with its own length byte: never more bytes out than in.
            #expect(strings.reduce(0) { $0 + $1.count + 1 } <= rdata.count)
            #expect(strings.allSatisfy { !$0.isEmpty && $0.count <= 255 })
        }
    }
}
