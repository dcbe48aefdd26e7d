/// Where pairing meets the registry: the installation's device identity (created once,
/// kept across restarts), what is already known of the gateway a code names (its pin), and
/// storing a complete pairing — entry, pin, both device tokens, proven route and
/// `lastConnectedAtMs` — in one transaction (``GatewayRegistry/storePairing(_:)``).
public enum PairingStore {
    /// This installation's device identity and instance id, created on first use.
    public static func identity(in registry: GatewayRegistry) throws(ClawPairError) -> (identity: DeviceIdentity, instanceId: String) {
        let installation = try registry.installation { try Ed25519KeyPair.generate().rawPrivateSeed }
        let keyPair = try Ed25519KeyPair(rawPrivateSeed: installation.deviceSeed)
        return (DeviceIdentity(keyPair: keyPair), installation.instanceID)
    }

    /// The registry id of the gateway `code` pairs with: the manual id of its primary route
    /// (spec/discovery.md), so pairing again with a new code for the same gateway updates the
    /// entry instead of adding one.
    public static func entryID(for code: SetupCode) -> GatewayID {
        GatewayEntry.manual(route: code.primary).id
    }

    /// The earlier record of that gateway, if any.
    public static func existing(for code: SetupCode, in registry: GatewayRegistry) throws(ClawPairError) -> GatewayRecord? {
        try registry.record(entryID(for: code))
    }

    /// The stored pin of `record` and the routes it covers (the configured and the last
    /// proven one), for ``PairingPlan``.
    public static func storedPin(_ record: GatewayRecord?) -> (pin: TLSPin?, routes: [GatewayRoute]) {
        guard let record, let pin = record.pin else { return (nil, []) }
        var routes: [GatewayRoute] = []
        if let configured = record.entry.configuredRoute { routes.append(configured) }
        if let proven = record.entry.provenRoute, let route = try? GatewayRoute(url: proven), !routes.contains(route) { routes.append(route) }
        return (.certificate(pin.hex), routes)
    }

    /// Stores `result` for `code`'s gateway in one transaction and returns the stored record.
    /// The name is `name`, else the existing entry's, else the code's, else `host:port`; of the
    /// suggested ones only a name the registry can store (a code's name comes from the gateway:
    /// an over-long one must not cost the pairing that just succeeded). The
    /// pin is kept only for a certificate the system does not vouch for; the bootstrap token
    /// is dropped (spent), an older code's shared token or password is kept.
    @discardableResult
    public static func store(
        _ result: PairingResult, code: SetupCode, name: String?, existing: GatewayRecord?, in registry: GatewayRegistry
    ) throws(ClawPairError) -> GatewayRecord {
        if let name { try GatewayRegistry.validate(name: name) }
        let suggested = [existing?.entry.name, code.name].compactMap { $0 }.first { candidate in
            (try? GatewayRegistry.validateStorable(name: candidate)) != nil
        }
        var entry = GatewayEntry.manual(route: code.primary, name: name ?? suggested)
        entry.provenRoute = result.route.url
        entry.lastConnectedAtMs = result.connectedAtMs
        entry.accessOrigin = existing?.entry.accessOrigin
        var credentials = GatewaySecrets()
        switch code.auth {
        case .token(let token): credentials.sharedToken = token
        case .password(let password): credentials.password = password
        case .bootstrapToken: break
        case .none:
            // A reconnect by URL: the gateway's older shared token or password stay.
            credentials.sharedToken = existing?.credentials.sharedToken
            credentials.password = existing?.credentials.password
        }
        credentials.customHeaders = existing?.credentials.customHeaders ?? []
        let tokens = [result.node, result.operator].map { issued in
            DeviceToken(role: issued.role, token: issued.deviceToken, scopes: issued.scopes, issuedAtMs: result.connectedAtMs)
        }
        try registry.storePairing(GatewayPairing(entry: entry, credentials: credentials, pin: result.pinToStore, deviceTokens: tokens))
        guard let record = try registry.record(entry.id) else {
            throw ClawPairError(.internalError, "the pairing was stored but its entry cannot be read back")
        }
        return record
    }
}
