/// What a complete pairing learned: both device tokens, the route that worked and how its
/// certificate was trusted. Nothing is stored yet (``PairingStore`` does that, in one
/// transaction).
public struct PairingResult: Sendable {
    /// The route both handshakes ran on: the entry's proven route.
    public let route: GatewayRoute
    /// The TLS peer of that route; nil for `ws`.
    public let peer: TLSPeerCertificate?
    /// Why the peer was trusted; nil for `ws`.
    public let trust: TLSTrustPolicy.Basis?
    /// The node session's device token (role `node`, no scopes).
    public let node: IssuedDeviceToken
    /// The operator session's device token and the scopes the gateway granted.
    public let `operator`: IssuedDeviceToken
    /// The gateway's version (hello-ok `server.version`).
    public let serverVersion: String
    /// The pairing requests the gateway's operator approved on the way.
    public let requestIds: [String]
    /// When the operator session connected (Unix ms).
    public let connectedAtMs: Int64

    /// `full` when the operator token carries `operator.admin`, else `limited`.
    public var access: AccessLevel { `operator`.scopes.contains(OperatorScope.admin.rawValue) ? .full : .limited }

    /// The pin to store: the leaf's fingerprint, unless the system trusted the chain (a
    /// Tailscale Serve or Cloudflare certificate rotates; pinning it would break later).
    public var pinToStore: CertificateFingerprint? {
        guard let peer, let trust, trust != .systemTrust else { return nil }
        return peer.fingerprint
    }
}
