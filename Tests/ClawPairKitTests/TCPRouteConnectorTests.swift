import Testing

@testable import ClawPairKit
@testable import ClawPairSim

/// Loopback only: listeners and closed ports on 127.0.0.1.
@Suite struct TCPRouteConnectorTests {
    let reactor = IOReactor()

    /// A port on 127.0.0.1 where nothing listens (bound once, then released).
    func closedPort() throws -> UInt16 {
        try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: reactor).localAddress.port
    }

    @Test func connectsToAListener() async throws {
        let listener = try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: reactor)
        let report = await TCPRouteConnector(reactor: reactor).connect(host: "127.0.0.1", port: listener.localAddress.port)
        #expect(report.error == nil)
        #expect(report.addressSource == .literal)
        #expect(report.connection?.remoteAddress == listener.localAddress)
        #expect(report.attempts.map(\.won) == [true])
        // The probe's and pairing's sockets send small writes at once (TCP_NODELAY).
        #expect(report.connection?.noDelay == true)
    }

    @Test func refusedOnAClosedPort() async throws {
        let port = try closedPort()
        let report = await TCPRouteConnector(reactor: reactor).connect(host: "127.0.0.1", port: port)
        #expect(report.connection == nil)
        #expect(report.error?.code == .tcpRefused)
        #expect(report.attempts.map(\.error?.code) == [.tcpRefused])
    }

    @Test func overridesRaceThreeAddresses_thirdListens() async throws {
        // 127.0.0.2 and .3 are loopback too (127/8) but nothing listens there on this port.
        let listener = try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: reactor)
        let port = listener.localAddress.port
        let overrides = try ResolveOverrides(parsing: "gw.test:\(port):127.0.0.2,127.0.0.3,127.0.0.1")
        let report = await TCPRouteConnector(reactor: reactor, overrides: overrides).connect(host: "gw.test", port: port)
        #expect(report.addressSource == .override)
        #expect(report.addresses.map(\.description) == ["127.0.0.2:\(port)", "127.0.0.3:\(port)", "127.0.0.1:\(port)"])
        #expect(report.error == nil)
        #expect(report.connection?.remoteAddress == listener.localAddress)
        #expect(report.attempts.map(\.error?.code) == [.tcpRefused, .tcpRefused, nil])
        #expect(report.attempts.map(\.won) == [false, false, true])
    }

    @Test func allRefused_reportsEveryAddress() async throws {
        let port = try closedPort()
        let overrides = try ResolveOverrides(parsing: "gw.test:\(port):127.0.0.2,127.0.0.3")
        let report = await TCPRouteConnector(reactor: reactor, overrides: overrides).connect(host: "GW.test", port: port)
        #expect(report.connection == nil)
        #expect(report.error?.code == .tcpRefused)
        #expect(report.attempts.map(\.error?.code) == [.tcpRefused, .tcpRefused])
    }

    @Test func systemResolverSeam_nxdomain() async {
        var connector = TCPRouteConnector(reactor: reactor)
        connector.systemResolver = { host, _, _ throws(ClawPairError) in throw ClawPairError(.dnsNXDomain, host) }
        let report = await connector.connect(host: "nowhere.invalid", port: 1)
        #expect(report.error?.code == .dnsNXDomain)
        #expect(report.attempts.isEmpty)
    }

    @Test func systemResolverResolvesLocalhost() async throws {
        let (source, addresses) = try await TCPRouteConnector(reactor: reactor).resolve(host: "localhost", port: 80)
        #expect(source == .system)
        #expect(addresses.contains { $0.ip == .v4([127, 0, 0, 1]) } || addresses.contains { !$0.ip.isIPv4 })
        #expect(addresses.allSatisfy { $0.port == 80 })
    }

    @Test func systemResolverNXDomainForInvalidTLD() async {
        // RFC 6761 §6.4: .invalid never resolves. A host without any DNS server may say
        // "try again" instead of "no such name"; either is a DNS verdict.
        do {
            _ = try await TCPRouteConnector(reactor: reactor).resolve(host: "clawpair-test.invalid", port: 80)
            Issue.record("clawpair-test.invalid resolved")
        } catch {
            #expect([.dnsNXDomain, .dnsTimeout, .dnsFailure].contains(error.code), "\(error)")
        }
    }

    @Test(arguments: [
        (NetworkError.Code.connectionRefused, ClawPairError.Code.tcpRefused),
        (.timedOut, .tcpTimeout), (.unreachable, .tcpUnreachable), (.system, .tcpFailed),
    ])
    func mapsNetworkErrors(code: NetworkError.Code, expected: ClawPairError.Code) {
        #expect(TCPRouteConnector.verdict(NetworkError(code, "x"), host: "gw.test", port: 18789).code == expected)
    }

    /// `pair` and the other commands that connect give the remedy the probe's verdict gives.
    @Test func aFailedConnectHasTheProbesRemedy() throws {
        let route = try GatewayRoute(url: "ws://[fe80::1%eth0]:18789")
        let error = TCPRouteConnector.verdict(NetworkError(.connectionRefused, "refused"), host: route.host, port: UInt16(route.port))
        #expect(error.remedy == "nothing listens on [fe80::1%25eth0]:18789: start the gateway, check its port, "
            + "or make it listen beyond loopback (gateway.bind)")
        let timeout = TCPRouteConnector.verdict(NetworkError(.timedOut, "slow"), host: "gw.test", port: 18789)
        #expect(timeout.remedy?.hasPrefix("the packets are dropped: check that gw.test is up") == true)
        #expect(TCPRouteConnector.verdict(NetworkError(.system, "other"), host: "gw.test", port: 1).remedy == nil)
    }
}
