/// The payload of the `connect.challenge` event: `{nonce, ts}` (spec/gateway-protocol.md,
/// "Sequence" 1). The client signs both into its device block.
public struct ConnectChallenge: Sendable, Hashable {
    /// Non-empty; echoed as `device.nonce` and signed.
    public var nonce: String
    /// The gateway's clock in Unix ms, an integer ≥ 0; becomes `device.signedAt`.
    public var ts: Int64

    public init(nonce: String, ts: Int64) {
        self.nonce = nonce
        self.ts = ts
    }

    /// Validates an event's payload: `nonce` a non-empty string; `ts` an integer ≥ 0 (a
    /// string, a negative number or a fraction is refused).
    public init(payload: JSONValue?) throws(ClawPairError) {
        guard let payload else { throw ClawPairError(.gatewayProtocolError, "the connect.challenge has no payload") }
        let object = try JSONObjectReader(payload, path: "connect.challenge")
        nonce = try object.nonEmptyString("nonce")
        ts = try object.integer("ts", atLeast: 0)
    }

    /// Reads the challenge out of an event; nil when the event is something else.
    public init?(event: GatewayEvent) throws(ClawPairError) {
        guard event.event == GatewayEvent.connectChallenge else { return nil }
        try self.init(payload: event.payload)
    }

    public var json: JSONValue { ["nonce": .string(nonce), "ts": .integer(ts)] }

    /// The event that carries this challenge.
    public var event: GatewayEvent { GatewayEvent(event: GatewayEvent.connectChallenge, payload: json) }
}
