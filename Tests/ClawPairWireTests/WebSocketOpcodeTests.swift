import Testing
@testable import ClawPairWire

@Suite struct WebSocketOpcodeTests {
    @Test func knownOpcodes() {
        #expect(WebSocketOpcode.continuation.encodedValue == 0)
        #expect(WebSocketOpcode.text.encodedValue == 1)
        #expect(WebSocketOpcode.binary.encodedValue == 2)
        #expect(WebSocketOpcode.connectionClose.encodedValue == 8)
        #expect(WebSocketOpcode.ping.encodedValue == 9)
        #expect(WebSocketOpcode.pong.encodedValue == 10)
        #expect(WebSocketOpcode(encodedWebSocketOpcode: 1) == .text)
        #expect("\(WebSocketOpcode.connectionClose)" == "close")
    }

    @Test func reservedOpcodesStayRepresentable() throws {
        for value: UInt8 in [3, 4, 5, 6, 7, 0xB, 0xC, 0xD, 0xE, 0xF] {
            let opcode = try #require(WebSocketOpcode(encodedWebSocketOpcode: value))
            #expect(opcode.isReserved)
            #expect(opcode.encodedValue == value)
            #expect(opcode.isControl == (value >= 8))
        }
        #expect("\(WebSocketOpcode(encodedWebSocketOpcode: 0xB)!)" == "reserved(0xB)")
        #expect(!WebSocketOpcode.ping.isReserved && WebSocketOpcode.ping.isControl)
        #expect(!WebSocketOpcode.text.isControl)
    }

    @Test func valuesPastFourBitsDoNotExist() {
        #expect(WebSocketOpcode(encodedWebSocketOpcode: 0x10) == nil)
        #expect(WebSocketOpcode(encodedWebSocketOpcode: 0xFF) == nil)
    }
}
