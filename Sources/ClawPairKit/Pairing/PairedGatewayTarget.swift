/// A paired gateway as the target of `clawpair probe` (spec/cli.md: "TARGET is a registry id
/// or name, …"): its routes start with the last proven one (spec/routes-and-tls.md, route
/// order 1), and its stored pin holds on the routes it was proven on.
public struct PairedGatewayTarget: Sendable {
    public let id: GatewayID
    public let name: String
    /// The entry's configured route (a manual entry's host and port), if any.
    public let configuredRoute: GatewayRoute?
    /// The route that last completed a connection, if any.
    public let provenRoute: GatewayRoute?
    /// The stored pin and the routes it covers.
    public let pin: TLSPin?
    public let pinnedRoutes: [GatewayRoute]
    /// The entry's custom headers (service tokens), sent on every request.
    public var customHeaders: [CustomHeader] = []
    /// What the registry holds secret for it (device tokens, shared token, password,
    /// bootstrap token, custom header values): a probe never sends them, and hides them if a
    /// server shows them anyway (``KnownSecrets``).
    public let storedSecrets: [Secret]

    /// The entry `text` names (exact id, exact name or unique id prefix) in the registry of
    /// `directory`; nil when there is no registry there (it is not created), the text names
    /// no entry, or the entry has no route. Text that names several entries is
    /// `REGISTRY_AMBIGUOUS` (with the candidates), not a guess at a host of that name.
    public static func lookup(_ text: String, in directory: StateDirectory) throws(ClawPairError) -> PairedGatewayTarget? {
        let path = directory.appending(GatewayRegistry.fileName)
        guard FileAccess.exists(path), let registry = try? GatewayRegistry(path: path) else { return nil }
        guard let id = try registry.resolveIfKnown(text), let record = try? registry.record(id) else { return nil }
        let proven = record.entry.provenRoute.flatMap { try? GatewayRoute(url: $0) }
        let configured = record.entry.configuredRoute
        guard proven != nil || configured != nil else { return nil }
        let stored = PairingStore.storedPin(record)
        let credentials = record.credentials
        let secrets = record.deviceTokens.map(\.token) + credentials.customHeaders.map(\.value)
            + [credentials.sharedToken, credentials.password, credentials.bootstrapToken].compactMap { $0 }
        return PairedGatewayTarget(
            id: id, name: record.entry.name, configuredRoute: configured, provenRoute: proven, pin: stored.pin, pinnedRoutes: stored.routes,
            customHeaders: credentials.customHeaders, storedSecrets: secrets)
    }

    /// The probe plan: the proven route first, then the configured one; each `wss` route the
    /// stored pin covers is held to it, unless `fingerprint` (`--fingerprint`) replaces it
    /// for every `wss` route.
    public func plan(fingerprint: TLSPin?) -> ProbePlan {
        let route = configuredRoute ?? provenRoute!
        var plan = ProbePlan(target: .url(route), registryRoute: provenRoute, fingerprint: fingerprint)
        plan.target = "\(name) (\(id.rawValue))"
        if fingerprint == nil, let pin {
            for candidate in plan.candidates where candidate.route.tls && pinnedRoutes.contains(candidate.route) {
                plan.pins[candidate.order] = pin
            }
        }
        return plan
    }
}
