/// Pairs this installation with a gateway from a setup code (spec/cli.md `pair`):
///
/// 1. picks a route (``PairingRouteSelector``: staggered race in the code's order, pins and
///    system trust, explicit trust of an unknown certificate only with the user's consent);
/// 2. connects as **node** (role `node`, mode `node`, no scopes) with the code's credential
///    and this installation's signed device identity; while the gateway reports the pairing
///    request pending, reports its request id and `openclaw devices approve <id>`, then
///    retries on the same route with the same bootstrap token, backing off, until approved,
///    rejected, expired or ``PairingPlan/wait`` runs out;
/// 3. connects as **operator** (mode `ui`) with the operator device token the node's hello-ok
///    handed out (a setup-code bootstrap returns both), asking for exactly the granted scopes;
///    without one, with the code's credential and the scopes its access level allows.
///
/// A bare gateway URL for a gateway paired before (``PairingPlan/storedDeviceTokens``)
/// reconnects both sessions with the stored device tokens instead; a refused one means the
/// gateway forgot this device (``PairingRemedy/deviceTokenRejected(_:gateway:)``).
///
/// Complete only when both tokens arrived; otherwise ``ClawPairError/Code/pairingIncomplete``
/// and nothing to store. Credentials are sent only on a connection whose TLS peer passed
/// the trust policy (or plaintext to a local host).
public struct PairingFlow<C: Clock>: Sendable where C.Duration == Duration {
    /// 500 ms: the first retry while a request is pending; doubling from there.
    public static var initialBackoff: Duration { .milliseconds(500) }
    /// 4 s: the longest pause between retries while pending, so an approval is picked up within
    /// a few seconds without hammering the gateway (each retry is one connect).
    public static var maximumBackoff: Duration { .seconds(4) }
    /// 3 lost connections in a row while waiting end pairing: the gateway went away.
    static var maximumTransientFailures: Int { 3 }

    let reactor: IOReactor
    public var overrides: ResolveOverrides
    public var tls: TLSConfiguration
    public var extraHeaders: HTTPHeaders
    /// The entry's custom headers and the stored Access sessions, sent per route before
    /// ``extraHeaders`` (``GatewayRequestHeaders``).
    public var gatewayHeaders = GatewayHeaderSources()
    public var stagger: Duration
    public var clock: C

    public init(
        reactor: IOReactor, overrides: ResolveOverrides = ResolveOverrides(), tls: TLSConfiguration = TLSConfiguration(),
        extraHeaders: HTTPHeaders = HTTPHeaders(), stagger: Duration = HappyEyeballs.connectionAttemptDelay, clock: C
    ) {
        self.reactor = reactor
        self.overrides = overrides
        self.tls = tls
        self.extraHeaders = extraHeaders
        self.stagger = stagger
        self.clock = clock
    }

    func routeConnector(_ deadline: CommandDeadline?) -> PairingRouteConnector {
        PairingRouteConnector(
            reactor: reactor, overrides: overrides, tls: tls, extraHeaders: extraHeaders, gatewayHeaders: gatewayHeaders, deadline: deadline)
    }

