/// `hello-ok.policy`: the limits of the session.
public struct GatewayPolicy: Sendable, Hashable {
    /// The largest frame either side may send once authenticated.
    public var maxPayload: Int64
    public var maxBufferedBytes: Int64
    /// The gateway sends a `tick` this often; 2 × this of silence means the link is dead.
    public var tickIntervalMs: Int64
    /// Kept as sent, when present.
    public var attachments: JSONValue?

    /// 30 s: the gateway's default tick interval.
    public static let defaultTickIntervalMs: Int64 = 30_000

    public init(maxPayload: Int64, maxBufferedBytes: Int64, tickIntervalMs: Int64 = defaultTickIntervalMs, attachments: JSONValue? = nil) {
        self.maxPayload = maxPayload
        self.maxBufferedBytes = maxBufferedBytes
        self.tickIntervalMs = tickIntervalMs
        self.attachments = attachments
    }

    init(_ object: JSONObjectReader) throws(ClawPairError) {
        maxPayload = try object.integer("maxPayload", atLeast: 1)
        maxBufferedBytes = try object.integer("maxBufferedBytes", atLeast: 1)
        tickIntervalMs = try object.integer("tickIntervalMs", atLeast: 1)
        attachments = object["attachments"]
    }

    public var json: JSONValue {
        var builder = JSONObjectBuilder()
        builder.set("maxPayload", maxPayload)
        builder.set("maxBufferedBytes", maxBufferedBytes)
        builder.set("tickIntervalMs", tickIntervalMs)
        builder.set("attachments", json: attachments)
        return builder.json
    }
}
