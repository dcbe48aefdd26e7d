/// The one plaintext rule every command applies (spec/setup-codes.md, spec/routes-and-tls.md):
/// `ws://` only to a local host (``HostPolicy/isLocal(_:)``, the gateway's own list); TLS
/// anywhere. `decode`, `probe`, `pair` and `gateways add` refuse with the same words and
/// differ only in the code (a setup code is bad input, exit 3; a connection is a trust
/// refusal, exit 5).
extension GatewayRoute {
    /// True when this route may be used: TLS, or plaintext to a local host.
    public var plaintextAllowed: Bool { tls || isLocal }

    /// The refusal for a plaintext route to a host that is not local, or nil when the route
    /// may be used. `code` is the caller's (`PLAINTEXT_NOT_ALLOWED` unless said otherwise).
    public func plaintextRefusal(_ code: ClawPairError.Code = .plaintextNotAllowed) -> ClawPairError? {
        guard !plaintextAllowed else { return nil }
        return ClawPairError(
            code, "plaintext ws:// to \(host) is refused: only local-network and loopback hosts may use ws://",
            remedy: Self.plaintextRemedy)
    }

    /// What to do instead of a refused `ws://` route.
    public static let plaintextRemedy = "use a wss:// URL (for a tailnet, Tailscale Serve gives one), or a LAN or loopback address"

    /// What a user means by a host typed without a scheme (`gw1.local`, `10.0.0.5:18789`):
    /// `wss://` first, then `ws://` where plaintext is allowed. A `*.ts.net` name without a
    /// port is Tailscale Serve's `wss://…:443` only.
    public var schemeCandidates: [GatewayRoute] {
        let secure = (try? GatewayRoute(host: host, port: port, tls: true, contextPath: contextPath)) ?? self
        let plain = (try? GatewayRoute(host: host, port: port, tls: false, contextPath: contextPath)) ?? self
        return plain.plaintextAllowed ? [secure, plain] : [secure]
    }
}
