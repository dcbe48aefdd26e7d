// Error codes of `clawpair probe` not owned by one transport layer (spec/cli.md `probe`).

extension ClawPairError.Code {
    /// A `ws://` route to a host outside the local network: a probe would be harmless, but
    /// the session that follows would carry credentials in plaintext, so the route is refused
    /// before any packet is sent (spec/setup-codes.md, "Validation of each route").
    public static let plaintextNotAllowed = Self("PLAINTEXT_NOT_ALLOWED", .trust)
    // GATEWAY_NO_CHALLENGE and GATEWAY_PROTOCOL_ERROR are the protocol's codes
    // (Protocol/ClawPairError+Gateway.swift), same names and categories.
    /// A probe target that is none of: setup code, URL, `host[:port]`, instance name.
    public static let probeTargetInvalid = Self("PROBE_TARGET_INVALID", .invalidInput)
}
