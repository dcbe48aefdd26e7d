/// One browse, driven from one thread over one avahi-client connection (``AvahiConnection``):
/// one `poll` waits for the connection, the line-protocol lookups and the wake-up descriptor.
///
/// Not thread-safe by design: it is created, run and destroyed on its thread; other
/// threads reach it only through the wake signal and the `emit` closure it calls.
final class MDNSEventLoop {
    typealias Instant = ContinuousClock.Instant

    enum Mode {
        /// Report every event, until stopped.
        case watch(emit: @Sendable (MDNSEvent) -> Void)
        /// Collect until `MDNSOneShotPolicy` says stop, then return what is resolved.
        case oneShot(deadline: Instant)
    }

    enum Outcome: Sendable {
        /// A one-shot browse's result.
        case services([MDNSService])
        /// The wake signal stopped the loop (the caller was cancelled or stopped listening).
        case stopped
    }

    private let options: MDNSBrowseOptions
    private let mode: Mode
    private let wake: MDNSWakeSignal
    private let clock = ContinuousClock()
    private let inbox = AvahiReplyInbox()
    private var connection: AvahiConnection?
    private var operations: [MDNSOperationKey: AvahiOperation] = [:]
    private var lookups: [MDNSHostQuery: AvahiHostnameLookup] = [:]
    /// Lookups' replies (nil: failed or not started), applied with Avahi's replies.
    private var lookupReplies: [(MDNSHostQuery, AvahiSimpleProtocol.Reply?)] = []
    /// Operations the table asked for, started one per round once the round's events are out.
    private var queuedStarts: [MDNSOperationKey] = []
    /// The instances recent browses announced (``MDNSRecentInstances``), newest first.
    private var recent: [MDNSInstanceKey] = []
    /// Those this browse resolves ahead, and those it announced, until the expectation ends.
    private var expected: Set<MDNSInstanceKey> = []
    private var expectationEnd: Instant?
    private var announced: Set<MDNSInstanceKey> = []
    private var table: MDNSServiceTable
    private var interfaceIndex: UInt32 = 0

    init(options: MDNSBrowseOptions, mode: Mode, wake: MDNSWakeSignal) {
        self.options = options
        self.mode = mode
        self.wake = wake
        var monitorDelay: Duration? = MDNSBrowser.resolveMonitorDelay
        if case .oneShot = mode { monitorDelay = nil }
        self.table = MDNSServiceTable(
            addressFamily: options.addressFamily, resolveMonitorDelay: monitorDelay, interfaceName: NetworkInterface.name(index:))
    }

    /// Runs until stopped, until a one-shot browse is done, or until the browse fails.
    /// Every Avahi object, and the connection, is freed before it returns or throws.
    func run() throws(ClawPairError) -> Outcome {
        defer {
            // The operations before the connection they live on.
            operations.removeAll()
            lookups.removeAll()
            connection = nil
        }
        try options.validate()
        try AvahiLibraries.require()
        if let name = options.interfaceName {
            guard let index = NetworkInterface.index(named: name) else {
                throw ClawPairError(
                    .mdnsInterfaceNotFound, "there is no network interface named '\(name)'",
                    remedy: "list interfaces with ip link")
            }
            interfaceIndex = index
        }
        let startedAt = clock.now
        do throws(AvahiFailure) {
            connection = try AvahiConnection(inbox: inbox)
        } catch {
            throw error.error(systemBus: AvahiFailure.systemBusSocketExists())
        }
        try start(.browse)
        try expectRecentInstances(until: startedAt + MDNSBrowser.firstAnswerWindow)
        var policy: MDNSOneShotPolicy?
        if case .oneShot(let deadline) = mode { policy = MDNSOneShotPolicy(startedAt: startedAt, deadline: deadline) }

        while true {
            let now = clock.now
            try applyReplies(at: now)
            try perform(table.tick(at: now))
            try applyReplies(at: now)
            let events = table.flushEvents()
            if case .watch(let emit) = mode { events.forEach(emit) }
            remember(events, at: now)
            if !inbox.replies.isEmpty || !lookupReplies.isEmpty { continue }

            var wakeAt = table.nextTimer
            if let policy {
                let finish = policy.finishTime(for: table)
                if finish <= now { return .services(table.resolvedServices) }
                wakeAt = min(wakeAt ?? finish, finish)
            }
            if !queuedStarts.isEmpty {
                // Only now, once the round's events are out: each start is a D-Bus round trip
                // to avahi-daemon, which the events that asked for it should not wait behind.
                let starts = queuedStarts
                queuedStarts = []
                for key in starts { try start(key) }
                wakeAt = now
            }
            if try waitAndProcess(until: wakeAt) == .stopped { return .stopped }
        }
    }

    // MARK: Recent instances

