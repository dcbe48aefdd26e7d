/// `clawpair pair` as one call (spec/cli.md `pair`): reads the code (text, or the path of a
/// picture of its QR code), finds what the registry knows of the gateway (its device
/// tokens, its pin, this installation's device identity), runs ``PairingFlow`` and stores
/// the complete pairing in one transaction (``PairingStore``).
///
/// A bare gateway URL pairs only a gateway paired before (it reconnects with the stored
/// device tokens); otherwise it needs a setup code
/// (``ClawPairError/Code/pairingNeedsSetupCode``), and no registry is created for it.
public struct Pairing: Sendable {
    /// `--home`: the state directory, else the environment's (``StateDirectory/resolve(home:environment:)``).
    public var home: String?
    /// For the state directory and `CLAWPAIR_RESOLVE` (``ResolveOverrides``).
    public var environment: [String: String]
    /// The entry's name; nil keeps the existing name, else the code's, else `host:port`.
    public var name: String?
    public var trust: PairingTrustOptions
    /// How long to wait for the gateway's operator to approve.
    public var wait: Duration
    /// How this machine introduces itself (`client.displayName`).
    public var displayName: String?
    /// Unix milliseconds, for expiry checks and the registry's timestamps.
    public var nowMs: @Sendable () -> Int64
    /// Tests only: called inside the registry's transactions (``GatewayRegistry/insideTransactionHook``).
    package var insideRegistryTransaction: (@Sendable (String) -> Void)?

    public init(
        home: String? = nil, environment: [String: String] = ProcessEnvironment.current, name: String? = nil,
        trust: PairingTrustOptions = PairingTrustOptions(), wait: Duration = PairingPlan.defaultWait, displayName: String? = Pairing.hostName(),
        nowMs: @escaping @Sendable () -> Int64 = WallClock.nowMs
    ) {
        self.home = home
        self.environment = environment
        self.name = name
        self.trust = trust
        self.wait = wait
        self.displayName = displayName
        self.nowMs = nowMs
    }

    /// What a pairing stored.
    public struct Outcome: Sendable {
        /// The entry as the registry holds it now.
        public let record: GatewayRecord
        public let result: PairingResult
        /// The gateway was in the registry before.
        public let updated: Bool
    }

    /// Pairs with the gateway `input` names and stores it; `onEvent` hears of progress (from
    /// any task), the pending request's approve command among it.
    public func pair(_ input: String, onEvent: @escaping @Sendable (PairingEvent) -> Void = { _ in }) async throws(ClawPairError) -> Outcome {
        let code = try PairingInput.read(input, nowMs: nowMs())
        let directory = try StateDirectory.resolve(home: home, environment: environment)
        let bareURL = if case .none = code.auth { true } else { false }
        if bareURL && !FileAccess.exists(directory.appending(GatewayRegistry.fileName)) { try PairingInput.requireCredential(code) }
        let registry = try GatewayRegistry(stateDirectory: directory, nowMs: nowMs)
        registry.insideTransactionHook = insideRegistryTransaction
        let existing = try PairingStore.existing(for: code, in: registry)
        if bareURL && !(existing?.paired ?? false) { try PairingInput.requireCredential(code) }
        let (identity, instanceId) = try PairingStore.identity(in: registry)
        let stored = PairingStore.storedPin(existing)
        var overrides = ResolveOverrides()
        if let text = environment[ResolveOverrides.environmentVariable] { overrides = try ResolveOverrides(parsing: text) }

        var plan = PairingPlan(
            code: code, identity: identity, instanceId: instanceId, displayName: displayName, storedPin: stored.pin,
            storedRoutes: stored.routes, trust: trust, wait: wait)
        plan.storedDeviceTokens = existing?.deviceTokens ?? []
        var flow = PairingFlow(reactor: IOReactor(), overrides: overrides)
        flow.gatewayHeaders = try GatewayHeaderSources.for(record: existing, registry: registry, nowMs: nowMs())
        let result = try await flow.run(plan, onEvent: onEvent)
        let record = try PairingStore.store(result, code: code, name: name, existing: existing, in: registry)
        return Outcome(record: record, result: result, updated: existing != nil)
    }

    /// This machine's name, for the gateway's device list; nil when it has none.
    public static func hostName() -> String? {
        guard let name = HostName.current, !name.isEmpty else { return nil }
        return name
    }
}
