/// A violation of RFC 6455 by the peer: the connection must be failed (§7.1.7), closing with
/// ``LayerError/closeCode``.
public typealias WebSocketProtocolError = LayerError<WebSocketProtocolFailure>

/// The family of ``WebSocketProtocolError``; its detail is the status to close with.
public enum WebSocketProtocolFailure: ErrorFamily {
    public typealias Detail = WebSocketCloseCode

    public static func describe(_ error: WebSocketProtocolError) -> String {
        "\(error.code): \(error.reason) (close \(error.closeCode.rawValue))"
    }
}

extension LayerError where Family == WebSocketProtocolFailure {
    /// An error; the close code follows from `code` unless given.
    public init(
        _ code: Code, _ reason: String, closeCode: WebSocketCloseCode? = nil, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(code, reason, detail: closeCode ?? code.closeCode, fileID: fileID, line: line)
    }

    /// The status to close the connection with (1002, 1007 or 1009).
    public var closeCode: WebSocketCloseCode { detail }
}

extension ErrorCode where Family == WebSocketProtocolFailure {
    /// The close status this violation calls for: 1009 for a message too big, 1007 for bad
    /// UTF-8 (§7.4.1), 1002 for every other violation.
    public var closeCode: WebSocketCloseCode {
        switch self {
        case .messageTooBig: .messageTooBig
        case .invalidUTF8: .invalidFramePayloadData
        default: .protocolError
        }
    }

    // Frames (§5.2).
    /// RSV1–3 set with no extension negotiated.
    public static let reservedBitsSet = Self("reservedBitsSet")
    /// A masked frame from the server (§5.1: the client MUST fail the connection).
    public static let maskedServerFrame = Self("maskedServerFrame")
    /// An unmasked frame from a client (§5.1: the server MUST fail the connection).
    public static let unmaskedClientFrame = Self("unmaskedClientFrame")
    /// A control frame with more than 125 bytes of payload (§5.5).
    public static let controlFrameTooLarge = Self("controlFrameTooLarge")
    /// A control frame without FIN (§5.5: control frames MUST NOT be fragmented).
    public static let fragmentedControlFrame = Self("fragmentedControlFrame")
    /// A 64-bit length with the most significant bit set (§5.2).
    public static let invalidLength = Self("invalidLength")
    /// A frame or message longer than the receiver accepts: close 1009.
    public static let messageTooBig = Self("messageTooBig")

    // Messages (§5.4, §5.6, §5.5.1).
    /// A reserved opcode (§5.2: the endpoint MUST fail the connection).
    public static let unknownOpcode = Self("unknownOpcode")
    /// A continuation frame with no fragmented message in progress.
    public static let unexpectedContinuation = Self("unexpectedContinuation")
    /// A new text or binary frame while a fragmented message is still in progress.
    public static let expectedContinuation = Self("expectedContinuation")
    /// Text (or a close reason) that is not valid UTF-8: close 1007 (§8.1).
    public static let invalidUTF8 = Self("invalidUTF8")
    /// A close payload of one byte (§5.5.1: a body starts with a 2-byte code).
    public static let invalidClosePayload = Self("invalidClosePayload")
    /// A close code that may not be sent on the wire (§7.4).
    public static let invalidCloseCode = Self("invalidCloseCode")
    /// A frame after the peer's close frame (§5.5.1).
    public static let frameAfterClose = Self("frameAfterClose")
}

extension WebSocketProtocolError {
    /// The same failure as a ``ClawPairError``.
    public var clawPairError: ClawPairError {
        ClawPairError(.wsProtocolError, "the server broke the WebSocket protocol: \(reason)")
    }
}
