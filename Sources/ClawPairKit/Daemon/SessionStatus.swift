/// Where one live session stands, as `clawpair status` shows it (spec/cli.md: states
/// `connecting`, `connected`, `backoff`, `paused`, `stopped`). Holds no secret; gateway text
/// in it (error messages) is untrusted and escaped when printed.
public struct SessionStatus: Sendable, Hashable {
    public enum State: String, Sendable, Hashable, CaseIterable {
        case connecting, connected, backoff, paused, stopped
    }

    /// A failure as shown: code, message, and what to do.
    public struct Failure: Sendable, Hashable {
        public var code: String
        public var message: String
        public var remedy: String?

        public init(code: String, message: String, remedy: String? = nil) {
            self.code = code
            self.message = message
            self.remedy = remedy
        }

        public init(_ error: ClawPairError) {
            self.init(code: error.code.rawValue, message: error.message, remedy: error.remedy)
        }
    }

    public var kind: GatewaySessionKind
    public var state: State
    /// Unix ms when the state began.
    public var sinceMs: Int64
    /// The route connected to, or being tried.
    public var route: String?
    public var lastError: Failure?
    /// Unix ms of the next attempt, while in backoff.
    public var nextRetryAtMs: Int64?
    public var presence: PresenceOutcome?

    public init(kind: GatewaySessionKind, state: State, sinceMs: Int64) {
        self.kind = kind
        self.state = state
        self.sinceMs = sinceMs
    }

    /// `{role, state, since, route, lastError, nextRetryAt, presence}`.
    public var json: JSONValue {
        let error: JSONValue = lastError.map { failure in
            .object([
                ("code", .string(failure.code)), ("message", .string(failure.message)),
                ("remedy", failure.remedy.map(JSONValue.string) ?? .null),
            ])
        } ?? .null
        return .object([
            ("role", .string(kind.role.rawValue)), ("state", .string(state.rawValue)), ("since", .integer(sinceMs)),
            ("route", route.map(JSONValue.string) ?? .null), ("lastError", error),
            ("nextRetryAt", nextRetryAtMs.map(JSONValue.integer) ?? .null), ("presence", presence?.json ?? .null),
        ])
    }

    /// Reads what ``json`` wrote (the status client's side).
    public init?(json: JSONValue) {
        guard let role = json["role"]?.stringValue, let kind = GatewaySessionKind(role: role),
            let state = json["state"]?.stringValue.flatMap(State.init(rawValue:)), case .integer(let since)? = json["since"]
        else { return nil }
        self.init(kind: kind, state: state, sinceMs: since)
        route = json["route"]?.stringValue
        if let error = json["lastError"], let code = error["code"]?.stringValue, let message = error["message"]?.stringValue {
            lastError = Failure(code: code, message: message, remedy: error["remedy"]?.stringValue)
        }
        if case .integer(let next)? = json["nextRetryAt"] { nextRetryAtMs = next }
        presence = json["presence"].flatMap(PresenceOutcome.init(json:))
    }
}

extension GatewaySessionKind {
    /// The kind whose role is `role` (`node`, `operator`).
    public init?(role: String) {
        switch role {
        case GatewayRole.node.rawValue: self = .node
        case GatewayRole.operator.rawValue: self = .operator
        default: return nil
        }
    }
}
