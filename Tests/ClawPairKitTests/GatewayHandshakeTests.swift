import Testing

@testable import ClawPairKit

/// The client handshake and session against an independent gateway (Fixtures/gateway-stub.py:
/// Python `websockets` + `cryptography`'s Ed25519) over loopback TCP.
@Suite struct GatewayHandshakeTests {
    static let timeout: Duration = .seconds(10)
    static let identity = DeviceIdentity(keyPair: try! Ed25519KeyPair.generate())

    func websocket(_ stub: GatewayStub) async throws -> WebSocketClient {
        let connection = try await TCPConnection.connect(
            to: .loopbackIPv4(port: stub.port), until: .now + Self.timeout, reactor: IOReactor())
        let route = try GatewayRoute(url: "ws://127.0.0.1:\(stub.port)")
        guard case .upgraded(let client) = try await WebSocketUpgrade(route: route).perform(on: connection, until: .now + Self.timeout)
        else { throw ClawPairError(.gatewayClosed, "upgrade refused: \(stub.log)") }
        return client
    }

    func handshake(
        _ kind: GatewaySessionKind = .node, credentials: GatewayCredentials = GatewayCredentials(bootstrapToken: Secret("boot-1"), freshSetupCode: true),
        version: DeviceAuthPayload.Version = .v3
    ) -> GatewayHandshake {
        var handshake = GatewayHandshake(kind: kind, identity: Self.identity, credentials: credentials, instanceId: "inst-1")
        handshake.signatureVersion = version
        return handshake
    }

    /// Runs the handshake against a stub in `mode`; returns the stub and the outcome.
    func connect(mode: String, _ handshake: GatewayHandshake? = nil) async throws -> (GatewayStub, Result<GatewayHello, GatewayConnectError>) {
        let stub = try await GatewayStub.start(mode: mode)
        do {
            let client = try await websocket(stub)
            do {
                return (stub, .success(try await (handshake ?? self.handshake()).perform(on: client)))
            } catch {
                return (stub, .failure(error))
            }
        } catch {
            stub.stop()
            throw error
        }
    }

    func failure(mode: String, _ handshake: GatewayHandshake? = nil) async throws -> (GatewayStub, GatewayConnectError?) {
        let (stub, result) = try await connect(mode: mode, handshake)
        guard case .failure(let error) = result else {
            Issue.record("the handshake succeeded in mode \(mode)")
            return (stub, nil)
        }
        return (stub, error)
    }

    // MARK: Success

    @Test func nodeBootstrapGetsHelloOkWithDeviceTokens() async throws {
        let (stub, result) = try await connect(mode: "hello")
        defer { stub.stop() }
        let hello = try result.get()
        #expect(hello.hello.auth?.deviceToken == Secret("dt-node-secret"))
        #expect(hello.hello.auth?.role == "node")
        #expect(hello.hello.auth?.deviceTokens == [IssuedDeviceToken(deviceToken: Secret("dt-operator-secret"), role: "operator", scopes: ["operator.read", "operator.write"])])
        #expect(hello.hello.policy.tickIntervalMs == 200)
        #expect(try await stub.awaitLine("VERIFIED") == "v3")
        let sent = try await stub.connectParams()
        #expect(sent.client.id == "openclaw-linux")
        #expect(sent.client.platform == "linux")
        #expect(sent.client.mode == "node")
        #expect(sent.role == "node")
        #expect(sent.scopes == [])
        #expect(sent.minProtocol == 3)
        #expect(sent.maxProtocol == 4)
        #expect(sent.auth == .bootstrapToken(Secret("boot-1")))
        #expect(sent.device?.id == Self.identity.deviceId)
        #expect(sent.device?.nonce == "stub-nonce-4f1c")
        #expect(sent.device?.signedAt == 1_700_000_000_000)
    }

