/// An event: `{"type":"event","event","payload"?,"seq"?,"stateVersion"?}`.
public struct GatewayEvent: Sendable, Hashable {
    public var event: String
    public var payload: JSONValue?
    /// Integer ≥ 0, counting the events of a connection.
    public var seq: Int64?
    /// Kept as sent (the gateway's `StateVersion` object).
    public var stateVersion: JSONValue?

    /// `connect.challenge`: the first frame the gateway sends.
    public static let connectChallenge = "connect.challenge"
    /// `tick`: the gateway's liveness beat, every `policy.tickIntervalMs`.
    public static let tick = "tick"

    public init(event: String, payload: JSONValue? = nil, seq: Int64? = nil, stateVersion: JSONValue? = nil) {
        self.event = event
        self.payload = payload
        self.seq = seq
        self.stateVersion = stateVersion
    }

    init(_ object: JSONObjectReader) throws(ClawPairError) {
        event = try object.nonEmptyString("event")
        payload = object["payload"]
        seq = try object.optionalInteger("seq", atLeast: 0)
        stateVersion = object["stateVersion"]
    }

    public var json: JSONValue {
        var builder = JSONObjectBuilder()
        builder.set("type", "event")
        builder.set("event", event)
        builder.set("payload", json: payload)
        builder.set("seq", seq)
        builder.set("stateVersion", json: stateVersion)
        return builder.json
    }
}
