/// The node's presence beacon (spec/registry.md "Presence"): after each node (re)connect,
/// `node.event` `node.presence.alive` with trigger `connect`; recorded only when the gateway
/// answers `handled: true`; at most one success per ``throttle`` per gateway.
public enum PresenceBeacon {
    public static let method = "node.event"
    public static let event = "node.presence.alive"
    public static let trigger = "connect"
    /// 10 minutes between successful beacons to one gateway.
    public static let throttle: Duration = .seconds(600)

    /// The request's params: `{"event": …, "payloadJSON": "<JSON text>"}`.
    public static func params(sentAtMs: Int64, displayName: String?) -> JSONValue {
        let payload: JSONValue = .object([
            ("trigger", .string(trigger)), ("sentAtMs", .integer(sentAtMs)), ("displayName", displayName.map(JSONValue.string) ?? .null),
            ("version", .string(ClawPairVersion.current)), ("platform", .string("linux")), ("deviceFamily", .string("Linux")),
            ("modelIdentifier", .null), ("pushTransport", .string("none")),
        ])
        return .object([("event", .string(event)), ("payloadJSON", .string(payload.serialized()))])
    }

    /// Whether a beacon is due: none succeeded yet, or the last success is ``throttle`` old.
    public static func isDue(lastSuccessMs: Int64?, nowMs: Int64) -> Bool {
        guard let lastSuccessMs else { return true }
        return nowMs - lastSuccessMs >= throttle.wholeMilliseconds
    }
}

/// What the gateway made of the last presence beacon.
public struct PresenceOutcome: Sendable, Hashable {
    public enum State: String, Sendable, Hashable {
        /// `handled: true`: the gateway recorded this node's last-seen.
        case recorded
        /// An older gateway's bare `{ok: true}`: acknowledged, not recorded.
        case acknowledged
        /// `handled: false` (an unpaired or device-less session), with the gateway's reason.
        case notRecorded = "not-recorded"
        /// The request failed or timed out.
        case failed
    }

    public var state: State
    public var atMs: Int64
    public var reason: String?

    public init(state: State, atMs: Int64, reason: String? = nil) {
        self.state = state
        self.atMs = atMs
        self.reason = reason
    }

    /// The outcome of the answer `payload` (spec: `{ok, event, handled, reason?}`).
    public init(answer payload: JSONValue?, atMs: Int64) {
        let reason = payload?["reason"]?.stringValue
        switch payload?["handled"] {
        case .bool(true)?: self.init(state: .recorded, atMs: atMs, reason: reason)
        case .bool(false)?: self.init(state: .notRecorded, atMs: atMs, reason: reason)
        default:
            if payload?["ok"] == .bool(true) {
                self.init(state: .acknowledged, atMs: atMs, reason: "acknowledged, not recorded (an older gateway)")
            } else {
                self.init(state: .failed, atMs: atMs, reason: "the gateway's answer says neither handled nor ok")
            }
        }
    }

    public var json: JSONValue {
        .object([("state", .string(state.rawValue)), ("at", .integer(atMs)), ("reason", reason.map(JSONValue.string) ?? .null)])
    }

    public init?(json: JSONValue) {
        guard let state = json["state"]?.stringValue.flatMap(State.init(rawValue:)), case .integer(let at)? = json["at"] else { return nil }
        self.init(state: state, atMs: at, reason: json["reason"]?.stringValue)
    }
}
