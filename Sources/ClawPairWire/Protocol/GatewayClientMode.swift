/// `client.mode`: a closed set on the gateway.
public enum GatewayClientMode: String, Sendable, Hashable, CaseIterable {
    case webchat, cli, ui, backend, node, worker, probe, test
}
