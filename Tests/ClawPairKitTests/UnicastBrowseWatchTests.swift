import Synchronization
import Testing

@testable import ClawPairKit

@Suite struct UnicastBrowseWatchTests {
    static let domain = try! BrowseDomain("openclaw.internal")
    static let other = try! BrowseDomain("lab.internal")
    static let t0 = ContinuousClock.now

    static func gateway(_ name: String, port: UInt16 = 18789, ttl: UInt32 = 60, in domain: BrowseDomain = domain)
        -> UnicastGateway
    {
        UnicastGateway(
            gateway: DiscoveredGateway(
                instance: name, domain: domain.name, host: "\(name).\(domain.name)", port: port, sources: [.unicast]),
            instanceName: try! DNSName("\(name)._openclaw-gw._tcp.\(domain.name)"), ttl: ttl)
    }

    static func report(
        _ gateways: [UnicastGateway], domain: BrowseDomain = domain, ttl: UInt32? = 60,
        problems: [UnicastBrowseReport.Problem] = []
    ) -> UnicastBrowseReport {
        UnicastBrowseReport(
            domain: domain, status: .answered, gateways: gateways, problems: problems, ttl: ttl, elapsed: .zero)
    }

    static func failed(_ domain: BrowseDomain = domain) -> UnicastBrowseReport {
        let error = UnicastDNSError(question: DNSQuestion(name: domain.dnsName, type: .PTR), failures: [])
        return UnicastBrowseReport(
            domain: domain, status: .failed(error), gateways: [], problems: [], ttl: nil, elapsed: .zero)
    }

    static func state(_ domains: [BrowseDomain] = [domain]) -> UnicastBrowseWatchState {
        UnicastBrowseWatchState(
            domains: domains, now: t0, minimumRefreshInterval: .seconds(2), maximumRefreshInterval: .seconds(60),
            failureRetryInterval: .seconds(5))
    }

    /// Events as short text: `+a`, `~a`, `-a`, `!domain`.
    static func summary(_ events: [UnicastBrowseEvent]) -> [String] {
        events.map {
            switch $0 {
            case .added(let gateway): "+" + gateway.gateway.instance
            case .updated(let gateway): "~" + gateway.gateway.instance
            case .removed(let gateway): "-" + gateway.gateway.instance
            case .domainFailed(let domain, _): "!" + domain.name
            }
        }
    }

