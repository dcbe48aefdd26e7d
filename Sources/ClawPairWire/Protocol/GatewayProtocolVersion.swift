/// The protocol versions of spec/gateway-protocol.md, "Versions".
public enum GatewayProtocolVersion {
    /// The version gateways speak now.
    public static let current: Int64 = 4
    /// Node sessions may still use 3.
    public static let nodeMinimum: Int64 = 3

    /// The version a gateway picks for a client's `[minProtocol, maxProtocol]`: the highest
    /// it speaks within the range, where 3 is open only to a node (`role: "node"` with
    /// `client.mode: "node"`); nil is `PROTOCOL_MISMATCH`.
    public static func negotiate(minProtocol: Int64, maxProtocol: Int64, role: String?, mode: String) -> Int64? {
        let lowest = role == GatewayRole.node.rawValue && mode == GatewayClientMode.node.rawValue ? nodeMinimum : current
        let chosen = min(maxProtocol, current)
        guard minProtocol <= maxProtocol, chosen >= lowest, chosen >= minProtocol else { return nil }
        return chosen
    }
}
