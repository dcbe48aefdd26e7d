// Error codes of `clawpair probe` not owned by one transport layer (spec/cli.md `probe`).

extension ClawPairError.Code {
    /// A `ws://` route to a host outside the local network: a probe would be harmless, but
    /// the session that follows would carry credentials in plaintext, so the route is refused
    /// before any packet is sent (spec/setup-codes.md, "Validation of each route").
    public static let plaintextNotAllowed = Self("PLAINTEXT_NOT_ALLOWED", .trust)
    /// The WebSocket opened, but no `connect.challenge` event came within 6 s (or the
    /// connection ended first): something else listens there, or the gateway is wedged.
    public static let gatewayNoChallenge = Self("GATEWAY_NO_CHALLENGE", .unreachable)
    /// The first gateway frame was not a valid `connect.challenge` (not JSON, a binary
    /// message, a challenge without a nonce or with a bad `ts`).
    public static let gatewayProtocolError = Self("GATEWAY_PROTOCOL_ERROR", .unreachable)
    /// A probe target that is none of: setup code, URL, `host[:port]`, instance name.
    public static let probeTargetInvalid = Self("PROBE_TARGET_INVALID", .invalidInput)
}
