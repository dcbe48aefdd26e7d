import Testing

@testable import ClawPairKit
@testable import ClawPairSim

/// Browsing and resolving against dnsmasq (a real DNS server) and against ``TestZone`` for
/// what dnsmasq cannot serve (raw UTF-8 labels, volunteered records, broken instances).
@Suite struct UnicastDNSSDBrowserTests {
    static let domain = try! BrowseDomain("openclaw.internal")

    static let studio = Dnsmasq.Instance(
        label: "studio (openclaw)", target: "studio.openclaw.internal", port: 18789,
        txt: [
            "role=gateway", "transport=gateway", "gatewayPort=18789", "displayName=Studio", "gatewayTls=1",
            "gatewayTlsSha256=" + String(repeating: "ab", count: 32), "tailnetDns=studio.tail1234.ts.net",
        ],
        ipv4: "100.64.0.7", ipv6: "fd7a:115c:a1e0::7")
    static let mini = Dnsmasq.Instance(
        label: "mac-mini-gateway", target: "mac-mini.openclaw.internal", port: 18790,
        txt: ["role=gateway", "transport=gateway", "gatewayPort=18790", "displayName=Mac mini"],
        ipv4: "100.64.0.8", ipv6: nil)

    /// The browse timeout where the timing is not the point: healthy browses take
    /// milliseconds, but the whole test run shares the machine's few cores.
    static let patience: Duration = .seconds(10)

    static func browser(_ servers: [DNSServerAddress]) -> UnicastDNSSDBrowser {
        UnicastDNSSDBrowser(client: UnicastDNSClient(servers: servers))
    }

    // MARK: dnsmasq

    @Test(arguments: [false, true])
    func browsesTwoInstancesFromDnsmasq(overIPv6: Bool) async throws {
        let dnsmasq = try await Dnsmasq.start(
            domain: "openclaw.internal", instances: [Self.studio, Self.mini], ttl: 45)
        defer { dnsmasq.stop() }
        let report = try await Self.browser([overIPv6 ? dnsmasq.serverIPv6 : dnsmasq.server]).browse(
            Self.domain, timeout: Self.patience)
        #expect(report.failure == nil)
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(report.gateways.count == 2)

        // dnsmasq folds the label to lowercase (it runs names with uppercase through IDNA).
        let studio = try #require(report.gateways.first { $0.gateway.instance == "studio (openclaw)" })
        #expect(studio.gateway.host == "studio.openclaw.internal.")
        #expect(studio.gateway.port == 18789)
        #expect(studio.gateway.addresses == ["100.64.0.7", "fd7a:115c:a1e0::7"])
        #expect(studio.gateway.txt.role == "gateway")
        #expect(studio.gateway.txt.displayName == "Studio")
        #expect(studio.gateway.txt.gatewayPort == 18789)
        #expect(studio.gateway.tls)
        #expect(studio.gateway.tlsFingerprint == String(repeating: "ab", count: 32))
        #expect(studio.gateway.tailnetDns == "studio.tail1234.ts.net")
        #expect(studio.gateway.lanHost == nil)
        #expect(studio.gateway.sources == [.unicast])
        #expect(studio.gateway.domain == "openclaw.internal.")
        #expect(studio.gateway.id.rawValue == "_openclaw-gw._tcp|openclaw.internal.|studio (openclaw)")
        #expect(studio.instanceName == (try DNSName("studio (openclaw)._openclaw-gw._tcp.openclaw.internal")))
        #expect(studio.ttl == 45)

        let mini = try #require(report.gateways.first { $0.gateway.instance == "mac-mini-gateway" })
        #expect(mini.gateway.host == "mac-mini.openclaw.internal.")
        #expect(mini.gateway.port == 18790)
        #expect(mini.gateway.addresses == ["100.64.0.8"])
        #expect(mini.gateway.displayName == "Mac mini")
        #expect(!mini.gateway.tls)
        #expect(report.ttl == 45)
    }

    @Test func oneDomainsTroubleDoesNotHideAnother() async throws {
        let dnsmasq = try await Dnsmasq.start(
            domain: "openclaw.internal", instances: [Self.studio], extraArguments: ["--local=/empty.internal/"])
        defer { dnsmasq.stop() }
        let domains = try ["openclaw.internal", "empty.internal", "elsewhere.internal"].map(BrowseDomain.init)
        let reports = try await Self.browser([dnsmasq.server]).browse(domains, timeout: Self.patience)
        #expect(reports.map(\.domain) == domains)
        try #require(reports.count == 3)
        #expect(reports[0].gateways.map(\.gateway.instance) == ["studio (openclaw)"])
        // NXDOMAIN for the service name: reported, not fatal, and no gateways.
        guard case .noSuchName = reports[1].status else {
            Issue.record("empty.internal: \(reports[1].status)")
            return
        }
        #expect(reports[1].gateways.isEmpty)
        // dnsmasq has no upstream for the third domain and refuses it.
        #expect(reports[2].failure?.code == .dnsFailure)
        #expect(reports[2].elapsed < TestTiming.quick)
    }

