import Foundation
import Testing

@testable import ClawPairKit
@testable import ClawPairSim

/// clawpair's own gateway client (GatewayHandshake, GatewaySession) against `clawpair sim`
/// on loopback: both sides are ours, so the Python client (SimGatewayTests) and the spec's
/// known answers (the protocol tests) keep them honest; this checks they fit together.
@Suite struct SimClientIntegrationTests {
    static let timeout: Duration = .seconds(10)

    /// A WebSocket to the sim, TLS pinned to its fingerprint when it serves wss.
    func open(_ sim: RunningSim) async throws -> WebSocketClient {
        let route = try GatewayRoute(url: sim.url)
        let tcp = try await TCPConnection.connect(
            to: .loopbackIPv4(port: sim.gateway.port), until: .now + Self.timeout, reactor: IOReactor())
        let result: WebSocketUpgradeResult
        if let fingerprint = sim.fingerprint {
            let tls = try await TLSConnection.handshake(over: tcp, serverName: "127.0.0.1", until: .now + Self.timeout)
            let session = try tls.accept(pin: try #require(TLSPin(parsing: fingerprint)))
            result = try await WebSocketUpgrade(route: route).perform(on: session, until: .now + Self.timeout)
        } else {
            result = try await WebSocketUpgrade(route: route).perform(on: tcp, until: .now + Self.timeout)
        }
        guard case .upgraded(let client) = result else { throw ClawPairError(.internalError, "not upgraded: \(result)") }
        return client
    }

    func connect(_ sim: RunningSim, _ handshake: GatewayHandshake) async throws(GatewayConnectError) -> GatewaySession {
        let socket: WebSocketClient
        do { socket = try await open(sim) } catch { throw .protocolViolation(message: "\(error)") }
        return try await GatewaySession.connect(websocket: socket, handshake: handshake)
    }

    @Test func pairsWithASetupCodeThenReconnectsWithTheDeviceToken() async throws {
        try await RunningSim.with(tls: true, tickInterval: .milliseconds(200)) { sim in
            let code = try sim.gateway.mintSetupCode()
            let identity = DeviceIdentity(keyPair: try Ed25519KeyPair.generate())
            let bootstrap = GatewayCredentials(bootstrapToken: code.bootstrapToken, freshSetupCode: true)
            let handshake = GatewayHandshake(kind: .node, identity: identity, credentials: bootstrap)

            var requestId: String?
            do {
                _ = try await connect(sim, handshake)
                Issue.record("an unpaired device was admitted")
            } catch let error as GatewayConnectError {
                guard case .waitThenRetry(let request, _) = error else {
                    Issue.record("expected waitThenRetry, got \(error)")
                    return
                }
                requestId = request.requestId
            }
            let id = try #require(requestId)
            #expect(sim.gateway.state.pending(now: WallClock.nowMs()).map(\.deviceId) == [identity.deviceId])
            #expect(sim.gateway.state.approve(requestId: id, now: WallClock.nowMs()))

            let session = try await connect(sim, handshake)
            let auth = try #require(session.hello.hello.auth)
            #expect(auth.role == "node")
            let nodeToken = try #require(auth.deviceToken)
            let operatorToken = try #require(auth.deviceTokens?.first { $0.role == "operator" })
            #expect(operatorToken.scopes.contains("operator.admin"))
            // Ticks keep the session alive past several watchdog periods; a request answers.
            let running = Task { try await session.run() }
            let health = try await session.request(method: "health", params: [:])
            #expect(health?["ok"] == true)
            var ticks = 0
            for await event in session.events where event.event == GatewayEvent.tick {
                ticks += 1
                if ticks == 5 { break }
            }
            #expect(ticks == 5)
            await session.close()
            _ = try? await running.value

            // The stored device token opens the node session again; the operator token an
            // operator one.
            let stored = GatewayHandshake(kind: .node, identity: identity, credentials: GatewayCredentials(storedDeviceToken: nodeToken))
            let again = try await connect(sim, stored)
            #expect(again.hello.hello.auth?.deviceToken == nodeToken)
            await again.close()
            let op = GatewayHandshake(
                kind: .operator, identity: identity,
                credentials: GatewayCredentials(storedDeviceToken: operatorToken.deviceToken))
            let operatorSession = try await connect(sim, op)
            #expect(operatorSession.hello.hello.auth?.role == "operator")
            #expect(sim.gateway.state.sessions.contains { $0.role == "operator" && $0.clientId == "openclaw-linux" })
            await operatorSession.close()

            // The bootstrap token was used up.
            do {
                _ = try await connect(sim, GatewayHandshake(
                    kind: .node, identity: DeviceIdentity(keyPair: try Ed25519KeyPair.generate()), credentials: bootstrap))
                Issue.record("a used bootstrap token was accepted")
            } catch let error as GatewayConnectError {
                guard case .bootstrapTokenInvalid = error else {
                    Issue.record("expected bootstrapTokenInvalid, got \(error)")
                    return
                }
            }
        }
    }

    @Test func dropTicksTripsTheClientsWatchdog() async throws {
        try await RunningSim.with(autoApprove: true, tickInterval: .milliseconds(200)) { sim in
            let code = try sim.gateway.mintSetupCode()
            let handshake = GatewayHandshake(
                kind: .node, identity: DeviceIdentity(keyPair: try Ed25519KeyPair.generate()),
                credentials: GatewayCredentials(bootstrapToken: code.bootstrapToken, freshSetupCode: true))
            let session = try await connect(sim, handshake)
            sim.gateway.state.arm(.dropTicks)
            do {
                try await session.run()
                Issue.record("the session outlived missing ticks")
            } catch let error as ClawPairError {
                #expect(error.code == .gatewayTickTimeout)
            }
        }
    }

    @Test func noChallengeIsReportedByTheClient() async throws {
        try await RunningSim.with(autoApprove: true) { sim in
            sim.gateway.state.arm(.noChallenge)
            var handshake = GatewayHandshake(
                kind: .node, identity: DeviceIdentity(keyPair: try Ed25519KeyPair.generate()), credentials: GatewayCredentials())
            handshake.challengeTimeout = .milliseconds(500)
            do {
                _ = try await connect(sim, handshake)
                Issue.record("connected without a challenge")
            } catch let error as GatewayConnectError {
                guard case .noChallenge = error else {
                    Issue.record("expected noChallenge, got \(error)")
                    return
                }
            }
            // The client never sent a connect: the sim's attempt log says so.
            let attempt = try #require(sim.gateway.state.attempts.last)
            #expect(!attempt.sentConnect)
        }
    }

    @Test func rateLimitAndStartupFaultsAreRetryableForTheClient() async throws {
        try await RunningSim.with(autoApprove: true) { sim in
            let handshake = GatewayHandshake(
                kind: .node, identity: DeviceIdentity(keyPair: try Ed25519KeyPair.generate()), credentials: GatewayCredentials())
            sim.gateway.state.arm(.rateLimit)
            do {
                _ = try await connect(sim, handshake)
                Issue.record("admitted while rate limited")
            } catch let error as GatewayConnectError {
                guard case .rateLimited(let retry, _) = error else {
                    Issue.record("expected rateLimited, got \(error)")
                    return
                }
                #expect(retry == SimRefusal.rateLimitRetryMs)
            }
            sim.gateway.state.resetFaults()
            sim.gateway.state.arm(.startup)
            do {
                _ = try await connect(sim, handshake)
                Issue.record("admitted while starting")
            } catch let error as GatewayConnectError {
                guard case .unavailable(let retry, _) = error else {
                    Issue.record("expected unavailable, got \(error)")
                    return
                }
                #expect(retry == SimRefusal.startupRetryMs)
            }
            sim.gateway.state.resetFaults()
            let session = try await connect(sim, handshake)
            #expect(session.hello.hello.auth?.role == "node")
            await session.close()
        }
    }
}
