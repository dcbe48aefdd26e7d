/// Everything a pairing needs before the first packet: the decoded code, this installation's
/// identity, what the registry already knows of the gateway, and the user's trust choices.
public struct PairingPlan: Sendable {
    public var code: SetupCode
    public var identity: DeviceIdentity
    /// The installation id (`client.instanceId`).
    public var instanceId: String?
    /// How this machine introduces itself (`client.displayName`), e.g. its host name.
    public var displayName: String?
    /// The pin stored for this gateway by an earlier pairing, and the routes it covers.
    public var storedPin: TLSPin?
    public var storedRoutes: [GatewayRoute]
    public var trust: PairingTrustOptions
    /// How long to wait for the gateway's operator to approve (`--wait`).
    public var wait: Duration
    /// The device tokens an earlier pairing stored for this gateway: a bare gateway URL
    /// (no credential of its own) reconnects with them.
    public var storedDeviceTokens: [DeviceToken] = []

    /// 120 s: spec/cli.md's default for `--wait`, time to walk to the gateway host and run
    /// `openclaw devices approve`.
    public static let defaultWait: Duration = .seconds(120)

    public init(
        code: SetupCode, identity: DeviceIdentity, instanceId: String? = nil, displayName: String? = nil, storedPin: TLSPin? = nil,
        storedRoutes: [GatewayRoute] = [], trust: PairingTrustOptions = PairingTrustOptions(), wait: Duration = defaultWait
    ) {
        self.code = code
        self.identity = identity
        self.instanceId = instanceId
        self.displayName = displayName
        self.storedPin = storedPin
        self.storedRoutes = storedRoutes
        self.trust = trust
        self.wait = wait
    }

    /// True when the code carries no credential but the gateway was paired before: the
    /// pairing is then a reconnect with the stored node and operator device tokens, which
    /// proves the gateway still knows this device (and says so when it does not).
    var reconnectsWithStoredTokens: Bool {
        guard case .none = code.auth else { return false }
        return storedToken(.node) != nil
    }

    func storedToken(_ role: GatewayRole) -> DeviceToken? { storedDeviceTokens.first { $0.role == role.rawValue } }

    /// The pins of spec/routes-and-tls.md: the setup code's for its primary route, then the
    /// stored one.
    var pins: PairingPins {
        PairingPins(
            setupCode: code.tlsFingerprint.map { TLSPin.certificate($0) }, setupCodeRoute: code.primary, stored: storedPin,
            storedRoutes: storedRoutes, gateway: PairingStore.entryID(for: code))
    }

    /// What the code lets the handshake present: its bootstrap token (fresh: it wins), or an
    /// older code's shared token or password.
    var credentials: GatewayCredentials {
        switch code.auth {
        case .bootstrapToken(let token): GatewayCredentials(bootstrapToken: token, freshSetupCode: true)
        case .token(let token): GatewayCredentials(sharedToken: token)
        case .password(let password): GatewayCredentials(password: password)
        case .none: GatewayCredentials()
        }
    }
}
