/// `role`: a closed set on the gateway.
public enum GatewayRole: String, Sendable, Hashable, CaseIterable {
    case `operator`, node, worker
}
