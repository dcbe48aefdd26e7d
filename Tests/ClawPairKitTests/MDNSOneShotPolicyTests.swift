import Testing
@testable import ClawPairKit

@Suite struct MDNSOneShotPolicyTests {
    private let start = ContinuousClock.now
    private let key = MDNSInstanceKey(name: "GW", serviceType: "_openclaw-gw._tcp.", domain: "local.", interfaceIndex: 2)
    private var query: MDNSHostQuery { MDNSHostQuery(host: "gw.local.", interfaceIndex: 2, recordType: MDNSHostQuery.typeA) }

    private func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    private func policy(timeout: Int = 2000) -> MDNSOneShotPolicy {
        MDNSOneShotPolicy(startedAt: start, deadline: at(timeout), quietPeriod: .milliseconds(250), firstAnswerWindow: .milliseconds(350))
    }

    private func table() -> MDNSServiceTable {
        MDNSServiceTable(addressFamily: .ipv4, addressGrace: .milliseconds(300), resolveRetryDelay: .seconds(5)) { _ in "eth0" }
    }

    @Test func waitsForTheDeadlineWhenNothingIsSeen() {
        #expect(policy().finishTime(for: table()) == at(2000))
    }

    @Test func waitsWhileAnInstanceIsUnresolved() {
        var table = table()
        _ = table.apply(.browse(added: true, interfaceIndex: 2, error: 0, name: "GW", serviceType: "_openclaw-gw._tcp.", domain: "local."), at: at(5))
        _ = table.flushEvents()
        #expect(policy().finishTime(for: table) == at(2000))
    }

    @Test func endsAfterTheFirstAnswerWindowWhenSettledEarly() {
        var table = resolvedTable(lastAt: 20)
        _ = table.flushEvents()
        #expect(policy().finishTime(for: table) == at(350))
    }

    @Test func endsAQuietPeriodAfterTheLastChange() {
        var table = resolvedTable(lastAt: 600)
        _ = table.flushEvents()
        #expect(policy().finishTime(for: table) == at(850))
    }

    @Test func neverEndsAfterTheDeadline() {
        var table = resolvedTable(lastAt: 1900)
        _ = table.flushEvents()
        #expect(policy().finishTime(for: table) == at(2000))
    }

    @Test func aNewInstanceUnsettlesIt() {
        var table = resolvedTable(lastAt: 20)
        _ = table.flushEvents()
        _ = table.apply(.browse(added: true, interfaceIndex: 2, error: 0, name: "Other", serviceType: "_openclaw-gw._tcp.", domain: "local."), at: at(300))
        #expect(policy().finishTime(for: table) == at(2000))
    }

    @Test func endsAsSoonAsAvahiHasCaughtUpAndEverythingIsSettled() {
        var table = resolvedTable(lastAt: 20)
        _ = table.apply(.browseCaughtUp, at: at(90))
        _ = table.flushEvents()
        #expect(policy().finishTime(for: table) == at(90))
    }

    @Test func caughtUpDoesNotEndItWhileAnInstanceIsUnresolved() {
        var table = resolvedTable(lastAt: 20)
        _ = table.apply(.browse(added: true, interfaceIndex: 2, error: 0, name: "Other", serviceType: "_openclaw-gw._tcp.", domain: "local."), at: at(80))
        _ = table.apply(.browseCaughtUp, at: at(90))
        #expect(policy().finishTime(for: table) == at(2000))
    }

    @Test func anInstanceOnlyRememberedKeepsTheQuietPeriod() {
        // Resolved ahead from an earlier browse, not (yet) reported by this one.
        var table = table()
        let remembered = MDNSInstanceKey(name: "Old", serviceType: "_openclaw-gw._tcp.", domain: "local.", interfaceIndex: 2)
        _ = table.expect(remembered, until: at(350))
        _ = table.apply(.resolve(remembered, error: 0, fullName: "Old._openclaw-gw._tcp.local.", hostTarget: "gw.local.", port: 1, txt: []), at: at(2))
        _ = table.apply(.record(query, added: true, error: 0, recordType: 1, rdata: [10, 0, 0, 1], ttl: 0), at: at(3))
        _ = table.apply(.browseCaughtUp, at: at(90))
        #expect(table.isSettled)
        #expect(policy().finishTime(for: table) == at(350))
    }

    private func resolvedTable(lastAt milliseconds: Int) -> MDNSServiceTable {
        var table = table()
        _ = table.apply(.browse(added: true, interfaceIndex: 2, error: 0, name: "GW", serviceType: "_openclaw-gw._tcp.", domain: "local."), at: at(1))
        _ = table.apply(.resolve(key, error: 0, fullName: "GW._openclaw-gw._tcp.local.", hostTarget: "gw.local.", port: 1, txt: []), at: at(2))
        _ = table.apply(.record(query, added: true, error: 0, recordType: 1, rdata: [10, 0, 0, 1], ttl: 0), at: at(milliseconds))
        return table
    }
}
