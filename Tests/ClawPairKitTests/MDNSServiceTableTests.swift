import Testing
@testable import ClawPairKit

/// The browse state machine, driven with the replies avahi-client's callbacks produce.
@Suite struct MDNSServiceTableTests {
    typealias Action = MDNSServiceTable.Action

    private let start = ContinuousClock.now
    private let type = "_openclaw-gw._tcp."
    private let domain = "local."
    private let interface: UInt32 = 3

    private func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    private func makeTable(_ family: MDNSAddressFamily = .both) -> MDNSServiceTable {
        MDNSServiceTable(addressFamily: family, addressGrace: .milliseconds(300), resolveRetryDelay: .seconds(5)) {
            $0 == 3 ? "veth0" : nil
        }
    }

    private func key(_ name: String) -> MDNSInstanceKey {
        MDNSInstanceKey(name: name, serviceType: type, domain: domain, interfaceIndex: interface)
    }

    private func query(_ host: String, _ recordType: UInt16) -> MDNSHostQuery {
        MDNSHostQuery(host: host, interfaceIndex: interface, recordType: recordType)
    }

    private func browse(_ name: String, added: Bool = true) -> AvahiReply {
        .browse(added: added, interfaceIndex: interface, error: 0, name: name, serviceType: type, domain: domain)
    }

    private func resolve(_ name: String, host: String = "gw.local.", port: UInt16 = 18789, txt: [UInt8] = [12] + Array("role=gateway".utf8)) -> AvahiReply {
        .resolve(key(name), error: 0, fullName: "\(name)._openclaw-gw._tcp.local.", hostTarget: host, port: port, txt: txt)
    }

    private func record(_ host: String, _ rdata: [UInt8], added: Bool = true) -> AvahiReply {
        let type = rdata.count == 4 ? MDNSHostQuery.typeA : MDNSHostQuery.typeAAAA
        return .record(query(host, type), added: added, error: 0, recordType: type, rdata: rdata, ttl: 0)
    }

    /// What subscribing to a host asks for: the line-protocol lookups, then the queries.
    private func hostStarts(_ host: String, _ types: UInt16...) -> [Action] {
        types.map { .lookUp(query(host, $0)) } + types.map { .start(.address(query(host, $0))) }
    }

    private let v4: [UInt8] = [10, 78, 0, 1]
    private let linkLocal: [UInt8] = [0xFE, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]

