import ClawPairKit

/// One client connection to `clawpair sim`, from the HTTP upgrade to the end: the challenge,
/// the `connect` decision, then ticks and requests until the client leaves. Runs in its own
/// task; every wait goes through the ``IOReactor``, so idle sessions cost no thread.
struct SimSession: Sendable {
    /// 10 s for the TLS handshake and the HTTP upgrade request.
    static let upgradeTimeout: Duration = .seconds(10)
    /// 30 s from the challenge to the `connect` request: the whole connect budget of a client.
    static let connectTimeout: Duration = .seconds(30)
    /// 8 s: a `slow-challenge` arrives after a client's 6 s wait for it.
    static let slowChallengeDelay: Duration = .seconds(8)
    /// One hour: how long one read of an idle session waits before it simply waits again.
    static let idleReadWindow: Duration = .seconds(3600)

    let gateway: SimGatewayContext
    let connectionNumber: Int

    func run(_ tcp: TCPConnection) async {
        let remote = tcp.remoteAddress.description
        tcp.setNoDelay()
        let stream: any ByteStream
        if let tls = gateway.tls {
            guard let session = try? await TLSServerSession.accept(over: tcp, context: tls, until: .now + Self.upgradeTimeout)
            else { return }
            stream = session
        } else {
            stream = tcp
        }
        guard let request = try? await HTTPServerRequestReader.read(from: stream, until: .now + Self.upgradeTimeout) else {
            await stream.close(until: .now + .seconds(1))
            return
        }
        let state = gateway.state
        let attempt = state.beginAttempt(remoteAddress: remote, now: WallClock.nowMs())

        if state.isArmed(.accessChallenge) {
            state.updateAttempt(attempt) { $0.outcome = SimAttemptOutcome.accessChallenge }
            try? await HTTPServerRequestReader.respond(
                on: stream, status: 302, reason: "Found", headers: gateway.accessChallengeHeaders(request.head),
                until: .now + Self.upgradeTimeout)
            await stream.close(until: .now + .seconds(1))
            return
        }
        let accept: HTTPResponseHead
        do {
            accept = try WebSocketServerHandshake.accept(request.head)
        } catch {
            state.updateAttempt(attempt) { $0.outcome = SimAttemptOutcome.upgradeRejected }
            try? await stream.write(try error.responseHead.encoded(), until: .now + Self.upgradeTimeout)
            await stream.close(until: .now + .seconds(1))
            return
        }
        do {
            try await stream.write(try accept.encoded(), until: .now + Self.upgradeTimeout)
        } catch {
            state.updateAttempt(attempt) { $0.outcome = SimAttemptOutcome.upgradeFailed }
            return
        }
        let socket = WebSocketServerConnection(
            stream: stream, remoteAddress: tcp.remoteAddress, initialBytes: request.remainingBytes,
            maximumMessageSize: GatewayFrame.preAuthMaximumBytes)
        gateway.connections.add(connectionNumber, socket)
        defer { gateway.connections.remove(connectionNumber) }
        var tailscaleLogin: String?
        if let serve = gateway.evaluator.tailscale {
            let (check, login) = serve.check(headers: request.head.headers, peer: tcp.remoteAddress.ip)
            state.updateAttempt(attempt) { $0.tailscale = check.rawValue }
            tailscaleLogin = login
        }
        await converse(
            socket, attempt: attempt, clientAddress: tcp.remoteAddress.ip.description, tailscaleLogin: tailscaleLogin)
    }

    // MARK: The handshake

