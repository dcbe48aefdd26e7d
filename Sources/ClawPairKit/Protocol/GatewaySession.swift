import Synchronization

/// An authenticated gateway connection after hello-ok: requests and their responses,
/// the event stream, and liveness (spec/gateway-protocol.md, "Sequence" 4; spec/registry.md,
/// "Live sessions").
///
/// Nothing runs until the owner calls ``run()``, which reads frames, answers requests,
/// publishes events, pings every ``pingInterval`` and watches the ticks: after 2 ×
/// `tickIntervalMs` without any frame it closes with 4000 and throws
/// ``ClawPairError/Code/gatewayTickTimeout``. ``request(method:params:timeout:)`` needs
/// ``run()`` to be running to get its answer.
public final class GatewaySession: Sendable {
    /// 15 s: a WebSocket ping keeps NAT and proxy state alive and lets the gateway see us.
    public static let defaultPingInterval: Duration = .seconds(15)
    /// 4096 events buffered for a slow consumer; beyond that the oldest are dropped rather
    /// than letting a chatty gateway grow memory without bound.
    public static let eventBufferLimit = 4096

    public let hello: GatewayHello
    /// Events from the gateway, ticks included, until the session ends.
    public let events: AsyncStream<GatewayEvent>

    private let websocket: WebSocketClient
    private let correlator: GatewayRequestCorrelator
    private let eventSink: AsyncStream<GatewayEvent>.Continuation
    private let pingInterval: Duration
    private let sleep: @Sendable (Duration) async throws -> Void
    private let elapsed: @Sendable () -> Duration
    /// When the last frame arrived, as `elapsed()`.
    private let lastInbound: Mutex<Duration>
    private let closing = Mutex(false)

    /// A session over `websocket` after `hello`. `clock` runs the tick watchdog, the pings
    /// and request timeouts.
    public init<C: Clock>(
        websocket: WebSocketClient, hello: GatewayHello, clock: C = ContinuousClock(), pingInterval: Duration = defaultPingInterval
    ) where C.Duration == Duration {
        self.websocket = websocket
        self.hello = hello
        self.pingInterval = pingInterval
        correlator = GatewayRequestCorrelator(clock: clock)
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleep = { try await clock.sleep(for: $0) }
        lastInbound = Mutex(.zero)
        (events, eventSink) = AsyncStream.makeStream(of: GatewayEvent.self, bufferingPolicy: .bufferingNewest(Self.eventBufferLimit))
    }

    /// Runs the handshake on `websocket` and returns the session (not yet running).
    public static func connect<C: Clock>(
        websocket: WebSocketClient, handshake: GatewayHandshake, clock: C = ContinuousClock(),
        pingInterval: Duration = defaultPingInterval
    ) async throws(GatewayConnectError) -> GatewaySession where C.Duration == Duration {
        let hello = try await handshake.perform(on: websocket)
        return GatewaySession(websocket: websocket, hello: hello, clock: clock, pingInterval: pingInterval)
    }

    /// The tick watchdog's limit: 2 × `policy.tickIntervalMs`.
    public var tickTimeout: Duration { .milliseconds(hello.hello.policy.tickIntervalMs * 2) }

    // MARK: Requests

    /// Sends a request and waits for its response's payload. Throws ``GatewayRequestError``
    /// when the gateway answers with an error, ``ClawPairError/Code/gatewayRequestTimeout``
    /// after `timeout`, and the session's end error when it ends first.
    public func request(
        method: String, params: JSONValue? = nil, timeout: Duration = GatewayRequestCorrelator.defaultTimeout
    ) async throws -> JSONValue? {
        let id = try correlator.register()
        let text = GatewayFrame.request(GatewayRequest(id: id, method: method, params: params)).encoded()
        guard text.utf8.count <= hello.hello.policy.maxPayload else {
            correlator.cancel(id)
            throw ClawPairError(
                .gatewayRequestFailed, "the \(method) request is \(text.utf8.count) bytes, over the gateway's maxPayload")
        }
        do {
            try await websocket.send(text: text)
        } catch {
            correlator.cancel(id)
            throw error
        }
        let response = try await correlator.response(for: id, timeout: timeout)
        switch response.outcome {
        case .ok(let payload): return payload
        case .error(let shape): throw GatewayRequestError(method: method, error: shape)
        }
    }

