/// An operator scope: a closed set on the gateway (spec/gateway-protocol.md, "Client ids
/// and modes").
public enum OperatorScope: String, Sendable, Hashable, CaseIterable {
    case read = "operator.read"
    case write = "operator.write"
    case admin = "operator.admin"
    case approvals = "operator.approvals"
    case questions = "operator.questions"
    case pairing = "operator.pairing"
    case talk = "operator.talk"
    case talkSecrets = "operator.talk.secrets"

    /// Whether holding `self` grants `needed`: `.admin` satisfies every scope, `.write`
    /// implies `.read` and `.talk`, and every scope satisfies itself.
    public func satisfies(_ needed: OperatorScope) -> Bool {
        switch self {
        case .admin: true
        case .write: needed == .write || needed == .read || needed == .talk
        default: self == needed
        }
    }

    /// Whether the granted scopes (raw strings; unknown ones grant nothing) cover `needed`.
    public static func granted(_ granted: [String], satisfy needed: OperatorScope) -> Bool {
        granted.contains { OperatorScope(rawValue: $0)?.satisfies(needed) ?? false }
    }

    /// The scopes a setup-code bootstrap may grant an operator session: the gateway keeps
    /// the requested scopes within this set and drops the rest.
    public static let bootstrapGrantable: Set<OperatorScope> = [.admin, .approvals, .questions, .read, .talkSecrets, .write]

    /// Bootstrap scope filtering on the gateway (spec/gateway-protocol.md, "auth"): a node
    /// gets no scopes; an operator gets the requested scopes within ``bootstrapGrantable``,
    /// in the order asked, without duplicates; any other role gets none.
    public static func bootstrapScopes(role: String, requested: [String]) -> [String] {
        guard role == GatewayRole.operator.rawValue else { return [] }
        var seen = Set<String>()
        return requested.filter { scope in
            guard let known = OperatorScope(rawValue: scope), bootstrapGrantable.contains(known) else { return false }
            return seen.insert(scope).inserted
        }
    }
}
