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

/// `connect.params.client`: who is connecting.
public struct ConnectClientInfo: Sendable, Hashable {
    /// A ``GatewayClientID`` raw value (`openclaw-linux`).
    public var id: String
    public var displayName: String?
    public var version: String
    /// Signed (normalised) in v3 payloads.
    public var platform: String
    /// A ``GatewayClientMode`` raw value.
    public var mode: String
    /// Stable per installation.
    public var instanceId: String?
    /// Signed (normalised) in v3 payloads.
    public var deviceFamily: String?
    public var modelIdentifier: String?

    public init(
        id: String, displayName: String? = nil, version: String, platform: String, mode: String, instanceId: String? = nil,
        deviceFamily: String? = nil, modelIdentifier: String? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.version = version
        self.platform = platform
        self.mode = mode
        self.instanceId = instanceId
        self.deviceFamily = deviceFamily
        self.modelIdentifier = modelIdentifier
    }

    init(_ object: JSONObjectReader) throws(ClawPairError) {
        id = try object.nonEmptyString("id")
        displayName = try object.optionalString("displayName")
        version = try object.nonEmptyString("version")
        platform = try object.nonEmptyString("platform")
        mode = try object.nonEmptyString("mode")
        instanceId = try object.optionalString("instanceId")
        deviceFamily = try object.optionalString("deviceFamily")
        modelIdentifier = try object.optionalString("modelIdentifier")
    }

    public var json: JSONValue {
        var builder = JSONObjectBuilder()
        builder.set("id", id)
        builder.set("displayName", displayName)
        builder.set("version", version)
        builder.set("platform", platform)
        builder.set("mode", mode)
        builder.set("instanceId", instanceId)
        builder.set("deviceFamily", deviceFamily)
        builder.set("modelIdentifier", modelIdentifier)
        return builder.json
    }
}

/// `connect.params.device`: the device identity and its signature over the challenge.
public struct ConnectDevice: Sendable, Hashable {
    /// Lowercase hex SHA-256 of the raw public key.
    public var id: String
    /// Unpadded base64url of the raw 32-byte Ed25519 public key.
    public var publicKey: String
    /// Unpadded base64url of the 64-byte signature over ``DeviceAuthPayload``.
    public var signature: String
    /// The challenge's `ts`.
    public var signedAt: Int64
    /// The challenge's nonce.
    public var nonce: String

    public init(id: String, publicKey: String, signature: String, signedAt: Int64, nonce: String) {
        self.id = id
        self.publicKey = publicKey
        self.signature = signature
        self.signedAt = signedAt
        self.nonce = nonce
    }

    init(_ object: JSONObjectReader) throws(ClawPairError) {
        id = try object.nonEmptyString("id")
        publicKey = try object.nonEmptyString("publicKey")
        signature = try object.nonEmptyString("signature")
        signedAt = try object.integer("signedAt", atLeast: 0)
        nonce = try object.nonEmptyString("nonce")
    }

    public var json: JSONValue {
        ["id": .string(id), "publicKey": .string(publicKey), "signature": .string(signature), "signedAt": .integer(signedAt),
         "nonce": .string(nonce)]
    }
}

/// `connect.params.auth`: exactly one of `{token[, deviceToken]}`, `{bootstrapToken}`,
/// `{password}` (spec/gateway-protocol.md, "auth").
public enum ConnectAuth: Sendable, Hashable {
    /// A shared gateway token, or a stored device token sent as both `token` and
    /// `deviceToken`.
    case token(Secret, deviceToken: Secret?)
    /// A setup code's single-use bootstrap token.
    case bootstrapToken(Secret)
    case password(Secret)

    /// The token the device signs (``DeviceAuthPayload/token``): the one in `token` or
    /// `bootstrapToken`; nil for a password.
    public var signatureToken: Secret? {
        switch self {
        case .token(let token, _): token
        case .bootstrapToken(let token): token
        case .password: nil
        }
    }

    /// Reads an `auth` object; nil for `{}` (no credential). More than one kind of
    /// credential, or a `deviceToken` without a `token`, is refused.
    init?(_ object: JSONObjectReader) throws(ClawPairError) {
        let token = try object.optionalString("token")
        let deviceToken = try object.optionalString("deviceToken")
        let bootstrapToken = try object.optionalString("bootstrapToken")
        let password = try object.optionalString("password")
        switch (token, deviceToken, bootstrapToken, password) {
        case (nil, nil, nil, nil): return nil
        case (let token?, let deviceToken, nil, nil): self = .token(Secret(token), deviceToken: deviceToken.map(Secret.init))
        case (nil, nil, let bootstrap?, nil): self = .bootstrapToken(Secret(bootstrap))
        case (nil, nil, nil, let password?): self = .password(Secret(password))
        case (nil, _?, nil, nil):
            throw ClawPairError(.gatewayProtocolError, "params.auth.deviceToken comes without params.auth.token")
        default:
            throw ClawPairError(.gatewayProtocolError, "params.auth holds more than one of token, bootstrapToken and password")
        }
    }

    /// Decodes an `auth` object on its own; nil for `{}`.
    public static func decode(_ json: JSONValue) throws(ClawPairError) -> ConnectAuth? {
        try ConnectAuth(JSONObjectReader(json, path: "params.auth"))
    }

    public var json: JSONValue {
        switch self {
        case .token(let token, let deviceToken):
            var builder = JSONObjectBuilder()
            builder.set("token", token.revealed)
            builder.set("deviceToken", deviceToken?.revealed)
            return builder.json
        case .bootstrapToken(let token): return ["bootstrapToken": .string(token.revealed)]
        case .password(let password): return ["password": .string(password.revealed)]
        }
    }
}