    @Test func operatorWithSharedTokenAndV2Signature() async throws {
        let credentials = GatewayCredentials(sharedToken: Secret("shared-1"), storedDeviceToken: Secret("stored"))
        let (stub, result) = try await connect(mode: "hello", handshake(.operator, credentials: credentials, version: .v2))
        defer { stub.stop() }
        let hello = try result.get()
        #expect(hello.signatureVersion == .v2)
        #expect(hello.hello.auth?.deviceTokens == nil)
        #expect(try await stub.awaitLine("VERIFIED") == "v2")
        let sent = try await stub.connectParams()
        #expect(sent.client.mode == "ui")
        #expect(sent.role == "operator")
        #expect(sent.scopes == GatewaySessionKind.operator.scopes.map(\.rawValue))
        #expect(sent.minProtocol == 4)
        #expect(sent.auth == .token(Secret("shared-1"), deviceToken: nil))
    }

    @Test func storedDeviceTokenIsSentAndSigned() async throws {
        let (stub, result) = try await connect(mode: "hello", handshake(.node, credentials: GatewayCredentials(storedDeviceToken: Secret("dt-9"))))
        defer { stub.stop() }
        _ = try result.get()
        #expect(try await stub.connectParams().auth == .token(Secret("dt-9"), deviceToken: Secret("dt-9")))
        #expect(try await stub.awaitLine("VERIFIED") == "v3")
    }

    // MARK: Refusals

    @Test func pairingRequiredCarriesTheRequestId() async throws {
        let (stub, error) = try await failure(mode: "pairing")
        defer { stub.stop() }
        guard case .pairingRequired(let request)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(request.requestId == "5f0c6a2e-1234-4c8e-9b1a-7d3e2f4a6b8c")
        #expect(request.reason == "not-paired")
        #expect(request.deviceId == Self.identity.deviceId)
        #expect(error?.remedy.contains("openclaw devices approve 5f0c6a2e-1234-4c8e-9b1a-7d3e2f4a6b8c") == true)
        #expect(error?.clawPairError.code == .pairingRequired)
        #expect(error?.clawPairError.code.category == .authorization)
    }

    @Test func close1008AloneStillNamesTheRequest() async throws {
        let (stub, error) = try await failure(mode: "close1008")
        defer { stub.stop() }
        guard case .pairingRequired(let request)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(request.requestId == "77777777-7777-4777-8777-777777777777")
        #expect(error?.clawPairError.code.category == .authorization)
    }

    @Test(arguments: [
        ("wait", GatewayConnectError.waitThenRetry(.init(requestId: "55555555-5555-4555-8555-555555555555", message: ""), retryAfterMs: nil)),
        ("ratelimited", .rateLimited(retryAfterMs: 2500, message: "slow down")),
        ("mismatch", .protocolMismatch(message: "protocol mismatch")),
        ("bootstrapinvalid", .bootstrapTokenInvalid(message: "bootstrap token invalid")),
    ])
    func refusalsAreClassified(mode: String, expected: GatewayConnectError) async throws {
        let (stub, error) = try await failure(mode: mode)
        defer { stub.stop() }
        switch (error, expected) {
        case (.waitThenRetry(let request, _)?, .waitThenRetry(let want, _)): #expect(request.requestId == want.requestId)
        default: #expect(error == expected)
        }
        #expect(error?.clawPairError.code.category == (mode == "mismatch" ? .unreachable : .authorization))
    }

    // MARK: Bad gateways

    @Test(arguments: ["ts-string", "ts-negative", "ts-fraction", "nonce-empty", "nonce-missing"])
    func badChallengesAreRefusedBeforeAnyCredentialIsSent(mode: String) async throws {
        let (stub, error) = try await failure(mode: mode)
        defer { stub.stop() }
        guard case .protocolViolation(let message)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(message.contains("connect.challenge"))
        #expect(try await stub.awaitLine("CLOSED") == "1002")
        #expect(stub.lines("CONNECT").isEmpty)
    }

