/// The params of the `connect` request (spec/gateway-protocol.md, "Sequence" 2): the first
/// frame a client sends. Encoded by the client, decoded by a gateway (``ClawPairKit``'s
/// simulated one).
///
/// Decoding checks shapes and types only; whether the client id, mode, role and scopes are
/// in the gateway's closed sets is the gateway's decision (``GatewayClientID``,
/// ``GatewayClientMode``, ``GatewayRole``, ``OperatorScope``), because it answers each with
/// its own error.
public struct ConnectParams: Sendable, Hashable {
    public var minProtocol: Int64
    public var maxProtocol: Int64
    public var client: ConnectClientInfo
    public var caps: [String]
    public var commands: [String]
    /// `permissions{}`: name → granted.
    public var permissions: [String: Bool]
    public var locale: String?
    public var userAgent: String?
    public var role: String?
    public var scopes: [String]?
    public var auth: ConnectAuth?
    public var device: ConnectDevice?

    /// The `method` of the request that carries these params.
    public static let method = "connect"

    public init(
        minProtocol: Int64, maxProtocol: Int64, client: ConnectClientInfo, caps: [String] = [], commands: [String] = [],
        permissions: [String: Bool] = [:], locale: String? = nil, userAgent: String? = nil, role: String?,
        scopes: [String]?, auth: ConnectAuth?, device: ConnectDevice?
    ) {
        self.minProtocol = minProtocol
        self.maxProtocol = maxProtocol
        self.client = client
        self.caps = caps
        self.commands = commands
        self.permissions = permissions
        self.locale = locale
        self.userAgent = userAgent
        self.role = role
        self.scopes = scopes
        self.auth = auth
        self.device = device
    }

    /// Decodes a `connect` request's params.
    public init(json: JSONValue?) throws(ClawPairError) {
        guard let json else { throw ClawPairError(.gatewayProtocolError, "connect has no params") }
        let object = try JSONObjectReader(json, path: "params")
        minProtocol = try object.integer("minProtocol", atLeast: 1)
        maxProtocol = try object.integer("maxProtocol", atLeast: 1)
        client = try ConnectClientInfo(object.object("client"))
        caps = try object.optionalStringArray("caps") ?? []
        commands = try object.optionalStringArray("commands") ?? []
        var permissions: [String: Bool] = [:]
        if let reader = try object.optionalObject("permissions") {
            for (name, value) in reader.members {
                guard case .bool(let granted) = value else {
                    throw JSONObjectReader.typeError("params.permissions.\(name)", expected: "a boolean", got: value)
                }
                permissions[name] = granted
            }
        }
        self.permissions = permissions
        locale = try object.optionalString("locale")
        userAgent = try object.optionalString("userAgent")
        role = try object.optionalString("role")
        scopes = try object.optionalStringArray("scopes")
        auth = try object.optionalObject("auth").flatMap { reader throws(ClawPairError) in try ConnectAuth(reader) }
        device = try object.optionalObject("device").map { reader throws(ClawPairError) in try ConnectDevice(reader) }
    }

    public var json: JSONValue {
        var builder = JSONObjectBuilder()
        builder.set("minProtocol", minProtocol)
        builder.set("maxProtocol", maxProtocol)
        builder.set("client", json: client.json)
        builder.set("caps", caps)
        builder.set("commands", commands)
        builder.set("permissions", json: .object(permissions.sorted { $0.key < $1.key }.map { ($0.key, .bool($0.value)) }))
        builder.set("locale", locale)
        builder.set("userAgent", userAgent)
        builder.set("role", role)
        builder.set("scopes", scopes)
        builder.set("auth", json: auth?.json)
        builder.set("device", json: device?.json)
        return builder.json
    }

    /// The `connect` request with these params.
    public func request(id: String) -> GatewayRequest {
        GatewayRequest(id: id, method: Self.method, params: json)
    }
}
