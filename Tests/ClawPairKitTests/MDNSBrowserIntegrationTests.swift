import Foundation
import Synchronization
import Testing
@testable import ClawPairKit

/// MDNSBrowser against real avahi-daemons: a gateway host publishes with `avahi-publish`,
/// and the browse runs in this process with its loop thread inside the client host's
/// network and mount namespaces (so it talks to the client's own D-Bus and avahi-daemon,
/// and names interfaces as the client sees them). Skipped without root; as root (CI) any
/// failure to build the hosts fails the test.
@Suite(.serialized) struct MDNSBrowserIntegrationTests {
    static let kueche = "Küche GW"
    static let linkLocal = "Link-local GW"

    @Test(.enabled(if: MDNSTestHosts.canRun, "needs root for network and mount namespaces"), .timeLimit(.minutes(1)))
    func findsWatchesAndForgetsGatewaysOnAnotherHost() async throws {
        let clock = ContinuousClock()
        let setupStart = clock.now
        let hosts = try MDNSTestHosts.up()
        defer { hosts.down() }
        try hosts.publish(name: Self.kueche, port: 18789, txt: ["role=gateway", "displayName=\(Self.kueche)"])
        // avahi-daemon does not publish link-local IPv6 addresses of an interface that has a
        // global one, so a second host name carries only the gateway's link-local address.
        let gatewayLinkLocal = try #require(
            try hosts.run(in: .gateway, ["ip", "-6", "-o", "addr", "show", "dev", "veth-gw", "scope", "link"])
                .split(separator: " ").first { $0.hasPrefix("fe80::") }?.split(separator: "/").first.map(String.init))
        try hosts.publishAddress(host: "cpm-ll.local", address: gatewayLinkLocal)
        try hosts.publish(name: Self.linkLocal, host: "cpm-ll.local", port: 18789, txt: ["role=gateway"])
        print("mdns integration: hosts up and publishing after \(setupStart.duration(to: clock.now))")

        var browser = MDNSBrowser()
        browser.loopThreadPrologue = hosts.enterClient

        // One-shot.
        let start = clock.now
        let services = try await browser.browse(timeout: .seconds(3))
        let elapsed = start.duration(to: clock.now)
        print("mdns integration: one-shot browse returned \(services.count) service(s) after \(elapsed)")
        #expect(services.map(\.rawInstanceName) == [Self.kueche, Self.linkLocal])
        let service = try #require(services.first)
        #expect(service.rawInstanceName == Self.kueche)
        #expect(service.fullName == "K\\195\\188che\\032GW._openclaw-gw._tcp.local.")
        #expect(service.serviceType == "_openclaw-gw._tcp.")
        #expect(service.domain == "local.")
        #expect(service.hostTarget == "cpm-gw.local.")
        #expect(service.port == 18789)
        #expect(service.interfaceName == "veth-cl")
        #expect(Set(service.txtRecords) == [Array("role=gateway".utf8), Array("displayName=\(Self.kueche)".utf8)])
        #expect(service.addresses == ["10.78.0.1", "fd78::1"])
        // A link-local address carries its zone, the client's interface.
        let linkLocalService = try #require(services.last)
        #expect(linkLocalService.hostTarget == "cpm-ll.local.")
        #expect(linkLocalService.addresses == ["\(gatewayLinkLocal)%veth-cl"])
        // Returned because everything settled, not because the timeout ran out.
        #expect(elapsed < .seconds(3))
        // The browse's one D-Bus connection is gone once browse returns.
        #expect(try !hosts.clientBusPeers().contains(getpid()))

        // The line-protocol lookups the browse made beside its queries, against the client's
        // real avahi-daemon, whose cache now holds the gateway's addresses.
        let clientInterface = try #require(UInt32(try hosts.run(in: .client, ["cat", "/sys/class/net/veth-cl/ifindex"])
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        let lookedUp = try Self.lookUp(
            [MDNSHostQuery.typeA, MDNSHostQuery.typeAAAA].map { MDNSHostQuery(host: "cpm-gw.local.", interfaceIndex: clientInterface, recordType: $0) },
            enter: hosts.enterClient)
        #expect(lookedUp == [.address(interfaceIndex: clientInterface, .v4([10, 78, 0, 1])), .address(interfaceIndex: clientInterface, try #require(IPAddress("fd78::1")))])