    @Test func noChallengeInTime() async throws {
        var handshake = handshake()
        handshake.challengeTimeout = .milliseconds(300)
        let (stub, error) = try await failure(mode: "nochallenge", handshake)
        defer { stub.stop() }
        guard case .noChallenge? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(error?.clawPairError.code == .gatewayNoChallenge)
        #expect(stub.lines("CONNECT").isEmpty)
    }

    @Test func aGatewayThatNeverAnswersConnectTimesOut() async throws {
        var handshake = handshake()
        handshake.connectTimeout = .milliseconds(500)
        let (stub, error) = try await failure(mode: "noanswer", handshake)
        defer { stub.stop() }
        guard case .timedOut? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(error?.clawPairError.code == .gatewayConnectTimeout)
        #expect(try await stub.awaitLine("VERIFIED") == "v3")  // connect was sent and signed
    }

    @Test func aFrameOverThePreAuthLimitIsRefused() async throws {
        let (stub, error) = try await failure(mode: "bigbefore")
        defer { stub.stop() }
        guard case .protocolViolation(let message)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(message.contains("65536"))
        #expect(stub.lines("CONNECT").isEmpty)
    }

    // MARK: Sessions

    @Test func sessionRequestsEventsAndClose() async throws {
        let stub = try await GatewayStub.start(mode: "hello")
        defer { stub.stop() }
        let session = try await GatewaySession.connect(websocket: try await websocket(stub), handshake: handshake())
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await session.run() }
            #expect(try await session.request(method: "health") == ["ok": true])
            #expect(try await session.request(method: "echo", params: ["a": [1, 2]]) == ["a": [1, 2]])
            await #expect {
                _ = try await session.request(method: "nope")
            } throws: { error in
                (error as? GatewayRequestError)?.error.code == "INVALID_REQUEST"
            }
            var iterator = session.events.makeAsyncIterator()
            let event = await iterator.next()
            #expect(event?.event == "tick")
            await session.close()
            try await group.next()  // run() returns after close()
        }
        #expect(try await stub.awaitLine("CLOSED") == "1000")
        await #expect(throws: (any Error).self) { _ = try await session.request(method: "health") }
    }

    /// Runs a session against `stub` until it ends, and releases it (and so its socket: the
    /// stub reports the close code once the TCP connection is gone).
    func runSession(_ stub: GatewayStub, tickTimeout: Duration? = nil) async throws -> (any Error)? {
        let session = try await GatewaySession.connect(websocket: try await websocket(stub), handshake: handshake())
        if let tickTimeout { #expect(session.tickTimeout == tickTimeout) }
        do {
            try await session.run()
            return nil
        } catch {
            return error
        }
    }

    @Test func sessionPingsTheGateway() async throws {
        let stub = try await GatewayStub.start(mode: "hello")
        defer { stub.stop() }
        let session = try await GatewaySession.connect(
            websocket: try await websocket(stub), handshake: handshake(), pingInterval: .milliseconds(50))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await session.run() }
            _ = try await stub.awaitLine("PING")
            await session.close()
            try await group.next()
        }
        #expect(GatewaySession.defaultPingInterval == .seconds(15))
    }

    @Test func missedTicksCloseWith4000() async throws {
        let stub = try await GatewayStub.start(mode: "noticks")
        defer { stub.stop() }
        let error = try await runSession(stub, tickTimeout: .milliseconds(600))
        #expect((error as? ClawPairError)?.code == .gatewayTickTimeout)
        #expect(try await stub.awaitLine("CLOSED") == "4000")
    }

    @Test func aFrameOverMaxPayloadEndsTheSession() async throws {
        let stub = try await GatewayStub.start(mode: "bigafter")
        defer { stub.stop() }
        let error = try await runSession(stub)
        #expect((error as? ClawPairError)?.code == .gatewayProtocolError)
        #expect(try await stub.awaitLine("CLOSED") == "1002")
    }
}
