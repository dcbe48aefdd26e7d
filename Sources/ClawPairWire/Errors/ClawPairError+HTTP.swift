// Error codes of the probe's `http` stage (spec/cli.md `probe`, spec/routes-and-tls.md).

extension ClawPairError.Code {
    /// The WebSocket upgrade was answered with a status other than 101.
    public static let httpUnexpectedStatus = Self("HTTP_UNEXPECTED_STATUS", .unreachable)
    /// The upgrade was answered by a Cloudflare Access challenge (spec/cloudflare-access.md).
    public static let httpAccessChallenge = Self("HTTP_ACCESS_CHALLENGE", .authorization)
    /// A 101 that is not a valid WebSocket accept (RFC 6455 §4.1), or an answer that is not
    /// HTTP at all.
    public static let wsUpgradeRejected = Self("WS_UPGRADE_REJECTED", .unreachable)
}