    @Test func addsUpdatesAndRemoves() {
        var state = Self.state()
        #expect(state.due(at: Self.t0) == [Self.domain])
        #expect(
            Self.summary(state.apply(Self.report([Self.gateway("a"), Self.gateway("b")]), at: Self.t0)) == ["+a", "+b"])
        // Nothing changed but the TTL: no event.
        #expect(
            Self.summary(
                state.apply(Self.report([Self.gateway("a", ttl: 30), Self.gateway("b")]), at: Self.t0 + .seconds(60))
            ).isEmpty)
        #expect(
            Self.summary(
                state.apply(Self.report([Self.gateway("a", port: 1), Self.gateway("c")]), at: Self.t0 + .seconds(120)))
                == ["~a", "+c", "-b"])
        #expect(state.gateways.map(\.gateway.instance) == ["a", "c"])
    }

    @Test func schedulesByTTLWithinBounds() {
        var state = Self.state()
        _ = state.apply(Self.report([], ttl: 30), at: Self.t0)
        #expect(state.nextBrowse[Self.domain] == Self.t0 + .seconds(30))
        _ = state.apply(Self.report([], ttl: 0), at: Self.t0)
        #expect(state.nextBrowse[Self.domain] == Self.t0 + .seconds(2))
        _ = state.apply(Self.report([], ttl: 86_400), at: Self.t0)
        #expect(state.nextBrowse[Self.domain] == Self.t0 + .seconds(60))
        _ = state.apply(Self.failed(), at: Self.t0)
        #expect(state.nextBrowse[Self.domain] == Self.t0 + .seconds(5))
        #expect(state.due(at: Self.t0 + .seconds(4)).isEmpty)
        #expect(state.due(at: Self.t0 + .seconds(5)) == [Self.domain])
    }

    @Test func aFailedDomainKeepsItsGatewaysUntilTheyExpire() {
        var state = Self.state([Self.domain, Self.other])
        _ = state.apply(Self.report([Self.gateway("a", ttl: 10)]), at: Self.t0)
        _ = state.apply(Self.report([Self.gateway("z", ttl: 10, in: Self.other)], domain: Self.other), at: Self.t0)
        #expect(Self.summary(state.apply(Self.failed(), at: Self.t0 + .seconds(5))) == ["!openclaw.internal."])
        #expect(Self.summary(state.apply(Self.failed(), at: Self.t0 + .seconds(10))) == ["!openclaw.internal.", "-a"])
        // The other domain's gateway is untouched.
        #expect(state.gateways.map(\.gateway.instance) == ["z"])
    }

    @Test func aListedGatewayWhoseLookupFailedStaysUntilItExpires() {
        var state = Self.state()
        _ = state.apply(Self.report([Self.gateway("a", ttl: 10)]), at: Self.t0)
        let error = UnicastDNSError(question: DNSQuestion(name: Self.domain.dnsName, type: .SRV), failures: [])
        let problem = UnicastBrowseReport.Problem(
            instance: "a", gatewayID: Self.gateway("a").id, message: "SRV lookup failed", error: error)
        #expect(Self.summary(state.apply(Self.report([], problems: [problem]), at: Self.t0 + .seconds(5))).isEmpty)
        #expect(Self.summary(state.apply(Self.report([], problems: [problem]), at: Self.t0 + .seconds(10))) == ["-a"])
    }

    /// The whole loop against a zone that changes: added, then updated and removed.
    @Test func watchesAChangingZone() async throws {
        let service = try DNSName("_openclaw-gw._tcp.openclaw.internal")
        func records(_ instances: [(String, UInt16)]) -> [DNSResourceRecord] {
            instances.flatMap { label, port -> [DNSResourceRecord] in
                let instance = try! service.prepending(Array(label.utf8))
                let host = try! DNSName("\(label).openclaw.internal")
                return [
                    DNSResourceRecord(name: service, ttl: 1, data: .ptr(instance)),
                    DNSResourceRecord(
                        name: instance, ttl: 1, data: .srv(priority: 0, weight: 0, port: port, target: host)),
                    DNSResourceRecord(name: instance, ttl: 1, data: .txt([Array("role=gateway".utf8)])),
                    DNSResourceRecord(name: host, ttl: 1, data: .a(.v4([100, 64, 0, 1]))),
                ]
            }
        }
        let zone = Mutex(
            TestZone(origin: Self.domain.dnsName, records: records([("alpha", 1), ("beta", 2)]), negativeTTL: 1))
        try await TestDNSServer.with(handler: { request in zone.withLock { $0 }.answer(request) }) { server in
            var watch = UnicastDNSSDBrowser(client: UnicastDNSClient(servers: [server.address])).watch(
                [Self.domain], timeout: .seconds(10))
            watch.minimumRefreshInterval = .milliseconds(100)
            var iterator = watch.makeAsyncIterator()
            var seen: [String] = []
            for _ in 0..<2 {
                if let event = await iterator.next() { seen += Self.summary([event]) }
            }
            #expect(seen.sorted() == ["+alpha", "+beta"])
            zone.withLock {
                $0 = TestZone(origin: Self.domain.dnsName, records: records([("alpha", 10)]), negativeTTL: 1)
            }
            seen = []
            for _ in 0..<2 {
                if let event = await iterator.next() { seen += Self.summary([event]) }
            }
            #expect(seen == ["~alpha", "-beta"])
        }
    }

    @Test func endsWhenTheTaskIsCancelled() async throws {
        try await TestDNSServer.with(handler: { _ in [] }) { server in
            let watch = UnicastDNSSDBrowser(client: UnicastDNSClient(servers: [server.address])).watch(
                [Self.domain], timeout: .seconds(30))
            let task = Task {
                var events = 0
                for await _ in watch { events += 1 }
                return events
            }
            try await Task.sleep(for: .milliseconds(100))
            let start = ContinuousClock.now
            task.cancel()
            _ = await task.value
            #expect(ContinuousClock.now - start < TestTiming.quick)
        }
    }
}
