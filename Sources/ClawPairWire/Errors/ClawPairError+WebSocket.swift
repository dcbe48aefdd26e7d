// Error codes of WebSocket sessions (spec/cli.md `probe`).

extension ClawPairError.Code {
    /// The peer broke RFC 6455 after the upgrade (bad frame, bad UTF-8, bad close code, …).
    public static let wsProtocolError = Self("WS_PROTOCOL_ERROR", .unreachable)
}
