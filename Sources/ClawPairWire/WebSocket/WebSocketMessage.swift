/// A whole message, or a control frame, as ``WebSocketMessageAssembler`` delivers it.
public enum WebSocketMessage: Sendable, Hashable {
    /// A text message, valid UTF-8.
    case text(String)
    /// A binary message.
    case binary([UInt8])
    /// A ping; answer with a pong carrying the same payload (§5.5.2).
    case ping([UInt8])
    /// A pong.
    case pong([UInt8])
    /// The peer's close frame; echo it and close the connection (§5.5.1).
    case close(WebSocketClosePayload)
}
