/// The outcome of ``WebSocketUpgrade/perform(on:until:nonce:)`` when the server answered
/// with a whole response head. A refusal is a value, not a throw, so a probe can report it.
public enum WebSocketUpgradeResult: Sendable {
    /// `101` with a correct `Sec-WebSocket-Accept`: the connection speaks WebSocket now.
    case upgraded(WebSocketClient)
    /// Anything else.
    case rejected(WebSocketUpgradeRejection)
}
