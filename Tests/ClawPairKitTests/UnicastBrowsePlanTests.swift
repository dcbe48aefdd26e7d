import Testing

@testable import ClawPairKit

@Suite struct UnicastBrowsePlanTests {
    typealias Query = UnicastBrowsePlan.Query

    static let domain = try! BrowseDomain("openclaw.internal")
    static let service = try! DNSName("_openclaw-gw._tcp.openclaw.internal")
    static let server = DNSServerAddress(.v4([127, 0, 0, 1]))

    static func instance(_ label: String) -> DNSName { try! service.prepending(Array(label.utf8)) }
    static func name(_ text: String) -> DNSName { try! DNSName(text) }
    static func q(_ name: DNSName, _ type: DNSRecordType) -> Query { Query(name: name, type: type) }

    static func answered(
        _ query: Query, _ answers: [DNSResourceRecord], additionals: [DNSResourceRecord] = [],
        code: DNSResponseCode = .noError,
        negativeTTL: UInt32? = nil
    ) -> UnicastBrowsePlan.Outcome {
        var authorities: [DNSResourceRecord] = []
        if let negativeTTL {
            authorities.append(
                DNSResourceRecord(
                    name: domain.dnsName, ttl: negativeTTL,
                    data: .soa(
                        .init(
                            mname: domain.dnsName, rname: domain.dnsName, serial: 1, refresh: 1, retry: 1, expire: 1,
                            minimum: negativeTTL))))
        }
        let question = DNSQuestion(name: query.name, type: query.type)
        let message = DNSMessage(
            id: 1, isResponse: true, responseCode: code, questions: [question], answers: answers,
            authorities: authorities,
            additionals: additionals)
        return .answered(
            UnicastDNSResponse(question: question, message: message, server: server, transport: .udp, elapsed: .zero))
    }

    static func ptr(_ target: DNSName, ttl: UInt32 = 100) -> DNSResourceRecord {
        DNSResourceRecord(name: service, ttl: ttl, data: .ptr(target))
    }
    static func srv(
        _ owner: DNSName, _ target: DNSName, port: UInt16 = 18789, priority: UInt16 = 0, weight: UInt16 = 0,
        ttl: UInt32 = 100
    ) -> DNSResourceRecord {
        DNSResourceRecord(
            name: owner, ttl: ttl, data: .srv(priority: priority, weight: weight, port: port, target: target))
    }
    static func txt(_ owner: DNSName, _ strings: [String], ttl: UInt32 = 100) -> DNSResourceRecord {
        DNSResourceRecord(name: owner, ttl: ttl, data: .txt(strings.map { Array($0.utf8) }))
    }
    static func a(_ owner: DNSName, _ last: UInt8, ttl: UInt32 = 100) -> DNSResourceRecord {
        DNSResourceRecord(name: owner, ttl: ttl, data: .a(.v4([100, 64, 0, last])))
    }

