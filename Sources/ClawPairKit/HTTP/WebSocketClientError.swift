/// A misuse or end state of a ``WebSocketClient`` (transport failures are ``NetworkError``s,
/// peer protocol violations ``WebSocketProtocolError``s).
public typealias WebSocketClientError = LayerError<WebSocketClientFailure>

/// The family of ``WebSocketClientError``.
public enum WebSocketClientFailure: ErrorFamily {}

extension ErrorCode where Family == WebSocketClientFailure {
    /// The connection is closing or closed: a close frame was sent or received.
    public static let closed = Self("closed")
    /// `receive` was called while another `receive` (or `close`) was reading.
    public static let concurrentReceive = Self("concurrentReceive")
    /// A ping payload longer than a control frame allows (125 bytes, RFC 6455 §5.5).
    public static let controlPayloadTooLarge = Self("controlPayloadTooLarge")
}
