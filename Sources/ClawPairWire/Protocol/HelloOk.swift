/// The payload of a successful `connect` response (spec/gateway-protocol.md, "Sequence" 3).
public struct HelloOk: Sendable, Hashable {
    /// `payload.type`.
    public static let type = "hello-ok"

    /// The protocol version the gateway chose, within the client's range.
    public var protocolVersion: Int64
    public var server: Server
    public var features: Features
    /// Kept as sent: the gateway's state snapshot.
    public var snapshot: JSONValue
    public var auth: Auth?
    public var policy: GatewayPolicy

    public struct Server: Sendable, Hashable {
        public var version: String
        public var connId: String
        public init(version: String, connId: String) {
            self.version = version
            self.connId = connId
        }
    }

    public struct Features: Sendable, Hashable {
        public var methods: [String]
        public var events: [String]
        public init(methods: [String] = [], events: [String] = []) {
            self.methods = methods
            self.events = events
        }
    }

    /// What the gateway granted: the role, its scopes, and the device token(s) to store.
    public struct Auth: Sendable, Hashable {
        public var role: String
        public var scopes: [String]
        /// The device token for ``role``: store it and drop the bootstrap token.
        public var deviceToken: Secret?
        /// A setup-code bootstrap also returns tokens for other roles (the operator one),
        /// so one pairing yields node and operator tokens.
        public var deviceTokens: [IssuedDeviceToken]?
        public var issuedAtMs: Int64?

        public init(role: String, scopes: [String], deviceToken: Secret? = nil, deviceTokens: [IssuedDeviceToken]? = nil, issuedAtMs: Int64? = nil) {
            self.role = role
            self.scopes = scopes
            self.deviceToken = deviceToken
            self.deviceTokens = deviceTokens
            self.issuedAtMs = issuedAtMs
        }
    }

    public init(protocolVersion: Int64, server: Server, features: Features = Features(), snapshot: JSONValue = [:], auth: Auth?, policy: GatewayPolicy) {
        self.protocolVersion = protocolVersion
        self.server = server
        self.features = features
        self.snapshot = snapshot
        self.auth = auth
        self.policy = policy
    }

    /// Decodes a `connect` response's payload.
    public init(payload: JSONValue?) throws(ClawPairError) {
        guard let payload else { throw ClawPairError(.gatewayProtocolError, "the connect response has no payload") }
        let object = try JSONObjectReader(payload, path: "hello")
        let type = try object.string("type")
        guard type == Self.type else {
            throw ClawPairError(.gatewayProtocolError, "hello.type is \"\(type.prefix(40))\", not hello-ok")
        }
        protocolVersion = try object.integer("protocol", atLeast: 1)
        let server = try object.object("server")
        self.server = Server(version: try server.nonEmptyString("version"), connId: try server.nonEmptyString("connId"))
        if let features = try object.optionalObject("features") {
            self.features = Features(
                methods: try features.optionalStringArray("methods") ?? [], events: try features.optionalStringArray("events") ?? [])
        } else {
            features = Features()
        }
        snapshot = object["snapshot"] ?? .object([])
        if let auth = try object.optionalObject("auth") {
            var tokens: [IssuedDeviceToken]?
            if let list = auth["deviceTokens"] {
                guard case .array(let elements) = list else {
                    throw JSONObjectReader.typeError("hello.auth.deviceTokens", expected: "an array", got: list)
                }
                var issued: [IssuedDeviceToken] = []
                for (index, element) in elements.enumerated() {
                    issued.append(try IssuedDeviceToken(JSONObjectReader(element, path: "hello.auth.deviceTokens[\(index)]")))
                }
                tokens = issued
            }
            self.auth = Auth(
                role: try auth.nonEmptyString("role"), scopes: try auth.stringArray("scopes"),
                deviceToken: try auth.optionalString("deviceToken").map(Secret.init), deviceTokens: tokens,
                issuedAtMs: try auth.optionalInteger("issuedAtMs", atLeast: 0))
        } else {
            auth = nil
        }
        policy = try GatewayPolicy(object.object("policy"))
    }

    public var json: JSONValue {
        var builder = JSONObjectBuilder()
        builder.set("type", Self.type)
        builder.set("protocol", protocolVersion)
        builder.set("server", json: ["version": .string(server.version), "connId": .string(server.connId)])
        builder.set("features", json: ["methods": .array(features.methods.map(JSONValue.string)), "events": .array(features.events.map(JSONValue.string))])
        builder.set("snapshot", json: snapshot)
        if let auth {
            var inner = JSONObjectBuilder()
            inner.set("deviceToken", auth.deviceToken?.revealed)
            inner.set("role", auth.role)
            inner.set("scopes", auth.scopes)
            inner.set("issuedAtMs", auth.issuedAtMs)
            inner.set("deviceTokens", json: auth.deviceTokens.map { .array($0.map(\.json)) })
            builder.set("auth", json: inner.json)
        }
        builder.set("policy", json: policy.json)
        return builder.json
    }
}
