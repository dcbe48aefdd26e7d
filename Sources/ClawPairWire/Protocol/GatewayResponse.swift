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
