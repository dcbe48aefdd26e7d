/// Which kind of session a client opens, and so what its `connect` says about itself.
public enum GatewaySessionKind: String, Sendable, Hashable, CaseIterable {
    /// The capability-bearing device session: role `node`, mode `node`, no scopes.
    case node
    /// The control session: role `operator`, mode `ui`, the operator scopes.
    case `operator`

    public var role: GatewayRole {
        switch self {
        case .node: .node
        case .operator: .operator
        }
    }

    public var mode: GatewayClientMode {
        switch self {
        case .node: .node
        case .operator: .ui
        }
    }

    /// The scopes requested: none for a node; for an operator the iOS app's operator
    /// session set (admin, read, write, approvals, questions, pairing), in its order.
    public var scopes: [OperatorScope] {
        switch self {
        case .node: []
        case .operator: [.admin, .read, .write, .approvals, .questions, .pairing]
        }
    }

    /// 3 for a node session, 4 otherwise.
    public var minProtocol: Int64 {
        switch self {
        case .node: GatewayProtocolVersion.nodeMinimum
        case .operator: GatewayProtocolVersion.current
        }
    }

    /// Always 4.
    public var maxProtocol: Int64 { GatewayProtocolVersion.current }
}
