import Testing
@testable import ClawPairWire

@Suite struct WebSocketMaskKeyTests {
    @Test func masksAndUnmasksWithTheSameOperation() {
        var payload = WebSocketFixtures.hello
        WebSocketFixtures.rfcKey.apply(to: &payload)
        #expect(payload == [0x7F, 0x9F, 0x4D, 0x51, 0x58])
        WebSocketFixtures.rfcKey.apply(to: &payload)
        #expect(payload == WebSocketFixtures.hello)
    }

    @Test func keyForms() {
        #expect(WebSocketMaskKey(0x37FA_213D) == WebSocketFixtures.rfcKey)
        #expect(WebSocketFixtures.rfcKey.bytes == [0x37, 0xFA, 0x21, 0x3D])
        #expect(WebSocketMaskKey([1, 2, 3]) == nil)
        #expect(WebSocketMaskKey([1, 2, 3, 4, 5]) == nil)
        #expect("\(WebSocketMaskKey(0x0A0B_0C0D))" == "0a 0b 0c 0d")
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 7, 8, 9, 1000])
    func everyLengthMasksBytePerByte(length: Int) {
        let plain = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
        var masked = plain
        WebSocketFixtures.rfcKey.apply(to: &masked)
        let key = WebSocketFixtures.rfcKey.bytes
        #expect(masked == plain.enumerated().map { $0.element ^ key[$0.offset % 4] })
    }
}
