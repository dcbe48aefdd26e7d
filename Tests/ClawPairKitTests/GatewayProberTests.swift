import Synchronization
import Testing

@testable import ClawPairKit
@testable import ClawPairSim

/// The probe end to end on loopback, against independent servers: Python's `websockets`
/// (Fixtures/websocket-server.py, plain or TLS) and `openssl s_server`. Each case asserts the
/// verdict's layer and code; none asserts a duration.
@Suite(.serialized) struct GatewayProberTests {
    let reactor = IOReactor()

    func pki() throws -> TLSTestPKI { try TLSTestPKI.shared.get() }

    /// The certificate pin from `openssl x509 -fingerprint`'s line (`sha256 Fingerprint=AB:…`).
    static func pin(_ identity: TLSTestPKI.Identity) throws -> TLSPin {
        try #require(TLSPin(parsing: String(identity.fingerprintLine.split(separator: "=").last ?? "")))
    }

    func closedPort() throws -> UInt16 {
        try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: reactor).localAddress.port
    }

    /// One URL: a manual route; several: a setup code's routes.
    func candidates(_ urls: [String]) -> [RouteCandidate] {
        if urls.count == 1 { return RouteList(manual: [try! GatewayRoute(url: urls[0])]).candidates }
        let rest = urls.dropFirst().map { "\"\($0)\"" }.joined(separator: ",")
        let code = try! SetupCodeReader.read(#"{"url":"\#(urls[0])","urls":[\#(rest)]}"#, nowMs: 0)
        return RouteList(setupCode: code).candidates
    }

    func probe(
        _ urls: [String], options: RouteProber.Options = RouteProber.Options(), pin: TLSPin? = nil,
        mode: GatewayProber<ContinuousClock>.Mode = .firstSuccess
    ) async -> ProbeReport {
        let list = candidates(urls)
        let pins = pin.map { pin in Dictionary(uniqueKeysWithValues: list.map { ($0.order, pin) }) } ?? [:]
        let plan = ProbePlan(target: urls[0], candidates: list, pins: pins)
        return await GatewayProber(prober: RouteProber(options: options, reactor: reactor), mode: mode).run(plan)
    }

    func layers(_ route: RouteProbe) -> [String] {
        route.stages.map { "\($0.layer.rawValue):\($0.ok.map { $0 ? "ok" : "fail" } ?? "pending")" }
    }

    // MARK: Plain WebSocket

    @Test func challengeReachesTheGateway() async throws {
        let server = try await PythonWebSocketServer.start(mode: "challenge")
        defer { server.stop() }
        let report = await probe(["ws://127.0.0.1:\(server.port)"])
        #expect(report.verdict.ok)
        #expect(report.verdict.layer == .gateway)
        #expect(report.verdict.code == nil)
        #expect(layers(report.routes[0]) == ["dns:ok", "tcp:ok", "http:ok", "gateway:ok"])
        #expect(report.routes[0].stages.last?.detail["ts"] == 1_700_000_000_000)
    }

    @Test func silentServer_noChallenge() async throws {
        let server = try await PythonWebSocketServer.start(mode: "silent")
        defer { server.stop() }
        var options = RouteProber.Options()
        options.challengeTimeout = .milliseconds(300)
        let report = await probe(["ws://127.0.0.1:\(server.port)"], options: options)
        #expect(!report.verdict.ok)
        #expect(report.verdict.layer == .gateway)
        #expect(report.verdict.code == .gatewayNoChallenge)
        #expect(layers(report.routes[0]) == ["dns:ok", "tcp:ok", "http:ok", "gateway:fail"])
    }

    @Test func closeBeforeChallenge_noChallengeWithTheCloseCode() async throws {
        let server = try await PythonWebSocketServer.start(mode: "close1008")
        defer { server.stop() }
        let report = await probe(["ws://127.0.0.1:\(server.port)"])
        #expect(report.verdict.layer == .gateway)
        #expect(report.verdict.code == .gatewayNoChallenge)
        #expect(report.routes[0].stages.last?.detail["closeCode"] == 1008)
    }

    @Test func notFound_unexpectedStatusWithHeadAndBody() async throws {
        let server = try await PythonWebSocketServer.start(mode: "reject404")
        defer { server.stop() }
        var options = RouteProber.Options()
        options.extraHeaders = ["Authorization": "Bearer not-for-printing", "X-Trace": "t-1"]
        let report = await probe(["ws://127.0.0.1:\(server.port)"], options: options)
        #expect(report.verdict.layer == .http)
        #expect(report.verdict.code == .httpUnexpectedStatus)
        let detail = report.routes[0].stages.last?.detail
        #expect(detail?["status"] == 404)
        #expect(detail?["body"]?.stringValue?.contains("no gateway here") == true)
        #expect(detail?["headers"]?["Content-Type"] != nil)
        #expect(report.verdict.remedy?.contains("404") == true)
        // The request headers are not in a failed stage's detail, and never a secret anywhere.
        #expect(!Self.printable(report).contains("not-for-printing"))
    }

    /// Every text of a report that `probe` prints or puts in its JSON: routes, stage details,
    /// failures and the verdict.
    static func printable(_ report: ProbeReport) -> String {
        let routes = report.routes.map { route in
            ([route.candidate.route.url] + route.stages.map { $0.detail.serialized(pretty: false) } + [route.failure?.message ?? ""])
                .joined(separator: "\n")
        }
        return (routes + [report.verdict.message, report.verdict.remedy ?? ""]).joined(separator: "\n")
    }

    @Test func extraHeadersAreSentAndRedactedInTheReport() async throws {
        let server = try await PythonWebSocketServer.start(mode: "challenge")
        defer { server.stop() }
        var options = RouteProber.Options()
        options.extraHeaders = ["Authorization": "Bearer not-for-printing", "X-Trace": "t-1"]
        let report = await probe(["ws://127.0.0.1:\(server.port)"], options: options)
        #expect(report.verdict.ok)
        let http = report.routes[0].stages.first { $0.layer == .http }
        #expect(http?.detail["requestHeaders"]?["Authorization"] == "<redacted>")
        #expect(http?.detail["requestHeaders"]?["X-Trace"] == "t-1")
        #expect(!Self.printable(report).contains("not-for-printing"))
    }

    @Test func plaintextToAPublicHost_refusedWithoutAPacket() async {
        let report = await probe(["ws://gateway.example.com:18789"])
        #expect(report.verdict.code == .plaintextNotAllowed)
        #expect(report.verdict.layer == .tls)
        // Not even a DNS lookup.
        #expect(layers(report.routes[0]) == ["tls:fail"])
    }

    @Test func refusedPort() async throws {
        let report = await probe(["ws://127.0.0.1:\(try closedPort())"])
        #expect(report.verdict.layer == .tcp)
        #expect(report.verdict.code == .tcpRefused)
        #expect(report.verdict.remedy?.contains("gateway.bind") == true)
    }

    // MARK: TLS

    @Test func selfSignedWithPin_reachesTheGateway() async throws {
        let pki = try pki()
        let server = try await PythonWebSocketServer.start(mode: "challenge", tls: pki.selfSigned)
        defer { server.stop() }
        let expected = try Self.pin(pki.selfSigned)
        let report = await probe(["wss://127.0.0.1:\(server.port)"], pin: expected)
        #expect(report.verdict.ok, "\(report.verdict.message)")
        #expect(report.verdict.layer == .gateway)
        #expect(layers(report.routes[0]) == ["dns:ok", "tcp:ok", "tls:ok", "http:ok", "gateway:ok"])
        let tls = try #require(report.routes[0].stages.first { $0.layer == .tls })
        #expect(tls.detail["fingerprint"]?.stringValue == expected.text)
        #expect(tls.detail["systemTrusted"] == false)
        #expect(tls.detail["subject"]?.stringValue?.contains("openclaw-gateway") == true)
        #expect(tls.detail["notAfter"]?.stringValue != nil)
    }

    @Test func selfSignedWithoutPin_untrusted() async throws {
        let pki = try pki()
        let server = try await TLSTestServer(pki.selfSigned)
        defer { server.stop() }
        let report = await probe(["wss://127.0.0.1:\(server.port)"])
        #expect(report.verdict.layer == .tls)
        #expect(report.verdict.code == .tlsUntrusted)
        let fingerprint = try Self.pin(pki.selfSigned).text
        #expect(report.verdict.remedy?.contains(fingerprint) == true)
    }

    @Test func pinMismatch() async throws {
        let pki = try pki()
        let server = try await TLSTestServer(pki.selfSigned)
        defer { server.stop() }
        let wrong = try Self.pin(pki.leaf)
        let report = await probe(["wss://127.0.0.1:\(server.port)"], pin: wrong)
        #expect(report.verdict.layer == .tls)
        #expect(report.verdict.code == .tlsPinMismatch)
        let actual = try Self.pin(pki.selfSigned).text
        #expect(report.verdict.remedy?.contains("expected \(wrong.text), got \(actual)") == true)
        #expect(report.verdict.remedy?.contains("openssl x509 -noout -fingerprint -sha256") == true)
    }

    @Test func testCATrusted_reachesTheGateway() async throws {
        let pki = try pki()
        let server = try await PythonWebSocketServer.start(mode: "challenge", tls: pki.leaf)
        defer { server.stop() }
        var options = RouteProber.Options()
        options.tls = TLSConfiguration(trustStore: .certificateFile(pki.authorityFile))
        options.overrides = try ResolveOverrides(parsing: "gateway.test:\(server.port):127.0.0.1")
        let report = await probe(["wss://gateway.test:\(server.port)"], options: options)
        #expect(report.verdict.ok, "\(report.verdict.message)")
        let tls = try #require(report.routes[0].stages.first { $0.layer == .tls })
        #expect(tls.detail["systemTrusted"] == true)
        #expect(report.routes[0].stages.first?.detail["source"] == "override")
    }

    @Test func wrongName() async throws {
        let pki = try pki()
        let server = try await TLSTestServer(pki.leaf)
        defer { server.stop() }
        var options = RouteProber.Options()
        options.tls = TLSConfiguration(trustStore: .certificateFile(pki.authorityFile))
        options.overrides = try ResolveOverrides(parsing: "other.test:\(server.port):127.0.0.1")
        let report = await probe(["wss://other.test:\(server.port)"], options: options)
        #expect(report.verdict.layer == .tls)
        #expect(report.verdict.code == .tlsNameMismatch)
    }

    @Test func expired() async throws {
        let pki = try pki()
        let server = try await TLSTestServer(pki.expired)
        defer { server.stop() }
        var options = RouteProber.Options()
        options.tls = TLSConfiguration(trustStore: .certificateFile(pki.authorityFile))
        let report = await probe(["wss://127.0.0.1:\(server.port)"], options: options)
        #expect(report.verdict.layer == .tls)
        #expect(report.verdict.code == .tlsExpired)
    }

    @Test func accessChallenge_loginHostInTheDetail() async throws {
        let pki = try pki()
        let server = try await PythonWebSocketServer.start(mode: "access302", tls: pki.selfSigned)
        defer { server.stop() }
        let pin = try Self.pin(pki.selfSigned)
        let report = await probe(["wss://127.0.0.1:\(server.port)"], pin: pin)
        #expect(report.verdict.layer == .http)
        #expect(report.verdict.code == .httpAccessChallenge)
        let http = try #require(report.routes[0].stages.last)
        #expect(http.detail["loginHost"] == "team.cloudflareaccess.com")
        #expect(http.detail["status"] == 302)
        #expect(report.verdict.remedy?.contains("clawpair access login") == true)
    }

    // MARK: Several routes

    @Test func deadFirstRoute_laterRouteWins() async throws {
        let server = try await PythonWebSocketServer.start(mode: "challenge")
        defer { server.stop() }
        let dead = try closedPort()
        let report = await probe(["ws://127.0.0.1:\(dead)", "ws://127.0.0.1:\(server.port)", "ws://127.0.0.2:\(server.port)"])
        #expect(report.verdict.ok)
        #expect(report.verdict.route == "ws://127.0.0.1:\(server.port)")
        #expect(report.routes.map(\.ok) == [false, true, nil])
        #expect(report.routes[0].failure?.code == .tcpRefused)
        // Route 2 never started, or was stopped pending (when route 1 took over 250 ms):
        // either way no failure is claimed for it.
        #expect(report.routes[2].failure == nil)
    }

    @Test func allMode_reportsEveryRoute() async throws {
        let server = try await PythonWebSocketServer.start(mode: "challenge")
        defer { server.stop() }
        let dead = try closedPort()
        let report = await probe(["ws://127.0.0.1:\(server.port)", "ws://127.0.0.1:\(dead)"], mode: .all)
        #expect(report.verdict.ok)
        #expect(report.verdict.route == "ws://127.0.0.1:\(server.port)")
        #expect(report.routes.map(\.ok) == [true, false])
        #expect(report.routes[1].failure?.code == .tcpRefused)
    }

    /// The second route starts when the stagger elapses on the race's clock, while the
    /// first is still waiting for its challenge; it wins, and the first is reported pending.
    @Test func staggerStartsTheNextRoute_firstReportedPending() async throws {
        let silent = try await PythonWebSocketServer.start(mode: "silent")
        defer { silent.stop() }
        let challenge = try await PythonWebSocketServer.start(mode: "challenge")
        defer { challenge.stop() }
        let clock = ManualClock()
        let events = Mutex<[String]>([])
        let list = candidates(["ws://127.0.0.1:\(silent.port)", "ws://127.0.0.1:\(challenge.port)"])
        let prober = GatewayProber(prober: RouteProber(reactor: reactor), clock: clock)
        let run = Task {
            await prober.run(ProbePlan(target: "two routes", candidates: list)) { candidate, stage in
                events.withLock { $0.append("\(candidate.order):\(stage.layer.rawValue)") }
            }
        }
        // Route 0 upgrades and waits for a challenge that never comes; route 1 waits for the
        // stagger, which the test has not let pass.
        for _ in 0..<2000 where !events.withLock({ $0.contains("0:http") }) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(events.withLock { $0 } == ["0:dns", "0:tcp", "0:http"])
        try await clock.waitForSleepers([.milliseconds(250)])
        clock.advance(to: .milliseconds(250))
        let report = await run.value
        #expect(report.verdict.ok)
        #expect(report.verdict.route == "ws://127.0.0.1:\(challenge.port)")
        #expect(report.routes.map(\.ok) == [nil, true])
        #expect(layers(report.routes[0]) == ["dns:ok", "tcp:ok", "http:ok", "gateway:pending"])
        #expect(report.routes[0].failure == nil)
    }
}
