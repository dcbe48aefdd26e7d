import Testing
@testable import ClawPairWire

@Suite struct WebSocketFrameEncoderTests {
    typealias F = WebSocketFixtures

    @Test func rfc6455Examples() {
        #expect(WebSocketFrame.text("Hello").encoded() == F.unmaskedHello)
        #expect(WebSocketFrame.text("Hello", maskKey: F.rfcKey).encoded() == F.maskedHello)
        #expect(WebSocketFrame(fin: false, opcode: .text, payload: Array("Hel".utf8)).encoded() == F.fragmentedHello[0])
        #expect(WebSocketFrame(opcode: .continuation, payload: Array("lo".utf8)).encoded() == F.fragmentedHello[1])
        #expect(WebSocketFrame(opcode: .ping, payload: F.hello).encoded() == F.unmaskedPing)
        #expect(WebSocketFrame(opcode: .pong, maskKey: F.rfcKey, payload: F.hello).encoded() == F.maskedPong)
        #expect(WebSocketFrame(opcode: .binary, payload: F.binary256Payload).encoded() == F.binary256)
        #expect(WebSocketFrame(opcode: .binary, payload: F.binary64KiBPayload).encoded() == F.binary64KiB)
    }

    @Test(arguments: [(0, 2), (125, 2), (126, 4), (65535, 4), (65536, 10)])
    func usesTheShortestLengthForm(length: Int, headerSize: Int) {
        let encoded = WebSocketFrame(opcode: .binary, payload: [UInt8](repeating: 0, count: length)).encoded()
        #expect(encoded.count == headerSize + length)
        let masked = WebSocketFrame(opcode: .binary, maskKey: F.rfcKey, payload: [UInt8](repeating: 0, count: length)).encoded()
        #expect(masked.count == headerSize + 4 + length)
        #expect(masked[1] & 0x80 == 0x80)
    }

    @Test func writesReservedBitsAndOpcodesAsGiven() {
        let frame = WebSocketFrame(fin: false, rsv1: true, rsv2: false, rsv3: true, opcode: WebSocketOpcode(encodedWebSocketOpcode: 0xB)!)
        #expect(frame.encoded() == [0x5B, 0x00])
    }

    @Test func closeFrames() {
        let close = WebSocketFrame.close(WebSocketClosePayload(code: .normalClosure, reason: "bye"), maskKey: F.rfcKey)
        var payload: [UInt8] = [0x03, 0xE8] + Array("bye".utf8)
        F.rfcKey.apply(to: &payload)
        #expect(close.encoded() == [0x88, 0x85, 0x37, 0xFA, 0x21, 0x3D] + payload)
        #expect(WebSocketFrame.close(WebSocketClosePayload(code: nil)).encoded() == [0x88, 0x00])
    }

    @Test func appendsToABuffer() {
        var output: [UInt8] = [0xAA]
        WebSocketFrameEncoder.encode(.text("Hello"), into: &output)
        #expect(output == [0xAA] + F.unmaskedHello)
    }
}
