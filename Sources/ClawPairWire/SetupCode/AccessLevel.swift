/// What a setup code lets the paired device do (spec/setup-codes.md, "Access level").
public enum AccessLevel: String, Sendable, Hashable {
    /// Every route is `wss` or loopback `ws`: operator scopes include `operator.admin`.
    case full
    /// Some route is plaintext to a non-loopback host: the gateway withholds `operator.admin`.
    case limited

    /// The access a set of routes asks for.
    public init(routes: some Sequence<GatewayRoute>) {
        self = routes.allSatisfy { $0.tls || $0.isLoopback } ? .full : .limited
    }

    /// The operator scopes the gateway grants at this level.
    public var operatorScopes: [String] {
        switch self {
        case .full: ["operator.admin", "operator.approvals", "operator.read", "operator.talk.secrets", "operator.write"]
        case .limited: ["operator.approvals", "operator.read", "operator.talk.secrets", "operator.write"]
        }
    }
}
