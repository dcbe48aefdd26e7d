/// Why a server did not switch to WebSocket: what `probe`'s `http` stage reports
/// (spec/routes-and-tls.md, "Stages of a probe").
public struct WebSocketUpgradeRejection: Sendable {
    /// The response status (`101` when only the handshake fields were wrong).
    public let status: Int
    /// The reason phrase as the server wrote it.
    public let reason: String
    /// The response's header fields, in order.
    public let headers: HTTPHeaders
    /// The first bytes of the body (at most ``WebSocketUpgrade/rejectionBodyPrefixBytes``),
    /// as much as arrived within ``WebSocketUpgrade/rejectionBodyGrace``.
    public let bodyPrefix: [UInt8]
    /// A Cloudflare Access challenge, when the response is one (its own verdict).
    public let accessChallenge: AccessChallenge?
    /// The failed check of RFC 6455 §4.1 (a non-101 status, or a bad 101).
    public let handshakeError: WebSocketHandshakeError

    public init(
        status: Int, reason: String, headers: HTTPHeaders, bodyPrefix: [UInt8], accessChallenge: AccessChallenge?,
        handshakeError: WebSocketHandshakeError
    ) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.bodyPrefix = bodyPrefix
        self.accessChallenge = accessChallenge
        self.handshakeError = handshakeError
    }
}
