import Testing

@testable import ClawPairKit

/// The client against an independent server (Python `websockets`, Fixtures/websocket-server.py)
/// over loopback TCP.
@Suite struct WebSocketClientTests {
    static let timeout: Duration = .seconds(10)

    /// Connects to a server in `mode` and runs the upgrade for `route` (by default
    /// `ws://127.0.0.1:PORT`; the transport is plain TCP whatever the route's scheme).
    func upgrade(mode: String, routeScheme: String = "ws", path: String = "") async throws -> (
        PythonWebSocketServer, WebSocketUpgradeResult
    ) {
        let server = try await PythonWebSocketServer.start(mode: mode)
        do {
            let connection = try await TCPConnection.connect(
                to: .loopbackIPv4(port: server.port), until: .now + Self.timeout, reactor: IOReactor())
            let route = try GatewayRoute(url: "\(routeScheme)://127.0.0.1:\(server.port)\(path)")
            let result = try await WebSocketUpgrade(route: route).perform(on: connection, until: .now + Self.timeout)
            return (server, result)
        } catch {
            server.stop()
            throw error
        }
    }

    func connected(mode: String) async throws -> (PythonWebSocketServer, WebSocketClient) {
        let (server, result) = try await upgrade(mode: mode)
        guard case .upgraded(let client) = result else {
            server.stop()
            Issue.record("upgrade refused: \(result) \(server.log)")
            throw WebSocketClientError(.closed, "not upgraded")
        }
        return (server, client)
    }

    @Test func receivesTheChallengeAndEchoes() async throws {
        let (server, client) = try await connected(mode: "challenge")
        defer { server.stop() }
        let challenge = try await client.receive(until: .now + Self.timeout)
        guard case .text(let json) = challenge else {
            Issue.record("expected text, got \(challenge)")
            return
        }
        #expect(json.contains(#""event": "connect.challenge""#))
        #expect(json.contains(#""nonce": "abc""#))

        try await client.send(text: "hello, gateway")
        #expect(try await client.receive(until: .now + Self.timeout) == .text("hello, gateway"))
        try await client.send(text: "fragments")
        #expect(try await client.receive(until: .now + Self.timeout) == .text("frag-one frag-two frag-three"))
        try await client.ping()
        try await client.send(text: "after ping")
        #expect(try await client.receive(until: .now + Self.timeout) == .text("after ping"))

        let answer = await client.close(code: .normalClosure, reason: "bye")
        #expect(answer?.code == .normalClosure)
        await #expect(throws: WebSocketClientError(.closed, "")) { try await client.send(text: "late") }
        await #expect(throws: WebSocketClientError(.closed, "")) { _ = try await client.receive(until: .now + Self.timeout) }
    }

    @Test func aMessageOverTheLimitFailsWith1009() async throws {
        let server = try await PythonWebSocketServer.start(mode: "challenge")
        defer { server.stop() }
        let connection = try await TCPConnection.connect(
            to: .loopbackIPv4(port: server.port), until: .now + Self.timeout, reactor: IOReactor())
        let upgrade = WebSocketUpgrade(
            target: "/", host: "127.0.0.1:\(server.port)", requestURL: "ws://127.0.0.1:\(server.port)",
            maximumMessageSize: 1024)
        guard case .upgraded(let client) = try await upgrade.perform(on: connection, until: .now + Self.timeout) else {
            Issue.record("not upgraded")
            return
        }
        _ = try await client.receive(until: .now + Self.timeout)  // The challenge: under 1 KiB.
        try await client.send(text: "big")
        await #expect(throws: WebSocketProtocolError(.messageTooBig, "")) {
            _ = try await client.receive(until: .now + Self.timeout)
        }
    }

    @Test func answersTheServersPing() async throws {
        let (server, client) = try await connected(mode: "ping")
        defer { server.stop() }
        // The server sends "pong-ok" only after our automatic pong arrived.
        #expect(try await client.receive(until: .now + Self.timeout) == .text("pong-ok"))
        await client.close()
    }

    @Test func surfacesTheServersCloseCodeAndReason() async throws {
        let (server, client) = try await connected(mode: "close1008")
        defer { server.stop() }
        let message = try await client.receive(until: .now + Self.timeout)
        #expect(message == .close(WebSocketClosePayload(code: .policyViolation, reason: "policy")))
        await #expect(throws: WebSocketClientError(.closed, "")) { _ = try await client.receive(until: .now + Self.timeout) }
    }

    @Test func receiveTimesOutOnASilentServer() async throws {
        let (server, client) = try await connected(mode: "silent")
        defer { server.stop() }
        await #expect(throws: NetworkError(.timedOut, "")) {
            _ = try await client.receive(until: .now + .milliseconds(300))
        }
        // A timeout leaves the connection usable: the closing handshake still completes.
        let answer = await client.close()
        #expect(answer?.code == .normalClosure)
    }

    @Test func a404IsARejectionWithStatusAndBody() async throws {
        let (server, result) = try await upgrade(mode: "reject404", path: "/openclaw")
        defer { server.stop() }
        guard case .rejected(let rejection) = result else {
            Issue.record("expected a rejection, got \(result)")
            return
        }
        #expect(rejection.status == 404)
        #expect(rejection.handshakeError.code == .unexpectedStatus)
        #expect(String(decoding: rejection.bodyPrefix, as: UTF8.self) == "no gateway here\n")
        #expect(rejection.accessChallenge == nil)
    }

    @Test func an302FromAccessIsAChallenge() async throws {
        // The route says wss (the Access origin must be https), the transport is plain TCP.
        let (server, result) = try await upgrade(mode: "access302", routeScheme: "wss")
        defer { server.stop() }
        guard case .rejected(let rejection) = result else {
            Issue.record("expected a rejection, got \(result)")
            return
        }
        #expect(rejection.status == 302)
        #expect(rejection.headers.first(name: "Location")?.hasPrefix("https://team.cloudflareaccess.com/") == true)
        let challenge = try #require(rejection.accessChallenge, "\(rejection.headers)")
        #expect(challenge.loginHost == "team.cloudflareaccess.com")
        #expect(challenge.status == 302)
    }

    @Test func hostFieldOmitsOnlyTheSchemesDefaultPort() throws {
        #expect(WebSocketUpgrade.hostField(for: try GatewayRoute(url: "wss://gw.example.ts.net:443")) == "gw.example.ts.net")
        #expect(WebSocketUpgrade.hostField(for: try GatewayRoute(url: "ws://10.0.0.2:18789")) == "10.0.0.2:18789")
        #expect(WebSocketUpgrade.hostField(for: try GatewayRoute(url: "ws://[fd00::1]:80")) == "[fd00::1]")
        let upgrade = WebSocketUpgrade(route: try GatewayRoute(url: "wss://gw.example:8443/openclaw"))
        #expect(upgrade.target == "/openclaw")
        #expect(upgrade.host == "gw.example:8443")
    }
}