        // Address family filter.
        var ipv4Browser = browser
        ipv4Browser.options.addressFamily = .ipv4
        let ipv4 = try await ipv4Browser.browse(timeout: .seconds(3))
        #expect(ipv4.map(\.addresses) == [["10.78.0.1"], []])
        var ipv6Browser = browser
        ipv6Browser.options.addressFamily = .ipv6
        let ipv6 = try #require(try await ipv6Browser.browse(timeout: .seconds(3)).first)
        #expect(ipv6.ipAddresses.allSatisfy { if case .v6 = $0 { true } else { false } })
        #expect(ipv6.addresses.first == "fd78::1")

        // Interface filter, resolved in the client's namespace.
        var interfaceBrowser = browser
        interfaceBrowser.options.interfaceName = "veth-cl"
        #expect(try await interfaceBrowser.browse(timeout: .seconds(3)).map(\.rawInstanceName) == [Self.kueche, Self.linkLocal])
        interfaceBrowser.options.interfaceName = "lo"
        #expect(try await interfaceBrowser.browse(timeout: .milliseconds(600)) == [])

        // Another service type finds nothing, and waits for its whole timeout to say so.
        var otherType = browser
        otherType.options.serviceType = "_clawpair-none._tcp"
        #expect(try await otherType.browse(timeout: .milliseconds(500)) == [])