    // MARK: Running

    /// Reads frames, pings and watches the ticks until the session ends: returns after
    /// ``close()``; throws ``ClawPairError`` otherwise (tick timeout, the gateway closed the
    /// connection, a protocol violation, a transport failure). Cancelling the task closes
    /// the connection.
    public func run() async throws {
        lastInbound.withLock { $0 = elapsed() }
        var failure: (any Error)?
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await self.readLoop() }
                group.addTask { try await self.pingLoop() }
                group.addTask { try await self.watchdog() }
                // The first child to end ends the session.
                _ = try await group.next()
                group.cancelAll()
            }
        } catch {
            failure = error
        }
        let closedByUs = closing.withLock { $0 }
        let error = Self.sessionError(failure)
        correlator.finish(throwing: error)
        eventSink.finish()
        switch (failure as? ClawPairError)?.code {
        case .gatewayTickTimeout?: await websocket.close(code: .tickTimeout, reason: "tick timeout")
        case .gatewayProtocolError?: await websocket.close(code: .protocolError, reason: "protocol error")
        default: if failure is CancellationError || closedByUs { await websocket.close(code: .normalClosure) }
        }
        if closedByUs { return }
        throw error
    }

    /// What ``run()`` throws for the failure that ended it: cancellation as is, everything
    /// else as a ``ClawPairError`` (transport failures as `GATEWAY_CLOSED` or
    /// `WS_PROTOCOL_ERROR`).
    static func sessionError(_ failure: (any Error)?) -> any Error {
        switch failure {
        case nil: ClawPairError(.gatewayClosed, "the gateway session ended")
        case let error as ClawPairError: error
        case let error as CancellationError: error
        case let error as WebSocketProtocolError:
            ClawPairError(.wsProtocolError, "the gateway broke the WebSocket protocol: \(error)")
        case let error?: ClawPairError(.gatewayClosed, "the gateway connection failed: \(error)")
        }
    }

    /// Closes the session normally; ``run()`` then returns.
    public func close() async {
        closing.withLock { $0 = true }
        await websocket.close(code: .normalClosure)
    }

    private func readLoop() async throws {
        while true {
            let message = try await websocket.receive(until: .now + .seconds(365 * 24 * 3600))
            lastInbound.withLock { $0 = elapsed() }
            switch message {
            case .text(let text):
                guard text.utf8.count <= hello.hello.policy.maxPayload else {
                    throw ClawPairError(
                        .gatewayProtocolError, "a \(text.utf8.count)-byte frame, over the session's maxPayload")
                }
                switch try GatewayFrame(decoding: text) {
                case .response(let response): correlator.resolve(response)
                case .event(let event): eventSink.yield(event)
                case .request(let request):
                    // Gateways send requests only to nodes that advertised commands; we
                    // advertise none, so refuse rather than leave the gateway waiting.
                    let answer = GatewayResponse.error(
                        id: request.id,
                        GatewayErrorShape(code: GatewayErrorShape.invalidRequestCode, message: "clawpair handles no requests"))
                    try await websocket.send(text: GatewayFrame.response(answer).encoded())
                }
            case .binary:
                throw ClawPairError(.gatewayProtocolError, "a binary message; the gateway speaks JSON text frames")
            case .close(let payload):
                if closing.withLock({ $0 }) { return }
                throw ClawPairError(.gatewayClosed, "the gateway closed the session (\(payload))")
            case .ping, .pong:
                continue
            }
        }
    }

    private func pingLoop() async throws {
        while true {
            try await sleep(pingInterval)
            try await websocket.ping()
        }
    }

    private func watchdog() async throws {
        let limit = tickTimeout
        while true {
            let silence = elapsed() - lastInbound.withLock { $0 }
            if silence >= limit {
                throw ClawPairError(
                    .gatewayTickTimeout, "no frame from the gateway for \(limit) (2 × tickIntervalMs); closed with 4000",
                    remedy: "the link or the gateway stalled; reconnect")
            }
            try await sleep(limit - silence)
        }
    }
}
