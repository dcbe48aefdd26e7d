import Synchronization

/// One session the daemon keeps connected (spec/registry.md "Live sessions"): tries the
/// routes in order (the proven one first), each held to its pin or system trust before any
/// credential is sent; runs the handshake; keeps the session (pings, tick watchdog) until it
/// ends; then retries with backoff and jitter, waits what the gateway asked for, or pauses
/// until the user acts. ``stop()`` ends it at once, closing an open session with 1000.
public final class LiveSession: Sendable {
    public let key: DaemonSessionKey
    public let inputs: SessionInputs
    public let schedule: ReconnectBackoff.Schedule
    private let environment: SessionEnvironment
    private let stopSignal = Latch()
    private let current: Mutex<SessionStatus>
    private let onChange: @Sendable (DaemonSessionKey, SessionStatus) -> Void

    public init(
        key: DaemonSessionKey, inputs: SessionInputs, focused: Bool, environment: SessionEnvironment,
        onChange: @escaping @Sendable (DaemonSessionKey, SessionStatus) -> Void
    ) {
        self.key = key
        self.inputs = inputs
        schedule = focused ? .focused : .fleet
        self.environment = environment
        self.onChange = onChange
        current = Mutex(SessionStatus(kind: key.kind, state: .connecting, sinceMs: environment.nowMs()))
    }

    public var status: SessionStatus { current.withLock { $0 } }

    /// Ends the session: ``run()`` returns soon after (an open session is closed with 1000).
    public func stop() { stopSignal.fire() }

    /// Connects and reconnects until ``stop()``.
    public func run() async {
        var attempt = 0
        var useDeviceToken = false
        var random = SystemRandomNumberGenerator()
        loop: while !stopSignal.isFired {
            if let reason = missingInput {
                update { status in
                    status.state = .paused
                    status.lastError = SessionStatus.Failure(
                        code: ClawPairError.Code.daemonSessionUnpaired.rawValue, message: reason.message, remedy: reason.remedy)
                }
                await stopSignal.wait()
                break loop
            }
            update { status in
                status.state = .connecting
                status.nextRetryAtMs = nil
            }
            let connectAsDeviceToken = useDeviceToken
            guard let attemptResult = await stopSignal.racing({ await self.connectOnce(deviceTokenRetry: connectAsDeviceToken) }) else { break loop }
            let decision: ReconnectDecision
            switch attemptResult {
            case .connected(let session, let route):
                attempt = 0
                useDeviceToken = false
                decision = await keep(session, route: route)
                if stopSignal.isFired { break loop }
            case .failed(let failure, let why, let route):
                update { status in
                    status.lastError = failure
                    if let route { status.route = route }
                }
                decision = why
                if case .retryWithDeviceToken = why { useDeviceToken = true } else { useDeviceToken = false }
            }
            let delay: Duration
            switch decision {
            case .pause(let reason):
                update { status in
                    status.state = .paused
                    status.nextRetryAtMs = nil
                    // The code stays the failure's (AUTH_DEVICE_TOKEN_MISMATCH, TLS_PIN_MISMATCH, …).
                    status.lastError = SessionStatus.Failure(
                        code: status.lastError?.code ?? ClawPairError.Code.gatewayRequestFailed.rawValue, message: reason.message,
                        remedy: reason.remedy)
                }
                await stopSignal.wait()
                continue
            case .backoff:
                delay = ReconnectBackoff.delay(schedule, attempt: attempt, using: &random)
                attempt += 1
            case .retryAfter(let wait):
                delay = wait + ReconnectBackoff.jittered(ReconnectBackoff.jitterFloor * 5, using: &random)
            case .retryWithDeviceToken:
                delay = ReconnectBackoff.deviceTokenRetryDelay
            }
            update { status in
                status.state = .backoff
                status.nextRetryAtMs = environment.nowMs() + delay.wholeMilliseconds
            }
            if await stopSignal.racing({ try? await Task.sleep(for: delay) }) == nil { break loop }
        }
        update { status in
            status.state = .stopped
            status.nextRetryAtMs = nil
        }
    }

    /// Why the session cannot even try, if so.
    private var missingInput: ReconnectDecision.PauseReason? {
        if inputs.routes.isEmpty {
            return ReconnectDecision.PauseReason(
                message: "the entry has no route", remedy: "pair it again: \(SetupCodeRemedy.pairAgain)")
        }
        if !inputs.hasCredential {
            return ReconnectDecision.PauseReason(
                message: "this device is not paired with the gateway (no \(key.kind.role.rawValue) device token)",
                remedy: SetupCodeRemedy.pairAgain)
        }
        return nil
    }

    // MARK: One attempt

    enum AttemptResult: Sendable {
        case connected(GatewaySession, route: String)
        case failed(SessionStatus.Failure, ReconnectDecision, route: String?)
    }