        try await watch(with: browser, hosts: hosts)
        try await cancel(browser, hosts: hosts)
        try await daemonGoesAway(browser, hosts: hosts)
    }

    /// avahi-daemon stops while a watch runs: the stream ends with the environment error;
    /// a browse afterwards fails at once, naming avahi-daemon (D-Bus is still up).
    private func daemonGoesAway(_ browser: MDNSBrowser, hosts: MDNSTestHosts) async throws {
        let stream = browser.events()
        let watcher = Task { () -> ClawPairError? in
            do {
                for try await _ in stream {}
                return nil
            } catch let error as ClawPairError {
                return error
            }
        }
        try await eventually("the watch to connect") { try hosts.clientBusPeers().contains(getpid()) }
        try hosts.stopAvahi(on: .client)
        let ended = try await watcher.value
        #expect(ended?.code == .mdnsUnavailable)

        let error = await #expect(throws: ClawPairError.self) { try await browser.browse(timeout: .seconds(5)) }
        #expect(error?.code == .mdnsUnavailable)
        #expect(error?.message.contains("avahi-daemon is not running") == true)
        #expect(error?.message.contains("(Avahi error -26 (Daemon not running))") == true)
        #expect(error?.remedy?.hasPrefix("start it with \(ServiceManager.detect().startCommand("avahi-daemon"))") == true)
    }

    /// Streaming: an existing gateway is added, a new one is added while watching, a
    /// stopped one is removed; ending the watch frees every ref.
    private func watch(with browser: MDNSBrowser, hosts: MDNSTestHosts) async throws {
        let clock = ContinuousClock()
        let recorder = EventRecorder()
        let start = clock.now
        let stream = browser.events()
        let watcher = Task {
            for try await event in stream { recorder.append(event, at: clock.now) }
        }
        defer { watcher.cancel() }

        let first = try await recorder.wait(for: "Küche added") { events in
            events.contains { if case .added(let s) = $0, s.rawInstanceName == Self.kueche { true } else { false } }
        }
        let addressed = try await recorder.wait(for: "Küche's addresses") { events in
            events.contains {
                switch $0 {
                case .added(let s), .updated(let s): s.rawInstanceName == Self.kueche && s.addresses == ["10.78.0.1", "fd78::1"]
                case .removed: false
                }
            }
        }
        print("mdns integration: watch saw the first gateway after \(start.duration(to: first)), its addresses after \(start.duration(to: addressed))")

        let second = "Studio (OpenClaw)"
        let secondPID = try hosts.publish(name: second, port: 18790, txt: ["role=gateway"])
        _ = try await recorder.wait(for: "second gateway added") { events in
            events.contains { if case .added(let s) = $0, s.rawInstanceName == second, s.port == 18790 { true } else { false } }
        }
        hosts.unpublish(secondPID)
        _ = try await recorder.wait(for: "second gateway removed") { events in
            events.contains { if case .removed(let instance) = $0, instance.name == second, instance.interfaceName == "veth-cl" { true } else { false } }
        }
        #expect(!recorder.events.contains { if case .removed(let i) = $0, i.name != second { true } else { false } })

        watcher.cancel()
        // The consumer is gone: the loop stops and deallocates every ref shortly after.
        try await eventually("the watch's D-Bus connections to close") { try !hosts.clientBusPeers().contains(getpid()) }
    }

    /// Cancelling a one-shot browse ends it at once, with CancellationError, refs freed.
    private func cancel(_ browser: MDNSBrowser, hosts: MDNSTestHosts) async throws {
        let clock = ContinuousClock()
        var slow = browser
        slow.options.serviceType = "_clawpair-none._tcp"
        let task = Task { try await slow.browse(timeout: .seconds(30)) }
        try await Task.sleep(for: .milliseconds(200))
        let start = clock.now
        task.cancel()
        let result = await task.result
        #expect(start.duration(to: clock.now) < .seconds(1))
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(try !hosts.clientBusPeers().contains(getpid()))
    }

    // MARK: Benchmark (not a timed test; CLAWPAIR_MDNS_BENCH=1 to run)

    /// Time to the first gateway (resolved, with an address) for `MDNSBrowser.events()` and
    /// for `avahi-browse -rp` (first `=` line), on the same hosts, alternating, with the
    /// client's avahi-daemon cache warm and cold (daemon restarted before each round).
    /// Runs `AvahiHostnameLookup`s one after another on a thread inside the client host.
    static func lookUp(
        _ queries: [MDNSHostQuery], enter: @escaping @Sendable () throws(ClawPairError) -> Void
    ) throws -> [AvahiSimpleProtocol.Reply?] {
        let replies = Mutex<Result<[AvahiSimpleProtocol.Reply?], ClawPairError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            let result = Result { () throws(ClawPairError) -> [AvahiSimpleProtocol.Reply?] in
                try enter()
                return queries.map { query in
                    guard let lookup = AvahiHostnameLookup.start(query, socketPath: AvahiSimpleProtocol.socketPath) else { return nil }
                    while true {
                        var descriptor = pollfd(fd: lookup.socket, events: Int16(POLLIN), revents: 0)
                        guard poll(&descriptor, 1, 5000) == 1 else { return nil }
                        if let reply = lookup.read() { return reply }
                    }
                }
            }
            replies.withLock { $0 = result }
        }
        thread.start()
        done.wait()
        return try replies.withLock { $0 }!.get()
    }

    @Test(.enabled(if: MDNSTestHosts.canRun && ProcessInfo.processInfo.environment["CLAWPAIR_MDNS_BENCH"] == "1",
        "benchmark: set CLAWPAIR_MDNS_BENCH=1 (and run as root)"))
    func timeToFirstGatewayVersusAvahiBrowse() async throws {
        let rounds = Int(ProcessInfo.processInfo.environment["CLAWPAIR_MDNS_BENCH_ROUNDS"] ?? "") ?? 10
        let hosts = try MDNSTestHosts.up()
        defer { hosts.down() }
        try hosts.publish(name: Self.kueche, port: 18789, txt: ["role=gateway"])
        var browser = MDNSBrowser()
        browser.loopThreadPrologue = hosts.enterClient

        for cold in [false, true] {
            var ours: [Duration] = []
            var oursAddress: [Duration] = []
            var avahi: [Duration] = []
            var spawn: [Duration] = []
            for round in 0..<rounds {
                // Alternate who goes first, so neither always sees the other's warm-up.
                for oursFirst in round % 2 == 0 ? [true, false] : [false, true] {
                    if cold { try hosts.restartAvahi(on: .client) }
                    if oursFirst {
                        let (added, address) = try await firstGateway(browser)
                        ours.append(added)
                        oursAddress.append(address)
                    } else {
                        avahi.append(try avahiBrowseFirstGateway(hosts))
                    }
                }
                spawn.append(try spawnBaseline(hosts))
            }
            let label = cold ? "cold cache" : "warm cache"
            print(
                "mdns bench (\(label), \(rounds) rounds): first gateway: MDNSBrowser .added median \(median(ours).milliseconds) ms, avahi-browse -rp first '=' median \(median(avahi).milliseconds) ms (nsenter+exec alone: \(median(spawn).milliseconds) ms), ratio \(ratio(median(ours), median(avahi))); MDNSBrowser first address median \(median(oursAddress).milliseconds) ms, ratio \(ratio(median(oursAddress), median(avahi)))"
            )
            print(
                "mdns bench (\(label)): .added \(ours.map(\.milliseconds)) ms; first address \(oursAddress.map(\.milliseconds)) ms; avahi-browse \(avahi.map(\.milliseconds)) ms"
            )
        }

        // One-shot: a whole `browse(timeout:)` against a whole `avahi-browse -rpt` (which
        // exits after Avahi's "all for now"), warm cache.
        var oneShot: [Duration] = []
        var avahiOneShot: [Duration] = []
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            let start = clock.now
            let found = try await browser.browse()
            oneShot.append(start.duration(to: clock.now))
            #expect(found.count == 1)
            avahiOneShot.append(try avahiBrowseOneShot(hosts))
        }
        print(
            "mdns bench (one-shot, warm cache, \(rounds) rounds): MDNSBrowser.browse() median \(median(oneShot).milliseconds) ms, avahi-browse -rpt median \(median(avahiOneShot).milliseconds) ms, ratio \(ratio(median(oneShot), median(avahiOneShot)))"
        )
    }

    /// A whole `avahi-browse -rpt` run in the client host.
    private func avahiBrowseOneShot(_ hosts: MDNSTestHosts) throws -> Duration {
        let clock = ContinuousClock()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/nsenter")
        process.arguments = ["-t", String(hosts.clientPID), "-n", "-m", "--", "avahi-browse", "-rpt", "_openclaw-gw._tcp"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = clock.now
        try process.run()
        process.waitUntilExit()
        return start.duration(to: clock.now)
    }

    /// Time to the gateway's `.added`, and to its first address.
    private func firstGateway(_ browser: MDNSBrowser) async throws -> (added: Duration, address: Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        var added: Duration?
        for try await event in browser.events() {
            switch event {
            case .added(let service), .updated(let service):
                guard service.rawInstanceName == Self.kueche else { continue }
                let elapsed = start.duration(to: clock.now)
                if added == nil { added = elapsed }
                if !service.addresses.isEmpty, let added { return (added, elapsed) }
            case .removed: continue
            }
        }
        throw MDNSTestHosts.Failure(description: "the watch ended without the gateway")
    }

    /// Runs avahi-browse in the client host and times its first resolved (`=`) line.
    private func avahiBrowseFirstGateway(_ hosts: MDNSTestHosts) throws -> Duration {
        let clock = ContinuousClock()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/nsenter")
        process.arguments = ["-t", String(hosts.clientPID), "-n", "-m", "--", "avahi-browse", "-rp", "_openclaw-gw._tcp"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let start = clock.now
        try process.run()
        defer {
            // SIGKILL: the child inherits this thread's signal mask, where SIGTERM is blocked.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        var buffer: [UInt8] = []
        let handle = pipe.fileHandleForReading
        while true {
            let data = handle.availableData
            if data.isEmpty { throw MDNSTestHosts.Failure(description: "avahi-browse ended without a resolved line") }
            buffer += data
            if buffer.split(separator: UInt8(ascii: "\n")).contains(where: { $0.first == UInt8(ascii: "=") }) {
                return start.duration(to: clock.now)
            }
        }
    }

    /// What starting a command in the client host costs by itself (nsenter + exec of `true`).
    private func spawnBaseline(_ hosts: MDNSTestHosts) throws -> Duration {
        let clock = ContinuousClock()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/nsenter")
        process.arguments = ["-t", String(hosts.clientPID), "-n", "-m", "--", "true"]
        let start = clock.now
        try process.run()
        process.waitUntilExit()
        return start.duration(to: clock.now)
    }

    private func median(_ values: [Duration]) -> Duration {
        let sorted = values.sorted()
        return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
    }

    private func ratio(_ a: Duration, _ b: Duration) -> String {
        guard b > .zero else { return "n/a" }
        return String(format: "%.2f", a / b)
    }

    private func eventually(_ what: String, timeout: Duration = .seconds(3), _ condition: () throws -> Bool) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while try !condition() {
            guard clock.now < deadline else { throw MDNSTestHosts.Failure(description: "timed out waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

/// Events seen by a watch, with the time each arrived.
final class EventRecorder: Sendable {
    private let state = Mutex<[(MDNSEvent, ContinuousClock.Instant)]>([])

    func append(_ event: MDNSEvent, at instant: ContinuousClock.Instant) {
        state.withLock { $0.append((event, instant)) }
    }

    var events: [MDNSEvent] { state.withLock { $0.map(\.0) } }

    /// Waits until `condition` holds for the events so far; returns when the event that
    /// made it hold arrived.
    func wait(
        for what: String, timeout: Duration = .seconds(10), _ condition: @escaping ([MDNSEvent]) -> Bool
    ) async throws -> ContinuousClock.Instant {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            let snapshot = state.withLock { $0 }
            for count in stride(from: 1, through: snapshot.count, by: 1) where condition(snapshot.prefix(count).map(\.0)) {
                return snapshot[count - 1].1
            }
            guard clock.now < deadline else {
                throw MDNSTestHosts.Failure(description: "timed out waiting for \(what); events: \(snapshot.map(\.0))")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return (Double(seconds) * 1000 + Double(attoseconds) / 1e15 * 1).rounded(toPlaces: 1)
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        let factor = pow(10, Double(places))
        return (self * factor).rounded() / factor
    }
}
