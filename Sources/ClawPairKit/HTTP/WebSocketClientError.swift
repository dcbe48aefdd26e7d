/// A misuse or end state of a ``WebSocketClient`` (transport failures are ``NetworkError``s,
/// peer protocol violations ``WebSocketProtocolError``s).
///
/// A ``CodedError``, compared by code only, like ``NetworkError``.
public struct WebSocketClientError: CodedError {
    /// The kind of failure.
    public let code: Code
    /// One sentence on what happened.
    public let reason: String
    /// Where the error was made, for bug reports.
    public let location: String

    public init(_ code: Code, _ reason: String, fileID: StaticString = #fileID, line: UInt = #line) {
        self.code = code
        self.reason = reason
        self.location = "\(fileID):\(line)"
    }

    /// A stable code for the kind of failure.
    public typealias Code = ErrorCode<WebSocketClientError>
}

extension ErrorCode where Family == WebSocketClientError {
    /// The connection is closing or closed: a close frame was sent or received.
    public static let closed = Self("closed")
    /// `receive` was called while another `receive` (or `close`) was reading.
    public static let concurrentReceive = Self("concurrentReceive")
    /// A ping payload longer than a control frame allows (125 bytes, RFC 6455 §5.5).
    public static let controlPayloadTooLarge = Self("controlPayloadTooLarge")
}
