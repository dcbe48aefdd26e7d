/// The credentials a client knows for one gateway and role, and the rule that picks what
/// `connect.auth` sends (spec/gateway-protocol.md, "auth").
public struct GatewayCredentials: Sendable, Hashable {
    /// A shared token the user gave explicitly.
    public var sharedToken: Secret?
    /// A shared password the user gave explicitly.
    public var password: Secret?
    /// The device token stored for (deviceId, role, gateway) after an earlier pairing.
    public var storedDeviceToken: Secret?
    /// A setup code's bootstrap token.
    public var bootstrapToken: Secret?
    /// The bootstrap token comes from a setup code scanned just now: pairing with it is the
    /// point, so it wins over anything stored.
    public var freshSetupCode: Bool

    public init(
        sharedToken: Secret? = nil, password: Secret? = nil, storedDeviceToken: Secret? = nil, bootstrapToken: Secret? = nil,
        freshSetupCode: Bool = false
    ) {
        self.sharedToken = sharedToken
        self.password = password
        self.storedDeviceToken = storedDeviceToken
        self.bootstrapToken = bootstrapToken
        self.freshSetupCode = freshSetupCode
    }

    /// What to send: a fresh setup code's bootstrap token; else an explicit shared token,
    /// an explicit password, the stored device token (as `token` and `deviceToken`), and
    /// last a remembered bootstrap token (only when no token is known); nil when nothing
    /// is known.
    public var connectAuth: ConnectAuth? {
        if freshSetupCode, let bootstrapToken { return .bootstrapToken(bootstrapToken) }
        if let sharedToken { return .token(sharedToken, deviceToken: nil) }
        if let password { return .password(password) }
        if let storedDeviceToken { return .token(storedDeviceToken, deviceToken: storedDeviceToken) }
        if let bootstrapToken { return .bootstrapToken(bootstrapToken) }
        return nil
    }

    /// The one retry after `AUTH_TOKEN_MISMATCH`: the stored device token instead of the
    /// shared token (spec/gateway-protocol.md, "Pairing"). Nil when none is stored or the
    /// shared token was not what failed. The caller decides whether the endpoint is trusted
    /// enough (loopback, or `wss` with a pin).
    public var deviceTokenRetry: GatewayCredentials? {
        guard sharedToken != nil, let storedDeviceToken, !(freshSetupCode && bootstrapToken != nil) else { return nil }
        return GatewayCredentials(storedDeviceToken: storedDeviceToken)
    }
}
