/// One live session the daemon keeps: a gateway and the kind of session on it (the focused
/// gateway has a node and an operator session, every other bolted gateway an operator one).
public struct DaemonSessionKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let gateway: GatewayID
    public let kind: GatewaySessionKind

    public init(gateway: GatewayID, kind: GatewaySessionKind) {
        self.gateway = gateway
        self.kind = kind
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.gateway.rawValue, lhs.kind.rawValue) < (rhs.gateway.rawValue, rhs.kind.rawValue)
    }

    public var description: String { "\(gateway.rawValue) \(kind.rawValue)" }
}