    /// Runs the pairing; `onEvent` hears of progress (from any task).
    public func run(_ plan: PairingPlan, onEvent: @escaping @Sendable (PairingEvent) -> Void = { _ in }) async throws(ClawPairError) -> PairingResult {
        if !plan.reconnectsWithStoredTokens { try PairingInput.requireCredential(plan.code) }
        let storedNode = plan.reconnectsWithStoredTokens ? plan.storedToken(.node) : nil
        let storedOperator = plan.reconnectsWithStoredTokens ? plan.storedToken(.operator) : nil
        // --wait bounds the whole pairing (issue 16, item 6): every connect, TLS handshake,
        // upgrade and gateway handshake ends by then, and so does the wait for approval.
        // --wait 0 only means "do not wait for approval": the steps keep their own bounds.
        let deadline = plan.wait > .zero ? CommandDeadline(after: plan.wait) : nil
        var waiter = ApprovalWaiter(wait: plan.wait, clock: clock)
        let connector = routeConnector(deadline)
        let selector = PairingRouteSelector(connector: connector, pins: plan.pins, trust: plan.trust, stagger: stagger, clock: clock)
        let opened = try await selector.select(plan.code.routes, onEvent: onEvent)
        onEvent(.routeSelected(opened.route))

        // Node first: its hello-ok carries the operator token too (spec/gateway-protocol.md "auth").
        var node = GatewayHandshake(
            kind: .node, identity: plan.identity,
            credentials: storedNode.map { GatewayCredentials(storedDeviceToken: $0.token) } ?? plan.credentials,
            instanceId: plan.instanceId, displayName: plan.displayName)
        node.scopes = []
        let nodeHello = try await connect(node, first: opened, connector: connector, waiter: &waiter, onEvent: onEvent)
        let nodeAuth = nodeHello.hello.auth
        guard let nodeToken = nodeAuth?.deviceToken ?? storedNode?.token else {
            throw Self.incomplete("the gateway accepted the node session but issued no device token")
        }
        onEvent(.granted(.node, scopes: nodeAuth?.scopes ?? []))
        let issuedOperator = nodeAuth?.deviceTokens?.first { $0.role == GatewayRole.operator.rawValue }

        var operatorHandshake: GatewayHandshake
        if let issuedOperator {
            operatorHandshake = GatewayHandshake(
                kind: .operator, identity: plan.identity, credentials: GatewayCredentials(storedDeviceToken: issuedOperator.deviceToken),
                instanceId: plan.instanceId, displayName: plan.displayName)
            operatorHandshake.scopes = issuedOperator.scopes
        } else if let storedOperator {
            operatorHandshake = GatewayHandshake(
                kind: .operator, identity: plan.identity, credentials: GatewayCredentials(storedDeviceToken: storedOperator.token),
                instanceId: plan.instanceId, displayName: plan.displayName)
            operatorHandshake.scopes = storedOperator.scopes
        } else {
            operatorHandshake = GatewayHandshake(
                kind: .operator, identity: plan.identity, credentials: plan.credentials, instanceId: plan.instanceId,
                displayName: plan.displayName)
            operatorHandshake.scopes = plan.code.access.operatorScopes
        }
        let operatorHello: OpenHello
        do {
            let second = try await reopen(opened, connector)
            operatorHello = try await connect(operatorHandshake, first: second, connector: connector, waiter: &waiter, onEvent: onEvent)
        } catch {
            throw Self.incomplete("the node credential arrived but the operator session failed: \(error.message)")
        }
        let operatorAuth = operatorHello.hello.auth
        guard let operatorToken = operatorAuth?.deviceToken ?? issuedOperator?.deviceToken ?? storedOperator?.token else {
            throw Self.incomplete("the gateway accepted the operator session but issued no operator device token")
        }
        let operatorScopes = operatorAuth?.scopes ?? issuedOperator?.scopes ?? []
        onEvent(.granted(.operator, scopes: operatorScopes))
        // Both sessions proved the route: close them politely; the daemon opens its own.
        await operatorHello.close()
        await nodeHello.close()

        return PairingResult(
            route: opened.route, peer: opened.peer, trust: opened.trust,
            node: IssuedDeviceToken(deviceToken: nodeToken, role: nodeAuth?.role ?? GatewayRole.node.rawValue, scopes: nodeAuth?.scopes ?? []),
            operator: IssuedDeviceToken(deviceToken: operatorToken, role: GatewayRole.operator.rawValue, scopes: operatorScopes),
            serverVersion: operatorHello.hello.server.version, requestIds: waiter.requestIds, connectedAtMs: WallClock.nowMs())
    }

    /// The same route again, held to the same pin as the first time (every pin and every
    /// explicit trust opens with one; system trust stays system trust).
    func reopen(_ opened: PairingOpenedRoute, _ connector: PairingRouteConnector) async throws(ClawPairError) -> PairingOpenedRoute {
        do { return try await connector.open(opened.route, pin: opened.pin) } catch { throw error.error }
    }

    /// One session kind's handshake, retried while the gateway says to wait.
    func connect(
        _ handshake: GatewayHandshake, first: PairingOpenedRoute, connector: PairingRouteConnector, waiter: inout ApprovalWaiter<C>,
        onEvent: @Sendable (PairingEvent) -> Void
    ) async throws(ClawPairError) -> OpenHello {
        var connection = first
        var transientFailures = 0
        onEvent(.connecting(handshake.kind))
        while true {
            let failure: GatewayConnectError
            do {
                let hello = try await handshake.perform(on: connection.websocket, within: connector.deadline)
                return OpenHello(hello: hello.hello, websocket: connection.websocket)
            } catch {
                failure = error
            }
            let delay: Duration
            switch failure {
            case .waitThenRetry(let request, let retryAfterMs):
                waiter.pending(request, kind: handshake.kind, onEvent: onEvent)
                delay = waiter.nextDelay(retryAfterMs: retryAfterMs)
            case .pairingRequired(let request):
                waiter.pending(request, kind: handshake.kind, onEvent: onEvent)
                delay = waiter.nextDelay(retryAfterMs: nil)
            case .rateLimited(let retryAfterMs, _), .unavailable(let retryAfterMs, _):
                delay = waiter.nextDelay(retryAfterMs: retryAfterMs)
            case .connectionFailed, .noChallenge, .timedOut:
                transientFailures += 1
                guard transientFailures < Self.maximumTransientFailures else { throw failure.clawPairError }
                delay = waiter.nextDelay(retryAfterMs: nil)
            case .deviceTokenMismatch(let message):
                throw PairingRemedy.deviceTokenRejected(message)
            default:
                throw failure.clawPairError
            }
            try await waiter.sleep(delay, giveUpWith: failure)
            onEvent(.retrying(after: delay, reason: failure.message))
            connection = try await reopen(connection, connector)
        }
    }

