/// The credential a setup code carries, if any.
public enum SetupAuth: Sendable, Hashable {
    /// Single-use bearer for one device, valid about ten minutes (current gateways).
    case bootstrapToken(Secret)
    /// The gateway's shared token (older gateways, deep links).
    case token(Secret)
    /// The gateway's shared password (older gateways, deep links).
    case password(Secret)
    case none

    /// The JSON `auth.kind` value of spec/cli.md.
    public var kind: String {
        switch self {
        case .bootstrapToken: "bootstrapToken"
        case .token: "token"
        case .password: "password"
        case .none: "none"
        }
    }

    public var secret: Secret? {
        switch self {
        case .bootstrapToken(let s), .token(let s), .password(let s): s
        case .none: nil
        }
    }
}
