/// Everything one session's connection depends on (spec/registry.md: "restarts only when its
/// connection inputs change (URL, id, TLS, pin, token, password, Access token)"): a
/// reconciliation compares these and leaves a session with equal inputs alone.
///
/// Holds secrets; never print it.
public struct SessionInputs: Sendable, Hashable {
    public var kind: GatewaySessionKind
    /// The routes to try, in order: the last proven one first, then the configured one.
    public var routes: [GatewayRoute]
    /// The stored pin, and the routes it holds on (others use system trust).
    public var pin: TLSPin?
    public var pinnedRoutes: [GatewayRoute]
    /// What `connect.auth` sends: the device token for the role; a shared token or password
    /// the gateway's setup code carried.
    public var credentials: GatewayCredentials
    /// The scopes asked for: a focused operator asks for the scopes it was paired with, a
    /// fleet operator for read, write and talk.secrets, a node for none.
    public var scopes: [String]
    /// Headers the user configured for this gateway (`record.credentials.customHeaders`).
    public var customHeaders: [CustomHeader]
    /// The stored Cloudflare Access sessions of the routes' origins: a new `access login`
    /// (or `logout`) changes the inputs, so a session paused for it starts again.
    public var accessSessions: [AccessSession]

    /// The fleet operator's scopes (the app's `GatewayOperatorFleet`).
    public static let fleetScopes: [String] = [OperatorScope.read, .write, .talkSecrets].map(\.rawValue)

    /// The inputs of a `kind` session to `record`; `focused` picks the operator's scopes;
    /// `accessSessions` are every stored one (those of other origins are left out).
    public init(record: GatewayRecord, kind: GatewaySessionKind, focused: Bool, accessSessions: [AccessSession] = []) {
        self.kind = kind
        var routes: [GatewayRoute] = []
        if let proven = record.entry.provenRoute.flatMap({ try? GatewayRoute(url: $0) }) { routes.append(proven) }
        if let configured = record.entry.configuredRoute, !routes.contains(configured) { routes.append(configured) }
        self.routes = routes
        let stored = PairingStore.storedPin(record)
        pin = stored.pin
        pinnedRoutes = stored.routes
        let token = record.deviceToken(role: kind.role.rawValue)
        credentials = GatewayCredentials(
            sharedToken: record.credentials.sharedToken, password: record.credentials.password, storedDeviceToken: token?.token)
        switch kind {
        case .node: scopes = []
        case .operator: scopes = focused ? (token?.scopes ?? Self.fleetScopes) : Self.fleetScopes
        }
        customHeaders = record.credentials.customHeaders
        let origins = Set(routes.compactMap { AccessOrigin(url: $0.url)?.description })
        self.accessSessions = accessSessions.filter { origins.contains($0.origin) }
    }

    /// The pin `route` is held to; nil means system trust.
    public func pin(for route: GatewayRoute) -> TLSPin? {
        guard route.tls, let pin, pinnedRoutes.contains(route) else { return nil }
        return pin
    }

    /// Whether a credential can be sent at all.
    public var hasCredential: Bool { credentials.connectAuth != nil }

    /// What the upgrade's extra headers are made of at `nowMs`, per route
    /// (``GatewayRequestHeaders``, as probe and pair send them): the custom headers, and
    /// `Cf-Access-Token` while the route's origin has a valid session. The connector refuses
    /// a route whose session expired (``ClawPairError/Code/accessSessionExpired``).
    public func requestHeaders(nowMs: Int64) -> GatewayHeaderSources {
        GatewayHeaderSources(customHeaders: customHeaders, accessSessions: accessSessions, nowMs: nowMs)
    }

    /// Whether `route` counts as a trusted endpoint for the one device-token retry after
    /// `AUTH_TOKEN_MISMATCH` (spec/gateway-protocol.md: loopback, or `wss` with a pin).
    public func isTrustedEndpoint(_ route: GatewayRoute) -> Bool {
        route.isLoopback || (route.tls && pin(for: route) != nil)
    }
}