    @Test func resolvesOneInstanceByItsDecodedName() async throws {
        let dnsmasq = try await Dnsmasq.start(domain: "openclaw.internal", instances: [Self.studio, Self.mini])
        defer { dnsmasq.stop() }
        let browser = Self.browser([dnsmasq.server])
        let found = try #require(
            try await browser.resolve(instance: "studio (openclaw)", in: Self.domain, timeout: Self.patience))
        #expect(found.gateway.port == 18789)
        #expect(found.gateway.addresses == ["100.64.0.7", "fd7a:115c:a1e0::7"])
        #expect(found.gateway.txt.displayName == "Studio")
        // DNS compares names ignoring ASCII case.
        let upper = try await browser.resolve(instance: "Studio (OpenClaw)", in: Self.domain, timeout: Self.patience)
        #expect(upper?.gateway.port == 18789)
        let missing = try await browser.resolve(instance: "nobody", in: Self.domain, timeout: Self.patience)
        #expect(missing == nil)
    }

    @Test func followsAdvertisedBrowseDomains() async throws {
        let lab = "lab-gateway._openclaw-gw._tcp.lab.openclaw.internal"
        let dnsmasq = try await Dnsmasq.start(
            domain: "openclaw.internal", instances: [Self.studio],
            extraArguments: [
                "--ptr-record=b._dns-sd._udp.openclaw.internal,openclaw.internal",
                "--ptr-record=b._dns-sd._udp.openclaw.internal,lab.openclaw.internal",
                "--ptr-record=_openclaw-gw._tcp.lab.openclaw.internal,\(lab)",
                "--srv-host=\(lab),labhost.openclaw.internal,18800",
                "--txt-record=\(lab),role=gateway,displayName=Lab",
                "--host-record=labhost.openclaw.internal,100.64.0.20",
            ])
        defer { dnsmasq.stop() }
        let browser = Self.browser([dnsmasq.server])
        let advertised = try await browser.browseDomains(advertisedIn: Self.domain, until: .now + Self.patience)
        #expect(Set(advertised.map(\.name)) == ["openclaw.internal.", "lab.openclaw.internal."])

        let reports = try await browser.browse([Self.domain], timeout: .seconds(2), includeAdvertisedDomains: true)
        #expect(reports.map(\.domain.name) == ["openclaw.internal.", "lab.openclaw.internal."])
        try #require(reports.count == 2)
        #expect(reports[1].gateways.map(\.gateway.displayName) == ["Lab"])
        #expect(reports[1].gateways.first?.gateway.addresses == ["100.64.0.20"])

        // A domain that advertises nothing: no extra domains, no problem.
        let none = try await browser.browseDomains(
            advertisedIn: try BrowseDomain("lab.openclaw.internal"), until: .now + Self.patience)
        #expect(none.isEmpty)
    }

    /// Benchmark-style, not a timing assertion: 100 instances should cost about what one
    /// does (design.md "Performance"), since every instance's lookups run at once.
    @Test func hundredInstancesCostAboutAsMuchAsOne() async throws {
        func instances(_ count: Int) -> [Dnsmasq.Instance] {
            (0..<count).map { index in
                Dnsmasq.Instance(
                    label: "gateway \(index)", target: "host\(index).openclaw.internal", port: UInt16(20000 + index),
                    txt: ["role=gateway", "displayName=Gateway \(index)"], ipv4: "100.64.1.\(index + 1)",
                    ipv6: "fd7a:115c:a1e0::\(String(index + 1, radix: 16))")
            }
        }
        let one = try await Dnsmasq.start(domain: "openclaw.internal", instances: instances(1))
        defer { one.stop() }
        let hundred = try await Dnsmasq.start(domain: "openclaw.internal", instances: instances(100))
        defer { hundred.stop() }

        func medianBrowse(_ dnsmasq: Dnsmasq, expecting count: Int) async throws -> Duration {
            var times: [Duration] = []
            for _ in 0..<5 {
                let report = try await Self.browser([dnsmasq.server]).browse(Self.domain, timeout: .seconds(5))
                #expect(report.gateways.count == count)
                #expect(report.problems.isEmpty, "\(report.problems.prefix(3))")
                times.append(report.elapsed)
            }
            return times.sorted()[times.count / 2]
        }
        let reportOfHundred = try await Self.browser([hundred.server]).browse(Self.domain, timeout: .seconds(5))
        #expect(reportOfHundred.gateways.count == 100)
        #expect(Set(reportOfHundred.gateways.map(\.gateway.port)) == Set((0..<100).map { UInt16(20000 + $0) }))
        let gateway42 = try #require(reportOfHundred.gateways.first { $0.gateway.instance == "gateway 42" })
        #expect(gateway42.gateway.addresses == ["100.64.1.43", "fd7a:115c:a1e0::2b"])

        let timeOne = try await medianBrowse(one, expecting: 1)
        let timeHundred = try await medianBrowse(hundred, expecting: 100)
        let ratio =
            Double(timeHundred.components.attoseconds + timeHundred.components.seconds * 1_000_000_000_000_000_000)
            / Double(timeOne.components.attoseconds + timeOne.components.seconds * 1_000_000_000_000_000_000)
        print(
            "unicast DNS-SD browse against dnsmasq, median of 5: 1 instance \(timeOne), 100 instances \(timeHundred), ratio \(ratio)"
        )
    }

    /// The same comparison with a simulated 25 ms round trip (a tailnet's), where waiting, not
    /// CPU, dominates, as it does outside loopback. Printed, not asserted.
    @Test func hundredInstancesWithASimulatedRoundTrip() async throws {
        func zone(_ count: Int) -> TestZone {
            let records = (0..<count).flatMap { index in
                Self.instanceRecords(
                    "gateway \(index)", target: "host\(index).openclaw.internal", port: UInt16(20000 + index),
                    txt: ["role=gateway"], ipv4: [100, 64, 1, UInt8(index + 1)], ipv6: "fd7a:115c:a1e0::\(index + 1)")
            }
            return TestZone(origin: Self.domain.dnsName, records: records)
        }
        func browseTime(_ count: Int) async throws -> Duration {
            let zone = zone(count)
            return try await TestDNSServer.with(
                tcp: true,
                handler: { request in
                    zone.answer(request).map { .delayed(.milliseconds(25), $0) }
                }
            ) { server in
                let report = try await Self.browser([server.address]).browse(Self.domain, timeout: .seconds(5))
                #expect(report.gateways.count == count)
                #expect(report.problems.isEmpty, "\(report.problems.prefix(3))")
                return report.elapsed
            }
        }
        let one = try await browseTime(1)
        let hundred = try await browseTime(100)
        print("unicast DNS-SD browse with a 25 ms round trip: 1 instance \(one), 100 instances \(hundred)")
    }

    // MARK: A zone dnsmasq cannot serve

    static let service = try! DNSName("_openclaw-gw._tcp.openclaw.internal")

    static func instanceRecords(
        _ label: String, target: String, port: UInt16, txt: [String], ipv4: [UInt8]?, ipv6: String?, ttl: UInt32 = 120
    ) -> [DNSResourceRecord] {
        let instance = try! service.prepending(Array(label.utf8))
        let host = try! DNSName(target)
        var records = [
            DNSResourceRecord(name: service, ttl: ttl, data: .ptr(instance)),
            DNSResourceRecord(name: instance, ttl: ttl, data: .srv(priority: 0, weight: 0, port: port, target: host)),
            DNSResourceRecord(name: instance, ttl: ttl, data: .txt(txt.map { Array($0.utf8) })),
        ]
        if let ipv4 { records.append(DNSResourceRecord(name: host, ttl: ttl, data: .a(.v4(ipv4)))) }
        if let ipv6 { records.append(DNSResourceRecord(name: host, ttl: ttl, data: .aaaa(IPAddress(ipv6)!))) }
        return records
    }

    @Test(arguments: [false, true])
    func rawUTF8LabelsWithSpacesDotsAndCase(volunteered: Bool) async throws {
        let records =
            Self.instanceRecords(
                "Küche Studio (OpenClaw)", target: "kueche.openclaw.internal", port: 18789,
                txt: ["role=gateway", "displayName=Küche Studio"], ipv4: [100, 64, 0, 9], ipv6: "fd7a:115c:a1e0::9")
            + Self.instanceRecords(
                "Mac.Studio", target: "mac-studio.openclaw.internal", port: 18790, txt: ["role=gateway"],
                ipv4: [100, 64, 0, 10], ipv6: "fd7a:115c:a1e0::a")
        let zone = TestZone(origin: Self.domain.dnsName, records: records, addAdditionals: volunteered)
        try await TestDNSServer.with(tcp: true, handler: zone.answer) { server in
            let report = try await Self.browser([server.address]).browse(Self.domain, timeout: Self.patience)
            #expect(report.problems.isEmpty, "\(report.problems)")
            #expect(report.gateways.map(\.gateway.instance) == ["Küche Studio (OpenClaw)", "Mac.Studio"])
            try #require(report.gateways.count == 2)
            let kueche = report.gateways[0].gateway
            #expect(kueche.id.rawValue == "_openclaw-gw._tcp|openclaw.internal.|Küche Studio (OpenClaw)")
            #expect(kueche.displayName == "Küche Studio")
            #expect(kueche.addresses == ["100.64.0.9", "fd7a:115c:a1e0::9"])
            #expect(report.gateways[1].gateway.displayName == "Mac.Studio")
            // Volunteered SRV, TXT and addresses save every query but the PTR.
            let asked = server.requests.compactMap { $0.query?.questions.first }
            if volunteered {
                #expect(asked.map(\.type) == [.PTR])
            } else {
                #expect(asked.count == 9)
            }

            let resolved = try await Self.browser([server.address]).resolve(
                instance: "Küche Studio (OpenClaw)", in: Self.domain, timeout: Self.patience)
            #expect(resolved?.gateway == kueche)
        }
    }

    /// The zone exactly as a gateway writes it (``GatewayZone``, from the dns branch), answered
    /// with its own RFC 6763 §12 additionals: one PTR query brings SRV, TXT and A, so only
    /// AAAA is left to ask.
    @Test func browsesTheZoneAGatewayWrites() async throws {
        let fingerprint = String(repeating: "0f", count: 32)
        let zone = GatewayZone(
            domain: Self.domain, serial: 2026_11_30_01, hostname: "Mac Studio.lan", displayName: "Mac Studio",
            tailnetIPv4: .v4([100, 64, 0, 42]), gatewayTls: true, tlsFingerprintSha256: fingerprint,
            tailnetDns: "mac-studio.tail1234.ts.net")
        try await TestDNSServer.with(handler: { request in request.query.map { [.message(zone.answer($0))] } ?? [] }) {
            server in
            let report = try await Self.browser([server.address]).browse(Self.domain, timeout: Self.patience)
            #expect(report.problems.isEmpty, "\(report.problems)")
            let found = try #require(report.gateways.first)
            #expect(report.gateways.count == 1)
            #expect(found.gateway.instance == "mac-studio-gateway")
            #expect(found.gateway.displayName == "Mac Studio")
            #expect(found.gateway.host == "mac-studio.openclaw.internal.")
            #expect(found.gateway.port == GatewayService.defaultPort)
            #expect(found.gateway.addresses == ["100.64.0.42"])
            #expect(found.gateway.tls)
            #expect(found.gateway.tlsFingerprint == fingerprint)
            #expect(found.gateway.tailnetDns == "mac-studio.tail1234.ts.net")
            #expect(found.gateway.lanHost == nil)
            #expect(found.ttl == GatewayZone.ttl)
            #expect(server.requests.compactMap { $0.query?.questions.first?.type } == [.PTR, .AAAA])

            let resolved = try await Self.browser([server.address]).resolve(
                instance: "mac-studio-gateway", in: Self.domain, timeout: Self.patience)
            #expect(resolved?.gateway == found.gateway)
        }
    }

    @Test func brokenInstancesAreProblemsNotFailures() async throws {
        let ghost = try Self.service.prepending(Array("ghost".utf8))
        let off = try Self.service.prepending(Array("off".utf8))
        var records = Self.instanceRecords(
            "good", target: "good.openclaw.internal", port: 18789, txt: ["role=gateway"], ipv4: [100, 64, 0, 11],
            ipv6: nil, ttl: 300)
        records += [
            // Listed but gone: its SRV name does not exist.
            DNSResourceRecord(name: Self.service, ttl: 300, data: .ptr(ghost)),
            // "Not offered here" (RFC 2782): target `.`.
            DNSResourceRecord(name: Self.service, ttl: 300, data: .ptr(off)),
            DNSResourceRecord(name: off, ttl: 300, data: .srv(priority: 0, weight: 0, port: 1, target: .root)),
            // Not an instance of this service: ignored.
            DNSResourceRecord(
                name: Self.service, ttl: 300, data: .ptr(try DNSName("x.y._other._tcp.openclaw.internal"))),
        ]
        let zone = TestZone(origin: Self.domain.dnsName, records: records, negativeTTL: 20)
        try await TestDNSServer.with(handler: zone.answer) { server in
            let report = try await Self.browser([server.address]).browse(Self.domain, timeout: Self.patience)
            #expect(report.failure == nil)
            #expect(report.gateways.map(\.gateway.instance) == ["good"])
            try #require(report.gateways.count == 1)
            #expect(report.problems.count == 2, "\(report.problems)")
            #expect(report.problems.contains { $0.instance == "ghost" && $0.message.contains("stale") })
            #expect(report.problems.contains { $0.instance == "off" && $0.message.contains("not offered") })
            // The gateway's own records say 300 s; an empty AAAA answer does not shorten that.
            #expect(report.gateways[0].ttl == 300)
        }
    }

    @Test func recordsForNamesOutsideTheDomainAreNotBelieved() async throws {
        let instance = try Self.service.prepending(Array("outside".utf8))
        let target = try DNSName("gw.example")
        let records = [
            DNSResourceRecord(name: Self.service, ttl: 60, data: .ptr(instance)),
            DNSResourceRecord(name: instance, ttl: 60, data: .srv(priority: 0, weight: 0, port: 18789, target: target)),
            DNSResourceRecord(name: instance, ttl: 60, data: .txt([Array("role=gateway".utf8)])),
            DNSResourceRecord(name: target, ttl: 60, data: .a(.v4([100, 64, 0, 12]))),
        ]
        let zone = TestZone(origin: Self.domain.dnsName, records: records)
        try await TestDNSServer.with(handler: { request in
            var replies = zone.answer(request)
            // Volunteer a forged address for the out-of-domain target with the PTR answer.
            if case .message(var message) = replies.first, request.query?.questions.first?.type == .PTR {
                message.additionals.append(DNSResourceRecord(name: target, ttl: 60, data: .a(.v4([6, 6, 6, 6]))))
                replies = [.message(message)]
            }
            return replies
        }) { server in
            let report = try await Self.browser([server.address]).browse(Self.domain, timeout: Self.patience)
            #expect(report.gateways.first?.gateway.addresses == ["100.64.0.12"])
        }
    }

    @Test func hugeTXTComesOverTCPAndIsBounded() async throws {
        let instance = try Self.service.prepending(Array("big".utf8))
        let strings =
            ["role=gateway", "displayName=Big"] + (0..<200).map { "k\($0)=" + String(repeating: "v", count: 240) }
        var records = Self.instanceRecords(
            "big", target: "big.openclaw.internal", port: 18789, txt: [], ipv4: [100, 64, 0, 13], ipv6: nil)
        records.removeAll { $0.type == .TXT }
        records.append(DNSResourceRecord(name: instance, ttl: 60, data: .txt(strings.map { Array($0.utf8) })))
        let zone = TestZone(origin: Self.domain.dnsName, records: records)
        try await TestDNSServer.with(tcp: true, handler: zone.answer) { server in
            let report = try await Self.browser([server.address]).browse(Self.domain, timeout: Self.patience)
            let big = try #require(report.gateways.first)
            #expect(big.gateway.displayName == "Big")
            #expect(big.gateway.txt.entries.count < 40)
            #expect(server.requests.contains { $0.transport == .tcp && $0.query?.questions.first?.type == .TXT })
        }
    }

    @Test func aSilentServerCostsTheTimeoutNotThePlan() async throws {
        try await TestDNSServer.with(handler: { _ in [] }) { server in
            // The plan alone would wait 2 × 10 s.
            let browser = UnicastDNSSDBrowser(
                client: UnicastDNSClient(servers: [server.address], tryTimeout: TestTiming.slow))
            let report = try await browser.browse(Self.domain, timeout: .milliseconds(300))
            #expect(report.failure?.code == .dnsTimeout)
            #expect(report.elapsed >= .milliseconds(300))
            #expect(report.elapsed < TestTiming.quick)
            #expect(report.ttl == nil)
        }
    }

    @Test func resolveThrowsWhenTheLookupFails() async throws {
        try await TestDNSServer.with(handler: { request in
            guard let query = request.query else { return [] }
            return [.message(.reply(to: query, code: .serverFailure))]
        }) { server in
            await #expect(throws: UnicastDNSError.self) {
                _ = try await Self.browser([server.address]).resolve(
                    instance: "studio", in: Self.domain, timeout: Self.patience)
            }
        }
    }
}
