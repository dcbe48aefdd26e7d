import Testing
@testable import ClawPairWire

@Suite struct WebSocketFrameParserTests {
    typealias F = WebSocketFixtures

    /// Every frame in `bytes`, or the first error.
    static func frames(_ bytes: [UInt8], role: WebSocketFrameParser.Role = .client, maximumFrameSize: Int = WebSocketFrameParser.defaultMaximumFrameSize) throws(WebSocketProtocolError) -> [WebSocketFrame] {
        var parser = WebSocketFrameParser(role: role, maximumFrameSize: maximumFrameSize)
        parser.append(bytes)
        var frames: [WebSocketFrame] = []
        while let frame = try parser.nextFrame() { frames.append(frame) }
        #expect(parser.bufferedByteCount == 0, "bytes left over")
        return frames
    }

    // MARK: RFC 6455 §5.7

    @Test func unmaskedHello() throws {
        #expect(try Self.frames(F.unmaskedHello) == [.text("Hello")])
    }

    @Test func maskedHelloAsAServerReadsIt() throws {
        let frames = try Self.frames(F.maskedHello, role: .server)
        #expect(frames == [.text("Hello", maskKey: F.rfcKey)])
        #expect(frames.first?.payload == F.hello)
    }

    @Test func fragmentedHello() throws {
        let frames = try Self.frames(F.fragmentedHello.joined().map { $0 })
        #expect(frames == [
            WebSocketFrame(fin: false, opcode: .text, payload: Array("Hel".utf8)),
            WebSocketFrame(opcode: .continuation, payload: Array("lo".utf8)),
        ])
    }

    @Test func pingAndMaskedPong() throws {
        #expect(try Self.frames(F.unmaskedPing) == [WebSocketFrame(opcode: .ping, payload: F.hello)])
        #expect(try Self.frames(F.maskedPong, role: .server) == [WebSocketFrame(opcode: .pong, maskKey: F.rfcKey, payload: F.hello)])
    }

    @Test func extendedLengths() throws {
        #expect(try Self.frames(F.binary256) == [WebSocketFrame(opcode: .binary, payload: F.binary256Payload)])
        #expect(try Self.frames(F.binary64KiB) == [WebSocketFrame(opcode: .binary, payload: F.binary64KiBPayload)])
    }

    @Test func acceptsNonMinimalLengths() throws {
        // The minimal-length MUST binds the sender; a receiver may be lenient.
        #expect(try Self.frames([0x82, 0x7E, 0x00, 0x01, 0xAB]) == [WebSocketFrame(opcode: .binary, payload: [0xAB])])
        #expect(try Self.frames([0x82, 0x7F, 0, 0, 0, 0, 0, 0, 0, 1, 0xAB]) == [WebSocketFrame(opcode: .binary, payload: [0xAB])])
    }

    // MARK: Incremental input

    static let stream: [UInt8] =
        F.unmaskedHello + F.fragmentedHello[0] + F.unmaskedPing + F.fragmentedHello[1] + F.binary256
        + [0x88, 0x02, 0x03, 0xE8]

    @Test func everyPrefixIsInsufficientDataAndEverySplitGivesTheSameFrames() throws {
        let expected = try Self.frames(Self.stream)
        #expect(expected.count == 6)
        for split in 0...Self.stream.count {
            var parser = WebSocketFrameParser(role: .client)
            var frames: [WebSocketFrame] = []
            parser.append(Self.stream[..<split])
            while let frame = try parser.nextFrame() { frames.append(frame) }
            parser.append(Self.stream[split...])
            while let frame = try parser.nextFrame() { frames.append(frame) }
            #expect(frames == expected, "split at \(split)")
        }
    }

    @Test(arguments: [F.unmaskedHello, F.maskedHello, F.binary256, F.binary64KiB, [0x82, 0x7F, 0, 0, 0, 0, 0, 0, 0, 1, 0xAB]])
    func truncatedFramesAtEveryOffsetNeedMoreData(frame: [UInt8]) throws {
        let role: WebSocketFrameParser.Role = frame[1] & 0x80 != 0 ? .server : .client
        // Every strict prefix: never a frame, never an error, never a crash.
        let offsets = frame.count > 1000 ? Array(0..<20) + [frame.count / 2, frame.count - 1] : Array(0..<frame.count)
        for offset in offsets {
            var parser = WebSocketFrameParser(role: role)
            parser.append(frame[..<offset])
            #expect(try parser.nextFrame() == nil, "offset \(offset)")
        }
        // Byte by byte, the frame appears exactly when its last byte arrives.
        if frame.count < 1000 {
            var parser = WebSocketFrameParser(role: role)
            for (index, byte) in frame.enumerated() {
                parser.append([byte])
                let result = try parser.nextFrame()
                #expect((result != nil) == (index == frame.count - 1))
            }
        }
    }

    @Test func stepsReportHeaderThenPayload() throws {
        var parser = WebSocketFrameParser(role: .client)
        parser.append([0x81, 0x05, 0x48])
        #expect(try parser.parseStep() == .continueParsing)
        #expect(try parser.parseStep() == .insufficientData)
        parser.append([0x65, 0x6C, 0x6C, 0x6F])
        #expect(try parser.parseStep() == .result(.text("Hello")))
        #expect(try parser.parseStep() == .insufficientData)
    }

    // MARK: Hostile frames

    @Test(arguments: [
        // 2^63: the most significant bit of the 64-bit length must be 0.
        ([0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 0], "invalidLength"),
        ([0x82, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], "invalidLength"),
        // 2^62: legal on the wire, far past any limit; refused before any allocation.
        ([0x82, 0x7F, 0x40, 0, 0, 0, 0, 0, 0, 0], "messageTooBig"),
        // A server must never mask.
        ([0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58], "maskedServerFrame"),
        // Control frames: at most 125 bytes, never fragmented.
        ([0x89, 0x7E, 0x00, 0x7E], "controlFrameTooLarge"),
        ([0x88, 0x7F, 0, 0, 0, 0, 0, 0, 0, 0x7E], "controlFrameTooLarge"),
        ([0x09, 0x00], "fragmentedControlFrame"),
        ([0x08, 0x02, 0x03, 0xE8], "fragmentedControlFrame"),
        ([0x0B, 0x00], "fragmentedControlFrame"),
        // Reserved bits with no extension.
        ([0xC1, 0x00], "reservedBitsSet"),
        ([0xA1, 0x00], "reservedBitsSet"),
        ([0x91, 0x00], "reservedBitsSet"),
    ] as [([UInt8], String)])
    func rejectsHostileServerFrames(bytes: [UInt8], code: String) {
        let expected = WebSocketProtocolError(WebSocketProtocolError.Code(code), "")
        #expect(throws: expected) { try Self.frames(bytes) }
        // Only the header is needed to see the problem.
        var parser = WebSocketFrameParser(role: .client)
        parser.append(bytes)
        #expect(throws: expected) { try parser.parseStep() }
        #expect(throws: expected) { try parser.parseStep() }  // stays failed
    }

    @Test func closeCodesOfHostileFrames() {
        do {
            _ = try Self.frames([0x82, 0x7F, 0x40, 0, 0, 0, 0, 0, 0, 0])
            Issue.record("accepted")
        } catch {
            #expect(error.closeCode == .messageTooBig)
        }
        do {
            _ = try Self.frames([0x09, 0x00])
            Issue.record("accepted")
        } catch {
            #expect(error.closeCode == .protocolError)
        }
    }

    @Test func aClientMustMask() {
        #expect(throws: WebSocketProtocolError(.unmaskedClientFrame, "")) { try Self.frames(F.unmaskedHello, role: .server) }
    }

    @Test func frameSizeLimit() throws {
        #expect(throws: WebSocketProtocolError(.messageTooBig, "")) { try Self.frames(F.binary256, maximumFrameSize: 255) }
        #expect(try Self.frames(F.binary256, maximumFrameSize: 256).count == 1)
        // Refused from the header alone, before the payload arrives.
        var parser = WebSocketFrameParser(role: .client, maximumFrameSize: 1000)
        parser.append([0x82, 0x7E, 0xFF, 0xFF])
        #expect(throws: WebSocketProtocolError(.messageTooBig, "")) { try parser.nextFrame() }
    }

    @Test func reservedOpcodesPassTheFrameLayer() throws {
        // Opcodes are the assembler's business; the frame is still readable and printable.
        let frames = try Self.frames([0x83, 0x01, 0x00])
        #expect(frames.first?.opcode.isReserved == true)
    }
}
