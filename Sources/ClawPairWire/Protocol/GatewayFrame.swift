/// One frame of the gateway protocol: a WebSocket text message holding one JSON object
/// (spec/gateway-protocol.md, "Frames").
///
/// Decoding is strict about what it knows (the `type` discriminator, each frame's own
/// fields and their types) and tolerant of what it does not (extra members), so a newer
/// gateway still talks to us while a malformed frame is a clear ``ClawPairError`` with code
/// ``ClawPairError/Code/gatewayProtocolError``.
public enum GatewayFrame: Sendable, Hashable {
    case request(GatewayRequest)
    case response(GatewayResponse)
    case event(GatewayEvent)

    /// 64 KiB: the most a frame may hold before the connection is authenticated. The
    /// gateway enforces it on clients; the client holds the gateway to it until hello-ok
    /// announces `policy.maxPayload`.
    public static let preAuthMaximumBytes = 64 * 1024

    /// Decodes a frame from a text message's UTF-8.
    public init(decoding text: String) throws(ClawPairError) {
        try self.init(decoding: Array(text.utf8))
    }

    /// Decodes a frame from UTF-8 bytes.
    public init(decoding bytes: [UInt8]) throws(ClawPairError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw ClawPairError(.gatewayProtocolError, "a gateway frame is not JSON: \(error)")
        }
        try self.init(json: value)
    }

    /// Decodes a frame from a parsed JSON value.
    public init(json: JSONValue) throws(ClawPairError) {
        let object = try JSONObjectReader(json, path: "frame")
        let type = try object.string("type")
        switch type {
        case "req": self = .request(try GatewayRequest(object))
        case "res": self = .response(try GatewayResponse(object))
        case "event": self = .event(try GatewayEvent(object))
        default:
            throw ClawPairError(.gatewayProtocolError, "frame.type \"\(type.prefix(40))\" is not req, res or event")
        }
    }

    /// The frame as a JSON object.
    public var json: JSONValue {
        switch self {
        case .request(let request): request.json
        case .response(let response): response.json
        case .event(let event): event.json
        }
    }

    /// The frame as compact JSON text, ready to send.
    public func encoded() -> String { json.serialized() }
}

/// A request: `{"type":"req","id","method","params"?}`.
public struct GatewayRequest: Sendable, Hashable {
    /// Unique per connection; the response carries the same id.
    public var id: String
    public var method: String
    public var params: JSONValue?

    public init(id: String, method: String, params: JSONValue? = nil) {
        self.id = id
        self.method = method
        self.params = params
    }

    init(_ object: JSONObjectReader) throws(ClawPairError) {
        id = try object.nonEmptyString("id")
        method = try object.nonEmptyString("method")
        params = object["params"]
    }

    public var json: JSONValue {
        var builder = JSONObjectBuilder()
        builder.set("type", "req")
        builder.set("id", id)
        builder.set("method", method)
        builder.set("params", json: params)
        return builder.json
    }
}

/// A response: `{"type":"res","id","ok":true,"payload"?}` or `{…,"ok":false,"error"}`.
public struct GatewayResponse: Sendable, Hashable {
    public var id: String
    public var outcome: Outcome

    public enum Outcome: Sendable, Hashable {
        case ok(payload: JSONValue?)
        case error(GatewayErrorShape)
    }

    public init(id: String, outcome: Outcome) {
        self.id = id
        self.outcome = outcome
    }

    /// A successful response.
    public static func ok(id: String, payload: JSONValue?) -> Self { Self(id: id, outcome: .ok(payload: payload)) }
    /// A failed response.
    public static func error(id: String, _ error: GatewayErrorShape) -> Self { Self(id: id, outcome: .error(error)) }

    init(_ object: JSONObjectReader) throws(ClawPairError) {
        id = try object.nonEmptyString("id")
        if try object.bool("ok") {
            outcome = .ok(payload: object["payload"])
        } else {
            guard let error = try object.optionalObject("error") else {
                throw ClawPairError(.gatewayProtocolError, "frame.error is missing from a failed response")
            }
            outcome = .error(try GatewayErrorShape(error))
        }
    }

    public var json: JSONValue {
        var builder = JSONObjectBuilder()
        builder.set("type", "res")
        builder.set("id", id)
        switch outcome {
        case .ok(let payload):
            builder.set("ok", true)
            builder.set("payload", json: payload)
        case .error(let error):
            builder.set("ok", false)
            builder.set("error", json: error.json)
        }
        return builder.json
    }
}

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
