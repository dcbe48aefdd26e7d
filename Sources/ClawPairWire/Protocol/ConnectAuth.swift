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