    private func converse(_ socket: WebSocketServerConnection, attempt: Int, clientAddress: String, tailscaleLogin: String?) async {
        let state = gateway.state
        let connectDeadline = ContinuousClock.now + Self.connectTimeout
        var challenge: ConnectChallenge?
        if !state.isArmed(.noChallenge) {
            if state.isArmed(.slowChallenge) {
                guard (try? await Task.sleep(for: Self.slowChallengeDelay)) != nil else { return }
            }
            let sent = ConnectChallenge(nonce: SimRandom.nonce(), ts: WallClock.nowMs())
            guard (try? await socket.send(text: GatewayFrame.event(sent.event).encoded())) != nil else {
                state.updateAttempt(attempt) { $0.outcome = SimAttemptOutcome.noConnect }
                return
            }
            challenge = sent
        }

        let message: WebSocketMessage
        do {
            message = try await socket.receive(until: connectDeadline)
        } catch let error as WebSocketProtocolError where error.code == .messageTooBig {
            state.updateAttempt(attempt) { $0.outcome = SimAttemptOutcome.frameTooLarge }
            return
        } catch let error as NetworkError where error.code == .timedOut {
            state.updateAttempt(attempt) { $0.outcome = SimAttemptOutcome.noConnect }
            await socket.close(code: .policyViolation, reason: "connect timeout")
            return
        } catch {
            state.updateAttempt(attempt) { $0.outcome = SimAttemptOutcome.noConnect }
            return
        }
        guard case .text(let text) = message else {
            let closed = if case .close = message { true } else { false }
            state.updateAttempt(attempt) { $0.outcome = closed ? SimAttemptOutcome.noConnect : SimAttemptOutcome.notConnect }
            if !closed { await socket.close(code: .policyViolation, reason: "invalid handshake: first frame must be connect") }
            return
        }
        guard let frame = try? GatewayFrame(decoding: text), case .request(let request) = frame,
            request.method == ConnectParams.method
        else {
            state.updateAttempt(attempt) { $0.outcome = SimAttemptOutcome.notConnect }
            if case .request(let other)? = try? GatewayFrame(decoding: text) {
                let error = GatewayErrorShape(
                    code: GatewayErrorShape.invalidRequestCode, message: "invalid handshake: first request must be connect")
                try? await socket.send(text: GatewayFrame.response(.error(id: other.id, error)).encoded())
            }
            await socket.close(code: .policyViolation, reason: "invalid handshake: first request must be connect")
            return
        }
        state.updateAttempt(attempt) { record in
            record.sentConnect = true
            record.clientId = request.params?["client"]?["id"]?.stringValue
            record.mode = request.params?["client"]?["mode"]?.stringValue
            record.role = request.params?["role"]?.stringValue ?? "operator"
            record.deviceId = request.params?["device"]?["id"]?.stringValue
        }
        if state.isArmed(.closeMidHandshake) {
            state.updateAttempt(attempt) { $0.outcome = SimAttemptOutcome.faultCloseMidHandshake }
            return  // the connection drops when the session's socket goes away
        }
        if state.isArmed(.close1008) {
            state.updateAttempt(attempt) { $0.outcome = SimAttemptOutcome.faultClose1008 }
            await socket.close(code: .policyViolation, reason: "fault: close-1008")
            return
        }
        guard let challenge else {
            // A connect without a challenge (no-challenge fault): nothing it signed can match.
            state.updateAttempt(attempt) { $0.outcome = GatewayErrorDetailCode.nonceMismatch.rawValue }
            let refusal = SimRefusal.deviceAuth(.nonceMismatch)  // no challenge was issued
            try? await socket.send(text: GatewayFrame.response(.error(id: request.id, refusal.error)).encoded())
            await socket.close(code: refusal.closeCode, reason: refusal.closeReason)
            return
        }

        let verdict: SimConnectVerdict
        if state.isArmed(.startup) {
            verdict = .refuse(.startingUp)
        } else if state.isArmed(.rateLimit) {
            verdict = .refuse(.rateLimited())
        } else {
            verdict = gateway.evaluator.evaluate(
                params: request.params, challenge: challenge, now: WallClock.nowMs(), clientAddress: clientAddress,
                tailscaleLogin: tailscaleLogin)
        }
        switch verdict {
        case .refuse(let refusal):
            state.updateAttempt(attempt) { record in
                record.outcome = refusal.outcome
                record.requestId = refusal.requestId
                record.authKind = refusal.authKind ?? record.authKind
            }
            try? await socket.send(text: GatewayFrame.response(.error(id: request.id, refusal.error)).encoded())
            await socket.close(code: refusal.closeCode, reason: refusal.closeReason)
        case .accept(let acceptance):
            if let token = acceptance.consumedBootstrapToken { state.consumeBootstrapToken(token) }
            state.updateAttempt(attempt) { record in
                record.outcome = SimAttemptOutcome.ok
                record.authKind = acceptance.authKind
            }
            await serve(socket, request: request, acceptance: acceptance)
        }
    }

    // MARK: The authenticated session