    static func incomplete(_ why: String) -> ClawPairError {
        ClawPairError(
            .pairingIncomplete, "setup incomplete — \(why); nothing was stored and earlier credentials of this gateway are kept",
            remedy: "pair again: \(SetupCodeRemedy.pairAgain)")
    }
}

extension PairingFlow where C == ContinuousClock {
    public init(
        reactor: IOReactor, overrides: ResolveOverrides = ResolveOverrides(), tls: TLSConfiguration = TLSConfiguration(),
        extraHeaders: HTTPHeaders = HTTPHeaders(), stagger: Duration = HappyEyeballs.connectionAttemptDelay
    ) {
        self.init(reactor: reactor, overrides: overrides, tls: tls, extraHeaders: extraHeaders, stagger: stagger, clock: ContinuousClock())
    }
}

/// A finished handshake with its still-open WebSocket.
struct OpenHello: Sendable {
    let hello: HelloOk
    let websocket: WebSocketClient

    func close() async { await websocket.close(code: .normalClosure, reason: "paired") }
}

/// The patience of a pairing: the `--wait` budget (counted from the start of the pairing:
/// `--wait` bounds the whole command), the backoff between retries, and the request ids seen.
struct ApprovalWaiter<C: Clock>: Sendable where C.Duration == Duration {
    let wait: Duration
    let clock: C
    private(set) var requestIds: [String] = []
    private let deadline: C.Instant
    private var backoff: Duration = .zero
    private var lastRequest: GatewayConnectError.PairingRequest?
    /// A request without a usable id was reported (so retries do not repeat it).
    private var reportedWithoutId = false

    init(wait: Duration, clock: C) {
        self.wait = wait
        self.clock = clock
        deadline = clock.now.advanced(by: wait)
    }

    /// Notes a pending request; reports it once per request id.
    mutating func pending(_ request: GatewayConnectError.PairingRequest, kind: GatewaySessionKind, onEvent: @Sendable (PairingEvent) -> Void) {
        lastRequest = request
        if let id = request.requestId {
            guard !requestIds.contains(id) else { return }
            requestIds.append(id)
        } else {
            guard requestIds.isEmpty, !reportedWithoutId else { return }
            reportedWithoutId = true
        }
        onEvent(.pending(request, kind: kind))
    }

    /// The next pause: the gateway's `retryAfterMs` when given (clamped), else the backoff.
    mutating func nextDelay(retryAfterMs: Int64?) -> Duration {
        backoff = backoff == .zero ? PairingFlow<C>.initialBackoff : min(backoff * 2, PairingFlow<C>.maximumBackoff)
        if let retryAfterMs, retryAfterMs > 0 {
            return min(.milliseconds(retryAfterMs), PairingFlow<C>.maximumBackoff * 4)
        }
        return backoff
    }

    /// Sleeps `delay`, or throws when that would pass the `--wait` deadline.
    mutating func sleep(_ delay: Duration, giveUpWith failure: GatewayConnectError) async throws(ClawPairError) {
        guard clock.now.advanced(by: delay) <= deadline else {
            if let request = lastRequest {
                let id = request.requestId.map { " (request \($0))" } ?? ""
                throw ClawPairError(
                    .pairingTimedOut, "the gateway did not approve this device within \(wait.secondsText) s\(id)",
                    remedy: request.approveCommand.map { "run `\($0)` on the gateway host, then pair again (a longer --wait helps)" }
                        ?? "approve this device on the gateway host (`openclaw devices list`), then pair again"
                        + (request.refusal.map { " (\($0))" } ?? ""))
            }
            throw failure.clawPairError
        }
        do { try await clock.sleep(for: delay) } catch { throw ClawPairError(.internalError, "pairing was cancelled") }
    }
}

/// Words for a gateway that no longer knows this device.
public enum PairingRemedy {
    /// The stored device token was refused (`AUTH_DEVICE_TOKEN_MISMATCH`): the gateway forgot
    /// or revoked this device. Only a new pairing helps.
    public static func deviceTokenRejected(_ detail: String, gateway: String? = nil) -> ClawPairError {
        ClawPairError(
            .deviceTokenMismatch,
            "the gateway\(gateway.map { " \($0)" } ?? "") no longer knows this device (its device token was rejected: \(detail))",
            remedy: "re-pair: \(SetupCodeRemedy.pairAgain)")
    }
}