    @Test func announcesOnResolveThenUpdatesWithAddresses() {
        var table = makeTable()
        #expect(table.apply(browse("GW"), at: at(1)) == [.start(.resolve(key("GW")))])
        #expect(table.flushEvents() == [])
        #expect(
            table.apply(resolve("GW"), at: at(2)) == [.stop(.resolve(key("GW")))] + hostStarts("gw.local.", 1, 28))
        // Resolved: announced at once, addresses to follow.
        let added = table.flushEvents()
        guard case .added(let first) = added.first, added.count == 1 else {
            Issue.record("expected one .added, got \(added)")
            return
        }
        #expect(first.addresses == [])
        #expect(!table.isSettled)
        // The first record of each type ends that type's lookup.
        #expect(table.apply(record("gw.local.", v4), at: at(3)) == [.endLookup(query("gw.local.", 1))])
        #expect(table.apply(record("gw.local.", linkLocal), at: at(3)) == [.endLookup(query("gw.local.", 28))])
        // Both addresses arrived in one round: one event.
        let events = table.flushEvents()
        #expect(events.count == 1)
        guard case .updated(let service) = events.first else {
            Issue.record("expected .updated, got \(events)")
            return
        }
        #expect(service.rawInstanceName == "GW")
        #expect(service.interfaceName == "veth0")
        #expect(service.hostTarget == "gw.local.")
        #expect(service.port == 18789)
        #expect(service.txtRecords == [Array("role=gateway".utf8)])
        #expect(service.addresses == ["10.78.0.1", "fe80::1%veth0"])
        #expect(service.addressTTL == nil)
        #expect(table.isSettled)
        #expect(table.lastActivity == at(3))
    }

    @Test func anExpectedInstanceIsAnnouncedOnceItResolves() {
        var table = makeTable(.ipv4)
        #expect(table.expect(key("GW"), until: at(350)) == [.start(.resolve(key("GW")))])
        #expect(table.expect(key("GW"), until: at(350)) == [])
        // Not resolved yet: nothing to say, and nothing to wait for in a one-shot browse.
        #expect(table.flushEvents() == [])
        #expect(!table.isSettled)
        #expect(table.apply(resolve("GW"), at: at(2)) == [.stop(.resolve(key("GW")))] + hostStarts("gw.local.", 1))
        // The resolve is the daemon's answer: announced before the browse reports it.
        let added = table.flushEvents()
        guard case .added(let first) = added.first, added.count == 1 else {
            Issue.record("expected one .added, got \(added)")
            return
        }
        #expect(first.rawInstanceName == "GW")
        #expect(table.resolvedServices.map(\.rawInstanceName) == ["GW"])
        #expect(table.apply(record("gw.local.", v4), at: at(3)) == [.endLookup(query("gw.local.", 1))])
        #expect(table.flushEvents().map(\.kind) == ["updated"])
        #expect(table.isSettled)

        // The browse's report of it is no new event, and it is kept past the expectation.
        #expect(table.apply(browse("GW"), at: at(11)) == [])
        #expect(table.flushEvents() == [])
        #expect(table.nextTimer == at(302))
        #expect(table.tick(at: at(400)) == [])
        #expect(table.resolvedServices.map(\.rawInstanceName) == ["GW"])
    }

    @Test func anExpectedInstanceTheBrowseNeverReportsIsRemovedAtTheExpectationsEnd() {
        var table = makeTable(.ipv4)
        _ = table.expect(key("Gone"), until: at(350))
        _ = table.apply(resolve("Gone"), at: at(2))
        #expect(table.flushEvents().map(\.kind) == ["added"])
        #expect(table.nextTimer == at(302))
        #expect(table.tick(at: at(349)) == [])
        #expect(table.nextTimer == at(350))
        #expect(
            table.tick(at: at(350)) == [.endLookup(query("gw.local.", 1)), .stop(.address(query("gw.local.", 1)))])
        #expect(table.flushEvents().map(\.kind) == ["removed"])
        #expect(table.nextTimer == nil)
        #expect(table.resolvedServices == [])
    }

    @Test func anExpectedInstanceThatDoesNotResolveIsNeverReported() {
        var table = makeTable(.ipv4)
        _ = table.expect(key("Gone"), until: at(350))
        let failure = AvahiReply.resolve(key("Gone"), error: -65537, fullName: "", hostTarget: "", port: 0, txt: [])
        #expect(table.apply(failure, at: at(2)) == [.stop(.resolve(key("Gone")))])
        #expect(table.flushEvents() == [])
        #expect(table.tick(at: at(350)) == [])
        #expect(table.flushEvents() == [])
        // A removal the browse might report for it later is no event either.
        #expect(table.apply(browse("Gone", added: false), at: at(400)) == [])
        #expect(table.flushEvents() == [])
        #expect(table.resolvedServices == [])
    }

    @Test func theLookupsAddressStandsInUntilTheQueryAnswers() {
        var table = makeTable(.ipv4)
        _ = table.apply(browse("GW"), at: at(1))
        _ = table.apply(resolve("GW"), at: at(2))
        #expect(table.flushEvents().map(\.kind) == ["added"])
        let lookup = query("gw.local.", 1)
        #expect(table.lookedUp(lookup, .address(interfaceIndex: interface, .v4(v4)), at: at(3)) == [.endLookup(lookup)])
        let events = table.flushEvents()
        guard case .updated(let service) = events.first, events.count == 1 else {
            Issue.record("expected one .updated, got \(events)")
            return
        }
        #expect(service.addresses == ["10.78.0.1"])
        // A stand-in does not settle a one-shot browse: the query's full set does.
        #expect(!table.isSettled)
        #expect(table.lastActivity == at(3))
        // The same address from the query: no change to report.
        #expect(table.apply(record("gw.local.", v4), at: at(12)) == [])
        #expect(table.flushEvents() == [])
        #expect(table.isSettled)
        // A late answer to a lookup already ended changes nothing.
        #expect(table.lookedUp(lookup, .address(interfaceIndex: interface, .v4([10, 0, 0, 9])), at: at(13)) == [])
        #expect(table.flushEvents() == [])
    }

    @Test func theQueryReplacesAStandInItDoesNotConfirm() {
        var table = makeTable(.ipv4)
        _ = table.apply(browse("GW"), at: at(1))
        _ = table.apply(resolve("GW"), at: at(2))
        let lookup = query("gw.local.", 1)
        _ = table.lookedUp(lookup, .address(interfaceIndex: interface, .v4([10, 0, 0, 9])), at: at(3))
        _ = table.flushEvents()
        _ = table.apply(record("gw.local.", v4), at: at(12))
        let events = table.flushEvents()
        guard case .updated(let service) = events.first, events.count == 1 else {
            Issue.record("expected one .updated, got \(events)")
            return
        }
        #expect(service.addresses == ["10.78.0.1"])
    }

    @Test func lookupAnswersThatDoNotFitAreIgnored() {
        var table = makeTable()
        _ = table.apply(browse("GW"), at: at(1))
        _ = table.apply(resolve("GW"), at: at(2))
        _ = table.flushEvents()
        let lookupA = query("gw.local.", 1)
        let lookupAAAA = query("gw.local.", 28)
        // Another interface's answer, an IPv6 address for an A lookup, a failure: each ends
        // the lookup and reports nothing.
        #expect(table.lookedUp(lookupA, .address(interfaceIndex: interface + 1, .v4(v4)), at: at(3)) == [.endLookup(lookupA)])
        #expect(table.lookedUp(lookupAAAA, .address(interfaceIndex: interface, .v4(v4)), at: at(3)) == [.endLookup(lookupAAAA)])
        #expect(table.flushEvents() == [])
        var other = makeTable(.ipv4)
        _ = other.apply(browse("GW"), at: at(1))
        _ = other.apply(resolve("GW"), at: at(2))
        _ = other.flushEvents()
        #expect(other.lookedUp(lookupA, .failed("15 Timeout reached"), at: at(3)) == [.endLookup(lookupA)])
        #expect(other.lookedUp(lookupA, nil, at: at(3)) == [])
        #expect(other.flushEvents() == [])
        // Unknown hosts are ignored.
        #expect(other.lookedUp(query("nobody.local.", 1), .address(interfaceIndex: interface, .v4(v4)), at: at(3)) == [])
    }

    @Test func aWatchResolvesAgainLaterAndKeepsThatResolveForChanges() {
        var table = makeTable(.ipv4)
        _ = table.apply(browse("GW"), at: at(1))
        _ = table.apply(resolve("GW"), at: at(2))
        _ = table.apply(record("gw.local.", v4), at: at(3))
        #expect(table.flushEvents().map(\.kind) == ["added"])
        #expect(table.nextTimer == at(302))
        #expect(table.tick(at: at(302)) == [])
        #expect(table.nextTimer == at(2002))
        #expect(table.tick(at: at(2001)) == [])
        #expect(table.tick(at: at(2002)) == [.start(.resolve(key("GW")))])
        #expect(table.nextTimer == nil)
        // The watching resolve's first answer, unchanged: nothing to stop, nothing to say.
        #expect(table.apply(resolve("GW"), at: at(2010)) == [])
        #expect(table.flushEvents() == [])
        // A TXT change later is an update, and the resolve keeps running.
        #expect(table.apply(resolve("GW", txt: [3] + Array("a=b".utf8)), at: at(5000)) == [])
        #expect(table.flushEvents().map(\.kind) == ["updated"])
        // Gone: the watching resolve is stopped with the rest.
        #expect(
            table.apply(browse("GW", added: false), at: at(6000)) == [.stop(.resolve(key("GW"))), .stop(.address(query("gw.local.", 1)))])
    }

    @Test func aOneShotBrowseNeverResolvesAgain() {
        var table = MDNSServiceTable(addressFamily: .ipv4, addressGrace: .milliseconds(300), resolveMonitorDelay: nil) { _ in "veth0" }
        _ = table.apply(browse("GW"), at: at(1))
        #expect(table.apply(resolve("GW"), at: at(2)) == [.stop(.resolve(key("GW")))] + hostStarts("gw.local.", 1))
        #expect(table.tick(at: at(302)) == [])
        #expect(table.nextTimer == nil)
        #expect(table.tick(at: at(10_000)) == [])
    }

    @Test func familyFilterChoosesTheQueries() {
        var ipv4 = makeTable(.ipv4)
        _ = ipv4.apply(browse("GW"), at: at(1))
        #expect(ipv4.apply(resolve("GW"), at: at(2)) == [.stop(.resolve(key("GW")))] + hostStarts("gw.local.", 1))
        var ipv6 = makeTable(.ipv6)
        _ = ipv6.apply(browse("GW"), at: at(1))
        #expect(ipv6.apply(resolve("GW"), at: at(2)) == [.stop(.resolve(key("GW")))] + hostStarts("gw.local.", 28))
    }

    @Test func laterChangesAreUpdates() {
        var table = announcedTable()
        _ = table.apply(record("gw.local.", linkLocal), at: at(10))
        #expect(table.flushEvents().map(\.kind) == ["updated"])
        // The same record again changes nothing.
        _ = table.apply(record("gw.local.", linkLocal), at: at(11))
        #expect(table.flushEvents() == [])
        // A TXT change arrives as a new resolve.
        _ = table.apply(resolve("GW", txt: [3] + Array("a=b".utf8)), at: at(12))
        let events = table.flushEvents()
        guard case .updated(let service) = events.first, events.count == 1 else {
            Issue.record("expected one .updated, got \(events)")
            return
        }
        #expect(service.txtRecords == [Array("a=b".utf8)])
        // An address going away is an update too (once each add is matched by a remove).
        _ = table.apply(record("gw.local.", linkLocal, added: false), at: at(13))
        #expect(table.flushEvents() == [])
        _ = table.apply(record("gw.local.", linkLocal, added: false), at: at(13))
        guard case .updated(let after) = table.flushEvents().first else {
            Issue.record("expected .updated")
            return
        }
        #expect(after.addresses == ["10.78.0.1"])
    }

    @Test func instanceSeenPerProtocolIsRemovedWhenEveryAddIsMatched() {
        var table = makeTable()
        // Avahi reports the instance for IPv4 and for IPv6 on the same interface.
        #expect(table.apply(browse("GW"), at: at(1)) == [.start(.resolve(key("GW")))])
        #expect(table.apply(browse("GW"), at: at(1)) == [])
        _ = table.apply(resolve("GW"), at: at(2))
        _ = table.apply(record("gw.local.", v4), at: at(3))
        _ = table.flushEvents()
        #expect(table.apply(browse("GW", added: false), at: at(4)) == [])
        #expect(table.flushEvents() == [])
        #expect(
            table.apply(browse("GW", added: false), at: at(5))
                == [.endLookup(query("gw.local.", 28)), .stop(.address(query("gw.local.", 1))), .stop(.address(query("gw.local.", 28)))])
        #expect(
            table.flushEvents()
                == [.removed(MDNSServiceInstance(name: "GW", serviceType: type, domain: domain, interfaceIndex: 3, interfaceName: "veth0"))])
        #expect(table.resolvedServices == [])
    }

    @Test func unannouncedRemovalIsSilent() {
        var table = makeTable()
        _ = table.apply(browse("GW"), at: at(1))
        #expect(table.apply(browse("GW", added: false), at: at(2)) == [.stop(.resolve(key("GW")))])
        #expect(table.flushEvents() == [])
        // Unknown instances are ignored.
        #expect(table.apply(browse("Nobody", added: false), at: at(3)) == [])
    }

    @Test func anAddressSeenPerProtocolGoesWhenEveryAddIsMatched() {
        var table = announcedTable()
        let v6: [UInt8] = [0xFD, 0x78, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
        // An AAAA record arrives over IPv4 and over IPv6 mDNS.
        _ = table.apply(record("gw.local.", v6), at: at(10))
        _ = table.apply(record("gw.local.", v6), at: at(10))
        #expect(table.flushEvents().map(\.kind) == ["updated"])
        _ = table.apply(record("gw.local.", v6, added: false), at: at(11))
        #expect(table.flushEvents() == [])
        _ = table.apply(record("gw.local.", v6, added: false), at: at(12))
        guard case .updated(let service) = table.flushEvents().first else {
            Issue.record("expected .updated")
            return
        }
        #expect(service.addresses == ["10.78.0.1"])
    }

    @Test func servicesOnOneHostShareItsQueries() {
        var table = makeTable(.ipv4)
        _ = table.apply(browse("A"), at: at(1))
        _ = table.apply(browse("B"), at: at(1))
        #expect(table.apply(resolve("A"), at: at(2)) == [.stop(.resolve(key("A")))] + hostStarts("gw.local.", 1))
        #expect(table.apply(resolve("B"), at: at(2)) == [.stop(.resolve(key("B")))])
        #expect(table.flushEvents().map(\.kind) == ["added", "added"])
        _ = table.apply(record("gw.local.", v4), at: at(3))
        #expect(table.flushEvents().map(\.kind) == ["updated", "updated"])
        // Their resolves answered and stopped: only the shared query is left to stop.
        #expect(table.apply(browse("A", added: false), at: at(4)) == [])
        #expect(table.apply(browse("B", added: false), at: at(5)) == [.stop(.address(query("gw.local.", 1)))])
    }

    @Test func aNewHostTargetMovesTheQueries() {
        var table = announcedTable(family: .ipv4)
        #expect(
            table.apply(resolve("GW", host: "other.local."), at: at(10))
                == [.stop(.address(query("gw.local.", 1)))] + hostStarts("other.local.", 1))
        let events = table.flushEvents()
        guard case .updated(let service) = events.first else {
            Issue.record("expected .updated, got \(events)")
            return
        }
        #expect(service.hostTarget == "other.local.")
        #expect(service.addresses == [])
    }

    @Test func settlesWithoutAddressesAfterTheGrace() {
        var table = makeTable(.ipv6)
        _ = table.apply(browse("GW"), at: at(1))
        _ = table.apply(resolve("GW"), at: at(2))
        #expect(table.flushEvents().map(\.kind) == ["added"])
        #expect(!table.isSettled)
        #expect(table.nextTimer == at(302))
        #expect(table.tick(at: at(301)) == [])
        #expect(!table.isSettled)
        #expect(table.tick(at: at(302)) == [])
        // The grace ending is no event, only settles the instance for a one-shot browse.
        #expect(table.flushEvents() == [])
        #expect(table.isSettled)
        // What remains is the watching resolve's start.
        #expect(table.nextTimer == at(2002))
        #expect(table.resolvedServices.map(\.addresses) == [[]])
    }

    @Test func aResolveForAHostWithKnownAddressesIsAddedWithThem() {
        var table = announcedTable(family: .ipv4)
        _ = table.apply(browse("Second"), at: at(10))
        #expect(table.apply(resolve("Second"), at: at(11)) == [.stop(.resolve(key("Second")))])
        guard case .added(let service) = table.flushEvents().first else {
            Issue.record("expected .added")
            return
        }
        #expect(service.addresses == ["10.78.0.1"])
        #expect(table.isSettled)
    }

    @Test func failedResolveIsRetriedAndCountsAsSettled() {
        var table = makeTable()
        _ = table.apply(browse("GW"), at: at(1))
        let failure = AvahiReply.resolve(key("GW"), error: -65537, fullName: "", hostTarget: "", port: 0, txt: [])
        #expect(table.apply(failure, at: at(2)) == [.stop(.resolve(key("GW")))])
        #expect(table.isSettled)
        #expect(table.resolvedServices == [])
        #expect(table.nextTimer == at(5002))
        #expect(table.tick(at: at(5002)) == [.start(.resolve(key("GW")))])
        #expect(!table.isSettled)
    }

    @Test func processFailuresFailTheirOperation() {
        var table = announcedTable(family: .ipv4)
        #expect(table.apply(.processFailed(.address(query("gw.local.", 1)), error: -65537), at: at(10)) == [.stop(.address(query("gw.local.", 1)))])
        // Already stopped: removing the instance does not stop it twice.
        _ = table.apply(browse("GW", added: false), at: at(11))
        #expect(table.apply(.processFailed(.browse, error: -65537), at: at(12)) == [.fail(AvahiFailure(code: -65537, operation: .browse))])
    }

    @Test func browseErrorsFailTheBrowse() {
        var table = makeTable()
        let reply = AvahiReply.browse(added: false, interfaceIndex: 0, error: -65537, name: "", serviceType: "", domain: "")
        #expect(table.apply(reply, at: at(1)) == [.fail(AvahiFailure(code: -65537, operation: .browse))])
    }

    @Test func ignoresMalformedAddressRecords() {
        var table = makeTable(.ipv4)
        _ = table.apply(browse("GW"), at: at(1))
        _ = table.apply(resolve("GW"), at: at(2))
        _ = table.flushEvents()
        _ = table.apply(.record(query("gw.local.", 1), added: true, error: 0, recordType: 1, rdata: [1, 2, 3], ttl: 0), at: at(3))
        _ = table.apply(.record(query("gw.local.", 1), added: true, error: 0, recordType: 28, rdata: [1, 2, 3, 4], ttl: 0), at: at(3))
        #expect(table.flushEvents() == [])
        #expect(MDNSServiceTable.address(recordType: 1, rdata: [1, 2, 3, 4]) == .v4([1, 2, 3, 4]))
        #expect(MDNSServiceTable.address(recordType: 28, rdata: [UInt8](repeating: 0, count: 16)) == .v6([UInt8](repeating: 0, count: 16)))
        #expect(MDNSServiceTable.address(recordType: 5, rdata: [1, 2, 3, 4]) == nil)
    }

    @Test func reportsTheSmallestNonZeroTTL() {
        var table = makeTable(.ipv4)
        _ = table.apply(browse("GW"), at: at(1))
        _ = table.apply(resolve("GW"), at: at(2))
        _ = table.apply(.record(query("gw.local.", 1), added: true, error: 0, recordType: 1, rdata: [10, 0, 0, 1], ttl: 120), at: at(3))
        _ = table.apply(.record(query("gw.local.", 1), added: true, error: 0, recordType: 1, rdata: [10, 0, 0, 2], ttl: 0), at: at(3))
        _ = table.apply(.record(query("gw.local.", 1), added: true, error: 0, recordType: 1, rdata: [10, 0, 0, 3], ttl: 60), at: at(3))
        guard case .added(let service) = table.flushEvents().first else {
            Issue.record("expected .added")
            return
        }
        #expect(service.addressTTL == 60)
        #expect(service.addresses == ["10.0.0.1", "10.0.0.2", "10.0.0.3"])
    }

    @Test func ordersAddresses() {
        let addresses = ["fe80::2", "fd00::1", "10.0.0.2", "fe80::1", "10.0.0.1", "::1"].compactMap { IPAddress($0) }
        #expect(
            addresses.sorted(by: MDNSServiceTable.addressOrder).map(\.description)
                == ["10.0.0.1", "10.0.0.2", "::1", "fd00::1", "fe80::1", "fe80::2"])
    }

    private func announcedTable(family: MDNSAddressFamily = .both) -> MDNSServiceTable {
        var table = makeTable(family)
        _ = table.apply(browse("GW"), at: at(1))
        _ = table.apply(resolve("GW"), at: at(2))
        _ = table.apply(record("gw.local.", v4), at: at(3))
        _ = table.flushEvents()
        return table
    }
}

extension MDNSEvent {
    var kind: String {
        switch self {
        case .added: "added"
        case .updated: "updated"
        case .removed: "removed"
        }
    }
}