    private func serve(_ socket: WebSocketServerConnection, request: GatewayRequest, acceptance: SimAcceptance) async {
        let state = gateway.state
        let connId = "conn-\(connectionNumber)"
        let tickInterval = gateway.tickInterval
        // policy.tickIntervalMs says how often the gateway's ticker (SimGateway.tick) sends.
        let policy = GatewayPolicy(
            maxPayload: Int64(SimGatewayContext.maximumPayloadBytes), maxBufferedBytes: Int64(SimGatewayContext.maximumBufferedBytes),
            tickIntervalMs: Int64(tickInterval.components.seconds * 1000 + tickInterval.components.attoseconds / 1_000_000_000_000_000))
        let now = WallClock.nowMs()
        let hello = HelloOk(
            protocolVersion: acceptance.protocolVersion,
            server: HelloOk.Server(version: gateway.evaluator.gatewayVersion, connId: connId),
            features: HelloOk.Features(methods: ["health"], events: [GatewayEvent.tick]),
            snapshot: ["presence": [], "health": ["ok": true]],
            auth: HelloOk.Auth(
                role: acceptance.role, scopes: acceptance.scopes, deviceToken: acceptance.deviceToken,
                deviceTokens: acceptance.otherDeviceTokens.isEmpty ? nil : acceptance.otherDeviceTokens, issuedAtMs: now),
            policy: policy)
        socket.raiseMaximumMessageSize(to: SimGatewayContext.maximumPayloadBytes)
        // Listed before hello-ok goes out: a client that asks `/connections` as soon as it
        // has hello-ok must find itself.
        let record = SimConnectionRecord(
            connId: connId, deviceId: acceptance.deviceId, role: acceptance.role, scopes: acceptance.scopes,
            clientId: acceptance.clientId, mode: acceptance.mode, signatureVersion: acceptance.signatureVersion.rawValue,
            connectedAtMs: now)
        state.addSession(record)
        state.log?.event("connected", fields: [("connId", connId), ("deviceId", acceptance.deviceId), ("role", acceptance.role)])
        var closeCode: UInt16?
        defer {
            state.removeSession(connId)
            state.endSession(record, closeCode: closeCode)
        }
        gateway.connections.authenticated(connectionNumber, deviceId: acceptance.deviceId)
        guard (try? await socket.send(text: GatewayFrame.response(.ok(id: request.id, payload: hello.json)).encoded())) != nil
        else { return }

        // Ticks come from the gateway's ticker (one timer for every session); this loop only
        // reads. The far deadline just bounds one wait; reaching it changes nothing.
        gateway.ticks.add(connectionNumber, socket)
        defer { gateway.ticks.remove(connectionNumber) }
        while true {
            let message: WebSocketMessage
            do {
                message = try await socket.receive(until: .now + Self.idleReadWindow)
            } catch let error as NetworkError where error.code == .timedOut {
                continue
            } catch {
                // Shutting down (the task was cancelled): say so, as a gateway restarting does.
                if Task.isCancelled { await socket.sendClose(code: .goingAway, reason: "gateway shutting down") }
                return
            }
            switch message {
            case .text(let text):
                guard case .request(let call)? = try? GatewayFrame(decoding: text) else { continue }
                let response: GatewayResponse
                switch call.method {
                case "health":
                    response = .ok(id: call.id, payload: ["ok": true, "ts": .integer(WallClock.nowMs())])
                case PresenceBeacon.method:
                    response = nodeEvent(call, record: record)
                default:
                    response = .error(
                        id: call.id,
                        GatewayErrorShape(
                            code: GatewayErrorShape.invalidRequestCode, message: "unknown method: \(call.method.prefix(64))"))
                }
                guard (try? await socket.send(text: GatewayFrame.response(response).encoded())) != nil else { return }
            case .close(let payload):
                closeCode = payload.code?.rawValue
                return
            default:
                continue
            }
        }
    }

    /// The answer to `node.event` (spec/registry.md "Presence"): `handled: true` for a paired
    /// node's beacon, `false` otherwise; `{ok: true}` alone on an `--old-gateway`. Only a
    /// node may send it.
    private func nodeEvent(_ call: GatewayRequest, record: SimConnectionRecord) -> GatewayResponse {
        guard record.role == GatewayRole.node.rawValue else {
            return .error(id: call.id, GatewayErrorShape(code: GatewayErrorShape.invalidRequestCode, message: "unauthorized role: \(record.role)"))
        }
        let event = call.params?["event"]?.stringValue ?? ""
        let payload = call.params?["payloadJSON"]?.stringValue.flatMap { try? JSONParser.parse($0) }
        let handled = !gateway.oldGateway && event == PresenceBeacon.event && gateway.state.isPaired(record.deviceId, role: record.role)
        gateway.state.recordPresence(SimPresenceRecord(
            connId: record.connId, deviceId: record.deviceId, event: event, trigger: payload?["trigger"]?.stringValue, handled: handled,
            atMs: WallClock.nowMs()))
        if gateway.oldGateway { return .ok(id: call.id, payload: ["ok": true]) }
        var answer: [(String, JSONValue)] = [("ok", .bool(true)), ("event", .string(event)), ("handled", .bool(handled))]
        answer.append(("reason", .string(handled ? "persisted" : "device-not-paired")))
        return .ok(id: call.id, payload: .object(answer))
    }
}