    /// Resolves the instances recent browses announced while this browse waits for
    /// avahi-daemon's first answer (see ``MDNSServiceTable/expect(_:until:)``).
    private func expectRecentInstances(until: Instant) throws(ClawPairError) {
        guard let recentInstances = options.recentInstances else { return }
        recent = recentInstances.load()
        for key in recent
        where key.serviceType.droppingFinalDot() == options.serviceType.droppingFinalDot()
            && (interfaceIndex == 0 || key.interfaceIndex == interfaceIndex)
        {
            expected.insert(key)
            try perform(table.expect(key, until: until))
        }
        expectationEnd = until
    }

    /// Keeps the recent instances current: those announced go first, and those expected
    /// but not announced by the expectation's end are forgotten, so a gateway that is gone
    /// stops costing each browse a resolve at start.
    private func remember(_ events: [MDNSEvent], at now: Instant) {
        guard let recentInstances = options.recentInstances else { return }
        let added = events.compactMap { event -> MDNSInstanceKey? in
            guard case .added(let service) = event else { return nil }
            return MDNSInstanceKey(
                name: service.rawInstanceName, serviceType: service.serviceType, domain: service.domain,
                interfaceIndex: service.interfaceIndex)
        }
        if added.contains(where: { !recent.contains($0) }) {
            recent = recentInstances.remember(added, known: recent)
        }
        guard let end = expectationEnd else { return }
        announced.formUnion(added)
        guard end <= now else { return }
        // Done with both sets: a long watch does not keep every instance it ever saw.
        expectationEnd = nil
        let unseen = expected.subtracting(announced)
        expected = []
        announced = []
        if !unseen.isEmpty { recent = recentInstances.forget(unseen, known: recent) }
    }

    // MARK: Operations

    private func start(_ key: MDNSOperationKey) throws(ClawPairError) {
        guard let connection else { return }
        do {
            operations[key] = try AvahiOperation.start(
                key, serviceType: options.serviceType, interfaceIndex: interfaceIndex, on: connection)
        } catch {
            guard key != .browse else { throw error.error(systemBus: AvahiFailure.systemBusSocketExists()) }
            // A resolve or query that cannot start is that instance's problem, not the
            // browse's: the table treats it as failed.
            inbox.replies.append(.processFailed(key, error: error.code))
        }
    }

    private func perform(_ actions: [MDNSServiceTable.Action]) throws(ClawPairError) {
        for action in actions {
            switch action {
            case .start(let key): queuedStarts.append(key)
            case .stop(let key):
                queuedStarts.removeAll { $0 == key }
                operations[key] = nil
            case .fail(let failure): throw failure.error(systemBus: AvahiFailure.systemBusSocketExists())
            case .lookUp(let query):
                // Started at once: connecting and sending cost no wait.
                if let lookup = AvahiHostnameLookup.start(query, socketPath: AvahiSimpleProtocol.socketPath) {
                    lookups[query] = lookup
                } else {
                    lookupReplies.append((query, nil))
                }
            case .endLookup(let query): lookups[query] = nil
            }
        }
    }

    /// Feeds every reply the callbacks left (and any they cause) to the table. Runs after
    /// `avahi_simple_poll_iterate` has returned, so stopping an operation never frees it
    /// inside its own callback.
    private func applyReplies(at now: Instant) throws(ClawPairError) {
        while !inbox.replies.isEmpty || !lookupReplies.isEmpty {
            let replies = inbox.replies
            inbox.replies = []
            for reply in replies { try perform(table.apply(reply, at: now)) }
            let answers = lookupReplies
            lookupReplies = []
            for (query, reply) in answers { try perform(table.lookedUp(query, reply, at: now)) }
        }
    }

    // MARK: Waiting

    private enum Wait { case processed, stopped }

    /// Waits until the connection or a lookup has something, `deadline` passes, or the wake
    /// signal fires; avahi-client's callbacks run meanwhile, and each ready lookup is read once.
    private func waitAndProcess(until deadline: Instant?) throws(ClawPairError) -> Wait {
        guard let connection else { return .stopped }
        let polledLookups = Array(lookups.values)
        var descriptors = [Syscalls.PollEntry(descriptor: wake.descriptor, waitingFor: .readable)]
        descriptors += polledLookups.map { Syscalls.PollEntry(descriptor: $0.socket, waitingFor: .readable) }
        // EINTR counts as a timeout: nothing is ready, and the loop goes round again.
        descriptors = try connection.iterate(
            timeoutMilliseconds: Self.pollTimeout(until: deadline, now: clock.now), plus: descriptors)
        if descriptors[0].isReady { return .stopped }
        for (lookup, descriptor) in zip(polledLookups, descriptors.dropFirst()) where descriptor.isReady {
            if let reply = lookup.read() { lookupReplies.append((lookup.query, reply)) }
        }
        return .processed
    }

    /// Milliseconds until `deadline`, rounded up so the loop never wakes just before it and
    /// spins; -1 (forever) without one.
    static func pollTimeout(until deadline: Instant?, now: Instant) -> Int32 {
        guard let deadline else { return -1 }
        guard deadline > now else { return 0 }
        let (seconds, attoseconds) = (deadline - now).components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
