/// Joins frames into messages (RFC 6455 §5.4) and checks what spans frames.
///
/// Rules enforced, each failing the connection with the close code in the error:
/// - a reserved opcode or RSV bit is a protocol error (1002);
/// - a continuation needs a fragmented message in progress, and a new text or binary frame
///   may not start while one is (1002); control frames may come in between (§5.4);
/// - control frames are final and at most 125 bytes (1002), and a close payload must be
///   empty or a valid code with a UTF-8 reason (1002, 1007);
/// - text must be valid UTF-8, checked fragment by fragment so it fails early (1007);
/// - a message longer than ``maximumMessageSize`` fails before its bytes are kept (1009);
/// - nothing may follow the peer's close frame (1002).
public struct WebSocketMessageAssembler: Sendable {
    /// The default bound on a reassembled message: as one frame's (see
    /// ``WebSocketFrameParser/defaultMaximumFrameSize``).
    public static let defaultMaximumMessageSize = WebSocketFrameParser.defaultMaximumFrameSize

    /// The largest message accepted, all fragments together.
    public let maximumMessageSize: Int

    private var partial: Partial?
    private var closed = false

    private struct Partial: Sendable {
        var opcode: WebSocketOpcode
        var bytes: [UInt8]
        var utf8: WebSocketUTF8Validator
    }

    /// An assembler accepting messages up to `maximumMessageSize` bytes.
    public init(maximumMessageSize: Int = defaultMaximumMessageSize) {
        self.maximumMessageSize = maximumMessageSize
    }

    /// True while a fragmented message is incomplete.
    public var isAssembling: Bool { partial != nil }

    /// True once the peer's close frame has been delivered.
    public var receivedClose: Bool { closed }

    /// Takes the next frame; returns a message when one is complete (a control frame always
    /// is), nil after a non-final fragment.
    public mutating func append(_ frame: WebSocketFrame) throws(WebSocketProtocolError) -> WebSocketMessage? {
        guard !closed else {
            throw WebSocketProtocolError(.frameAfterClose, "a \(frame.opcode) frame after the close frame")
        }
        guard !frame.rsv1, !frame.rsv2, !frame.rsv3 else {
            throw WebSocketProtocolError(.reservedBitsSet, "RSV bits set without an extension")
        }
        guard !frame.opcode.isReserved else {
            throw WebSocketProtocolError(.unknownOpcode, "the reserved opcode \(frame.opcode)")
        }
        if frame.opcode.isControl { return try control(frame) }

        if frame.opcode == .continuation {
            guard var message = partial else {
                throw WebSocketProtocolError(.unexpectedContinuation, "a continuation frame with no message in progress")
            }
            partial = nil  // Keeps `message.bytes` uniquely referenced while it grows.
            try checkSize(message.bytes.count, adding: frame.payload.count)
            if message.opcode == .text, !message.utf8.validate(frame.payload) {
                throw WebSocketProtocolError(.invalidUTF8, "a text message that is not UTF-8")
            }
            message.bytes += frame.payload
            guard frame.fin else {
                partial = message
                return nil
            }
            return try finish(message)
        }

        guard partial == nil else {
            throw WebSocketProtocolError(.expectedContinuation, "a new \(frame.opcode) frame inside a fragmented message")
        }
        try checkSize(0, adding: frame.payload.count)
        var message = Partial(opcode: frame.opcode, bytes: frame.payload, utf8: WebSocketUTF8Validator())
        if frame.opcode == .text, !message.utf8.validate(frame.payload) {
            throw WebSocketProtocolError(.invalidUTF8, "a text message that is not UTF-8")
        }
        guard frame.fin else {
            partial = message
            return nil
        }
        return try finish(message)
    }

    private mutating func control(_ frame: WebSocketFrame) throws(WebSocketProtocolError) -> WebSocketMessage {
        // The parser checks these too; frames may also come from elsewhere (tests, the sim).
        guard frame.fin else {
            throw WebSocketProtocolError(.fragmentedControlFrame, "a \(frame.opcode) frame without FIN")
        }
        guard frame.payload.count <= WebSocketFrame.maximumControlPayloadSize else {
            throw WebSocketProtocolError(.controlFrameTooLarge, "a \(frame.opcode) frame longer than 125 bytes")
        }
        switch frame.opcode {
        case .ping: return .ping(frame.payload)
        case .pong: return .pong(frame.payload)
        default:
            let close = try WebSocketClosePayload(parsing: frame.payload)
            closed = true
            partial = nil
            return .close(close)
        }
    }

    private func checkSize(_ current: Int, adding count: Int) throws(WebSocketProtocolError) {
        guard count <= maximumMessageSize - current else {
            throw WebSocketProtocolError(.messageTooBig, "a message longer than \(maximumMessageSize) bytes")
        }
    }

    private func finish(_ message: Partial) throws(WebSocketProtocolError) -> WebSocketMessage {
        guard message.opcode == .text else { return .binary(message.bytes) }
        guard message.utf8.isComplete else {
            throw WebSocketProtocolError(.invalidUTF8, "a text message that ends inside a UTF-8 sequence")
        }
        return .text(String(decoding: message.bytes, as: UTF8.self))
    }
}