    /// Tries the routes in order; the first that opens runs the handshake (a refusal there is
    /// the gateway's answer, so later routes are not tried).
    private func connectOnce(deviceTokenRetry: Bool) async -> AttemptResult {
        let connector = PairingRouteConnector(
            reactor: environment.reactor, overrides: environment.overrides, tls: environment.tls, extraHeaders: HTTPHeaders(),
            gatewayHeaders: inputs.requestHeaders(nowMs: environment.nowMs()))
        var lastFailure: (ClawPairError, String)?
        for route in inputs.routes {
            update { $0.route = route.url }
            let opened: PairingOpenedRoute
            do {
                opened = try await connector.open(route, pin: inputs.pin(for: route))
            } catch {
                let decision = ReconnectDecision.after(routeFailure: error.error, gateway: key.gateway)
                if case .pause = decision { return .failed(SessionStatus.Failure(error.error), decision, route: route.url) }
                lastFailure = (error.error, route.url)
                continue
            }
            return await handshake(on: opened, deviceTokenRetry: deviceTokenRetry)
        }
        let (error, route) = lastFailure ?? (ClawPairError(.tcpFailed, "no route could be tried"), inputs.routes.first?.url ?? "")
        return .failed(SessionStatus.Failure(error), .backoff, route: route)
    }

    private func handshake(on opened: PairingOpenedRoute, deviceTokenRetry: Bool) async -> AttemptResult {
        var credentials = inputs.credentials
        if deviceTokenRetry, let retry = credentials.deviceTokenRetry { credentials = retry }
        var handshake = GatewayHandshake(
            kind: key.kind, identity: environment.identity, credentials: credentials, instanceId: environment.instanceId,
            displayName: environment.displayName)
        handshake.scopes = inputs.scopes
        let refusal = Mutex<GatewayErrorShape?>(nil)
        handshake.onRefusal = { shape in refusal.withLock { $0 = shape } }
        do {
            let session = try await GatewaySession.connect(websocket: opened.websocket, handshake: handshake)
            return .connected(session, route: opened.route.url)
        } catch {
            let shape = refusal.withLock { $0 }
            let canRetry = !deviceTokenRetry && inputs.credentials.deviceTokenRetry != nil && inputs.isTrustedEndpoint(opened.route)
            let decision = ReconnectDecision.after(
                error, details: shape?.detailsView, retryable: shape?.retryable, gateway: key.gateway, canRetryWithDeviceToken: canRetry)
            return .failed(SessionStatus.Failure(error.clawPairError), decision, route: opened.route.url)
        }
    }

    // MARK: A connected session

    /// Keeps `session` until it ends or the session is stopped (then closes it with 1000);
    /// what to do next.
    private func keep(_ session: GatewaySession, route: String) async -> ReconnectDecision {
        let connectedAt = environment.nowMs()
        update { status in
            status.state = .connected
            status.route = route
            status.lastError = nil
            status.nextRetryAtMs = nil
        }
        environment.recordConnection(key.gateway, connectedAt, route)
        let ended = await withTaskGroup(of: SessionStatus.Failure?.self) { group -> SessionStatus.Failure? in
            group.addTask {
                do {
                    try await session.run()
                    return nil
                } catch let error as ClawPairError {
                    return SessionStatus.Failure(error)
                } catch {
                    return SessionStatus.Failure(code: ClawPairError.Code.gatewayClosed.rawValue, message: "\(error)")
                }
            }
            group.addTask {
                await self.stopSignal.wait()
                // Cancelled because the session ended first: nothing left to close.
                if !Task.isCancelled { await session.close() }
                return nil
            }
            if key.kind == .node {
                group.addTask {
                    await self.sendPresence(on: session)
                    await self.stopSignal.wait()
                    return nil
                }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        if let ended {
            update { $0.lastError = ended }
            environment.log.event("session ended", key: key, fields: [("code", ended.code), ("message", ended.message)])
        }
        return .backoff
    }

    /// The presence beacon after a node connect, unless one succeeded within 10 minutes.
    private func sendPresence(on session: GatewaySession) async {
        let now = environment.nowMs()
        guard environment.presence.isDue(key.gateway, nowMs: now) else { return }
        let outcome: PresenceOutcome
        do {
            let answer = try await session.request(
                method: PresenceBeacon.method, params: PresenceBeacon.params(sentAtMs: now, displayName: environment.displayName))
            outcome = PresenceOutcome(answer: answer, atMs: environment.nowMs())
        } catch let error as GatewayRequestError {
            outcome = PresenceOutcome(state: .failed, atMs: environment.nowMs(), reason: error.error.message)
        } catch {
            outcome = PresenceOutcome(state: .failed, atMs: environment.nowMs(), reason: "\(error)")
        }
        if outcome.state == .recorded { environment.presence.recorded(key.gateway, atMs: outcome.atMs) }
        update { $0.presence = outcome }
    }

    // MARK: Status

    /// Changes the status; a change of state restarts `since`; every change is reported.
    private func update(_ change: (inout SessionStatus) -> Void) {
        let now = environment.nowMs()
        let (before, after) = current.withLock { status -> (SessionStatus, SessionStatus) in
            let before = status
            change(&status)
            if status.state != before.state { status.sinceMs = now }
            return (before, status)
        }
        guard after != before else { return }
        if after.state != before.state {
            var fields: [(String, String)] = [("state", after.state.rawValue)]
            if let route = after.route { fields.append(("route", route)) }
            if let error = after.lastError, after.state != .connected { fields += [("code", error.code), ("message", error.message)] }
            if let next = after.nextRetryAtMs { fields.append(("retryInMs", String(max(0, next - now)))) }
            environment.log.event("session", key: key, fields: fields)
        }
        onChange(key, after)
    }
}
