import Testing
@testable import ClawPairWire

@Suite struct WebSocketMessageAssemblerTests {
    static func frame(_ opcode: WebSocketOpcode, _ payload: [UInt8], fin: Bool = true) -> WebSocketFrame {
        WebSocketFrame(fin: fin, opcode: opcode, payload: payload)
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func reassemblesTheRFCFragmentedHello() throws {
        var assembler = WebSocketMessageAssembler()
        var parser = WebSocketFrameParser(role: .client)
        parser.append(WebSocketFixtures.fragmentedHello.joined())
        var messages: [WebSocketMessage] = []
        while let frame = try parser.nextFrame() {
            if let message = try assembler.append(frame) { messages.append(message) }
        }
        #expect(messages == [.text("Hello")])
    }

    @Test func controlFramesMayInterleave() throws {
        var assembler = WebSocketMessageAssembler()
        #expect(try assembler.append(Self.frame(.binary, [1, 2], fin: false)) == nil)
        #expect(assembler.isAssembling)
        #expect(try assembler.append(Self.frame(.ping, [9])) == .ping([9]))
        #expect(try assembler.append(Self.frame(.continuation, [3], fin: false)) == nil)
        #expect(try assembler.append(Self.frame(.pong, [])) == .pong([]))
        #expect(try assembler.append(Self.frame(.continuation, [4])) == .binary([1, 2, 3, 4]))
        #expect(!assembler.isAssembling)
        #expect(try assembler.append(Self.frame(.text, Self.bytes("{\"type\":\"event\"}"))) == .text("{\"type\":\"event\"}"))
    }

    @Test func emptyFragmentsAndMessages() throws {
        var assembler = WebSocketMessageAssembler()
        #expect(try assembler.append(Self.frame(.text, [])) == .text(""))
        #expect(try assembler.append(Self.frame(.text, [], fin: false)) == nil)
        #expect(try assembler.append(Self.frame(.continuation, [], fin: false)) == nil)
        #expect(try assembler.append(Self.frame(.continuation, [])) == .text(""))
    }

    @Test func continuationRules() {
        var assembler = WebSocketMessageAssembler()
        #expect(throws: WebSocketProtocolError(.unexpectedContinuation, "")) { try assembler.append(Self.frame(.continuation, [1])) }
        var fragmented = WebSocketMessageAssembler()
        #expect(throws: Never.self) { try fragmented.append(Self.frame(.text, [0x41], fin: false)) }
        #expect(throws: WebSocketProtocolError(.expectedContinuation, "")) { try fragmented.append(Self.frame(.binary, [1])) }
    }

    @Test func reservedOpcodesAndBitsFail() {
        var assembler = WebSocketMessageAssembler()
        #expect(throws: WebSocketProtocolError(.unknownOpcode, "")) {
            try assembler.append(WebSocketFrame(opcode: WebSocketOpcode(encodedWebSocketOpcode: 3)!))
        }
        #expect(throws: WebSocketProtocolError(.unknownOpcode, "")) {
            try assembler.append(WebSocketFrame(opcode: WebSocketOpcode(encodedWebSocketOpcode: 0xB)!))
        }
        #expect(throws: WebSocketProtocolError(.reservedBitsSet, "")) {
            try assembler.append(WebSocketFrame(rsv1: true, opcode: .text, payload: [0x41]))
        }
    }

    @Test func controlFrameRulesHoldForFramesFromAnywhere() {
        var assembler = WebSocketMessageAssembler()
        #expect(throws: WebSocketProtocolError(.fragmentedControlFrame, "")) { try assembler.append(Self.frame(.ping, [], fin: false)) }
        #expect(throws: WebSocketProtocolError(.controlFrameTooLarge, "")) {
            try assembler.append(Self.frame(.pong, [UInt8](repeating: 0, count: 126)))
        }
    }

    @Test(arguments: [
        [0xC0, 0x80],  // overlong NUL
        [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
        [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
        [0xFF],
        [0x41, 0xE2, 0x82],  // cut inside a character at the end of the message
    ] as [[UInt8]])
    func badUTF8TextClosesWith1007(payload: [UInt8]) {
        var assembler = WebSocketMessageAssembler()
        do {
            _ = try assembler.append(Self.frame(.text, payload))
            Issue.record("accepted \(payload)")
        } catch {
            #expect(error.code == .invalidUTF8)
            #expect(error.closeCode == .invalidFramePayloadData)
        }
    }

    @Test func utf8SplitAcrossFragmentsIsFineAndBadBytesFailEarly() throws {
        let euro: [UInt8] = [0xE2, 0x82, 0xAC]
        var assembler = WebSocketMessageAssembler()
        #expect(try assembler.append(Self.frame(.text, [0x41, euro[0]], fin: false)) == nil)
        #expect(try assembler.append(Self.frame(.continuation, [euro[1]], fin: false)) == nil)
        #expect(try assembler.append(Self.frame(.continuation, [euro[2], 0x42])) == .text("A\u{20AC}B"))
        // The first fragment that makes the text invalid fails, before the message ends.
        var early = WebSocketMessageAssembler()
        #expect(try early.append(Self.frame(.text, [0x41], fin: false)) == nil)
        #expect(throws: WebSocketProtocolError(.invalidUTF8, "")) { try early.append(Self.frame(.continuation, [0xC0], fin: false)) }
        // Binary messages are not checked.
        var binary = WebSocketMessageAssembler()
        #expect(try binary.append(Self.frame(.binary, [0xFF])) == .binary([0xFF]))
    }

    @Test func messageSizeLimitClosesWith1009() throws {
        var assembler = WebSocketMessageAssembler(maximumMessageSize: 4)
        #expect(try assembler.append(Self.frame(.binary, [1, 2, 3, 4])) == .binary([1, 2, 3, 4]))
        #expect(try assembler.append(Self.frame(.binary, [1, 2], fin: false)) == nil)
        #expect(try assembler.append(Self.frame(.continuation, [3], fin: false)) == nil)
        do {
            _ = try assembler.append(Self.frame(.continuation, [4, 5]))
            Issue.record("accepted")
        } catch {
            #expect(error.code == .messageTooBig)
            #expect(error.closeCode == .messageTooBig)
        }
        var single = WebSocketMessageAssembler(maximumMessageSize: 4)
        #expect(throws: WebSocketProtocolError(.messageTooBig, "")) { try single.append(Self.frame(.text, Self.bytes("hello"))) }
    }

    @Test func closeEndsTheStream() throws {
        var assembler = WebSocketMessageAssembler()
        #expect(try assembler.append(Self.frame(.text, [0x41], fin: false)) == nil)
        let close = try assembler.append(Self.frame(.connectionClose, [0x03, 0xF0] + Self.bytes("pairing required (requestId: r1)")))
        #expect(close == .close(WebSocketClosePayload(code: .policyViolation, reason: "pairing required (requestId: r1)")))
        #expect(assembler.receivedClose)
        #expect(throws: WebSocketProtocolError(.frameAfterClose, "")) { try assembler.append(Self.frame(.text, [])) }
    }

    @Test(arguments: [
        ([0x03], "invalidClosePayload"),
        ([0x03, 0xED], "invalidCloseCode"),  // 1005
        ([0x03, 0xEE], "invalidCloseCode"),  // 1006
        ([0x00, 0x00], "invalidCloseCode"),
        ([0x13, 0x88], "invalidCloseCode"),  // 5000
        ([0x03, 0xE8, 0xFF], "invalidUTF8"),
    ] as [([UInt8], String)])
    func badClosePayloads(payload: [UInt8], code: String) {
        var assembler = WebSocketMessageAssembler()
        #expect(throws: WebSocketProtocolError(WebSocketProtocolError.Code(code), "")) {
            try assembler.append(Self.frame(.connectionClose, payload))
        }
    }
}