    @Test func walksPTRThenSRVAndTXTThenAddresses() throws {
        var plan = try UnicastBrowsePlan(browsing: Self.domain)
        let browse = Self.q(Self.service, .PTR)
        #expect(plan.start() == [browse])
        #expect(plan.start().isEmpty)

        let one = Self.instance("one")
        let two = Self.instance("Two (2)")
        let shared = Self.name("host.openclaw.internal")
        let next = plan.absorb(Self.answered(browse, [Self.ptr(one), Self.ptr(two)]), for: browse)
        #expect(next == [Self.q(one, .SRV), Self.q(one, .TXT), Self.q(two, .SRV), Self.q(two, .TXT)])

        #expect(
            plan.absorb(Self.answered(Self.q(one, .SRV), [Self.srv(one, shared)]), for: Self.q(one, .SRV))
                == [Self.q(shared, .A), Self.q(shared, .AAAA)])
        // A second instance on the same host needs no new address queries.
        #expect(
            plan.absorb(Self.answered(Self.q(two, .SRV), [Self.srv(two, shared, port: 18790)]), for: Self.q(two, .SRV))
                .isEmpty)
        #expect(
            plan.absorb(Self.answered(Self.q(one, .TXT), [Self.txt(one, ["role=gateway"])]), for: Self.q(one, .TXT))
                .isEmpty)
        #expect(plan.absorb(Self.answered(Self.q(shared, .A), [Self.a(shared, 5)]), for: Self.q(shared, .A)).isEmpty)

        let report = plan.report(elapsed: .milliseconds(3))
        #expect(report.gateways.map(\.gateway.instance) == ["one", "Two (2)"])
        #expect(report.gateways.map(\.gateway.port) == [18789, 18790])
        #expect(report.gateways.allSatisfy { $0.gateway.addresses == ["100.64.0.5"] })
        #expect(report.gateways[0].gateway.txt.role == "gateway")
    }

    @Test func volunteeredRecordsSaveTheirQueries() throws {
        var plan = try UnicastBrowsePlan(browsing: Self.domain)
        let browse = plan.start()[0]
        let one = Self.instance("one")
        let host = Self.name("one.openclaw.internal")
        let next = plan.absorb(
            Self.answered(
                browse, [Self.ptr(one)],
                additionals: [Self.srv(one, host), Self.txt(one, ["role=gateway"]), Self.a(host, 1)]),
            for: browse)
        // Only AAAA is left: an A record in the additional section says nothing about AAAA.
        #expect(next == [Self.q(host, .AAAA)])
        #expect(plan.report(elapsed: .zero).gateways.first?.gateway.addresses == ["100.64.0.1"])
    }

    @Test func recordsOutsideTheDomainAreNotVolunteered() throws {
        var plan = try UnicastBrowsePlan(browsing: Self.domain)
        let browse = plan.start()[0]
        let one = Self.instance("one")
        let outside = Self.name("gw.example")
        let next = plan.absorb(
            Self.answered(browse, [Self.ptr(one)], additionals: [Self.srv(one, outside), Self.a(outside, 66)]),
            for: browse)
        #expect(next == [Self.q(one, .TXT), Self.q(outside, .A), Self.q(outside, .AAAA)])
    }

    @Test func ignoresPTRTargetsThatAreNotInstancesAndDuplicates() throws {
        var plan = try UnicastBrowsePlan(browsing: Self.domain)
        let browse = plan.start()[0]
        let records = [
            Self.ptr(Self.instance("one")), Self.ptr(Self.instance("ONE")),
            Self.ptr(Self.name("a.b._openclaw-gw._tcp.openclaw.internal")),
            Self.ptr(Self.name("x._other._tcp.openclaw.internal")),
            Self.ptr(Self.service),
        ]
        _ = plan.absorb(Self.answered(browse, records), for: browse)
        #expect(plan.instances == [Self.instance("one")])
    }

    @Test func boundsTheInstancesFollowed() throws {
        var plan = try UnicastBrowsePlan(browsing: Self.domain)
        let browse = plan.start()[0]
        let records = (0..<(UnicastBrowsePlan.maximumInstances + 5)).map { Self.ptr(Self.instance("i\($0)")) }
        let next = plan.absorb(Self.answered(browse, records), for: browse)
        #expect(plan.instances.count == UnicastBrowsePlan.maximumInstances)
        #expect(plan.droppedInstances == 5)
        #expect(next.count == 2 * UnicastBrowsePlan.maximumInstances)
        #expect(plan.report(elapsed: .zero).problems.contains { $0.message.contains("5 more instances") })
    }

    @Test func choosesTheSRVByPriorityThenWeight() throws {
        var plan = try UnicastBrowsePlan(resolving: "one", in: Self.domain)
        let one = Self.instance("one")
        #expect(plan.start() == [Self.q(one, .SRV), Self.q(one, .TXT)])
        let best = Self.name("best.openclaw.internal")
        let next = plan.absorb(
            Self.answered(
                Self.q(one, .SRV),
                [
                    Self.srv(one, Self.name("backup.openclaw.internal"), priority: 10, weight: 100),
                    Self.srv(one, Self.name("light.openclaw.internal"), priority: 0, weight: 1),
                    Self.srv(one, best, port: 1234, priority: 0, weight: 50),
                ]), for: Self.q(one, .SRV))
        #expect(next == [Self.q(best, .A), Self.q(best, .AAAA)])
        #expect(plan.report(elapsed: .zero).gateways.first?.gateway.port == 1234)
    }

    @Test func theGatewayLivesAsLongAsItsShortestRecord() throws {
        var plan = try UnicastBrowsePlan(browsing: Self.domain)
        let browse = plan.start()[0]
        let one = Self.instance("one")
        let host = Self.name("one.openclaw.internal")
        _ = plan.absorb(Self.answered(browse, [Self.ptr(one, ttl: 100)]), for: browse)
        _ = plan.absorb(Self.answered(Self.q(one, .SRV), [Self.srv(one, host, ttl: 50)]), for: Self.q(one, .SRV))
        _ = plan.absorb(Self.answered(Self.q(one, .TXT), [Self.txt(one, [], ttl: 70)]), for: Self.q(one, .TXT))
        _ = plan.absorb(Self.answered(Self.q(host, .A), [Self.a(host, 1, ttl: 30)]), for: Self.q(host, .A))
        _ = plan.absorb(Self.answered(Self.q(host, .AAAA), [], negativeTTL: 5), for: Self.q(host, .AAAA))
        let report = plan.report(elapsed: .zero)
        #expect(report.gateways.first?.ttl == 30)
        #expect(report.ttl == 30)
        // A TTL with the top bit set counts as 0 (RFC 2181 §8).
        var other = try UnicastBrowsePlan(browsing: Self.domain)
        _ = other.start()
        _ = other.absorb(Self.answered(browse, [Self.ptr(one, ttl: 0x8000_0000)]), for: browse)
        #expect(other.report(elapsed: .zero).ttl == 0)
    }

    @Test func nxDomainAndFailureAreStatuses() throws {
        var missing = try UnicastBrowsePlan(browsing: Self.domain)
        let browse = missing.start()[0]
        _ = missing.absorb(Self.answered(browse, [], code: .nxDomain, negativeTTL: 42), for: browse)
        let report = missing.report(elapsed: .zero)
        guard case .noSuchName = report.status else {
            Issue.record("\(report.status)")
            return
        }
        #expect(report.ttl == 42)

        var failed = try UnicastBrowsePlan(browsing: Self.domain)
        _ = failed.start()
        let error = UnicastDNSError(
            question: DNSQuestion(name: Self.service, type: .PTR),
            failures: [.init(server: Self.server, reason: .timedOut)])
        #expect(failed.absorb(.failed(error), for: browse).isEmpty)
        let failedReport = failed.report(elapsed: .zero)
        #expect(failedReport.failure?.code == .dnsTimeout)
        #expect(failedReport.ttl == nil)
    }

    @Test func failedInstanceLookupsBecomeProblems() throws {
        var plan = try UnicastBrowsePlan(browsing: Self.domain)
        let browse = plan.start()[0]
        let one = Self.instance("one")
        let two = Self.instance("two")
        let host = Self.name("two.openclaw.internal")
        _ = plan.absorb(Self.answered(browse, [Self.ptr(one), Self.ptr(two)]), for: browse)
        let timeout = { (query: Query) in
            UnicastDNSError(
                question: DNSQuestion(name: query.name, type: query.type),
                failures: [.init(server: Self.server, reason: .timedOut)])
        }
        _ = plan.absorb(.failed(timeout(Self.q(one, .SRV))), for: Self.q(one, .SRV))
        _ = plan.absorb(Self.answered(Self.q(two, .SRV), [Self.srv(two, host)]), for: Self.q(two, .SRV))
        _ = plan.absorb(.failed(timeout(Self.q(two, .TXT))), for: Self.q(two, .TXT))
        _ = plan.absorb(.failed(timeout(Self.q(host, .A))), for: Self.q(host, .A))
        _ = plan.absorb(.failed(timeout(Self.q(host, .AAAA))), for: Self.q(host, .AAAA))
        let report = plan.report(elapsed: .zero)
        // Two is listed, reachable or not; one could not be resolved at all.
        #expect(report.gateways.map(\.gateway.instance) == ["two"])
        #expect(report.gateways[0].gateway.addresses.isEmpty)
        #expect(report.problems.map(\.instance) == ["one", "two", "two"])
        #expect(report.problems.allSatisfy { $0.error?.code == .dnsTimeout })
        #expect(report.problems[0].gatewayID?.rawValue == "_openclaw-gw._tcp|openclaw.internal.|one")
    }
}
