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
