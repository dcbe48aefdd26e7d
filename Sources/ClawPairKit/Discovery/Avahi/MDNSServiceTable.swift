/// The browse state machine: turns avahi-client's replies into the operations to start and stop
/// and the events to report. Pure: no C, no sockets, time passed in.
///
/// Per browsed instance: browse add → resolve (SRV, TXT) → `.added`, and A/AAAA queries for
/// the SRV target on the same interface → `.updated` when addresses arrive and on every
/// later change → `.removed` when the browse reports the instance gone. The first resolve
/// is stopped once it answers (avahi-daemon keeps no resolver it does not need); a
/// watch starts a watching one `resolveMonitorDelay` later for TXT and SRV changes.
///
/// `.added` does not wait for addresses: Avahi's daemon starts every record browser a D-Bus
/// client asks for about 10 ms late, so waiting would make the first gateway ~10 ms slower
/// than `avahi-browse -r`, whose resolver hands its address over at once. Beside each A or
/// AAAA query the table asks the daemon's line protocol for the host's first address of
/// that type (``AvahiHostnameLookup``, answered from its cache in well under a
/// millisecond); that address stands in until the query's first record arrives. A one-shot
/// browse still waits for the queries' addresses (`isSettled`).
struct MDNSServiceTable {
    typealias Instant = ContinuousClock.Instant

    /// What the event loop must do with avahi-client.
    enum Action: Hashable, Sendable {
        case start(MDNSOperationKey)
        case stop(MDNSOperationKey)
        /// Ask avahi-daemon's line protocol for the host's first address of the query's type.
        case lookUp(MDNSHostQuery)
        /// Close that lookup: answered, or no longer needed.
        case endLookup(MDNSHostQuery)
        /// The browse itself failed; the loop ends with this error.
        case fail(AvahiFailure)
    }

    private struct Resolution: Hashable {
        var fullName: String
        var hostTarget: String
        var port: UInt16
        var txtRecords: [[UInt8]]
    }

    private struct Entry {
        var instance: MDNSServiceInstance
        /// Avahi reports an instance once per protocol (IPv4, IPv6) on each interface and
        /// the table does not keep the protocol, so adds and removes are counted: the instance
        /// is gone when every add has been matched by a remove.
        var browseCount = 1
        /// An instance an earlier browse found, resolved ahead of this browse's report of it
        /// (``expect(_:until:)``): browseCount is 0, it is reported once resolved, and at
        /// this time it is dropped if the browse has not reported it.
        var expectedUntil: Instant?
        var resolution: Resolution?
        /// A resolve operation is running.
        var resolving = true
        /// The running resolve is the watching one, kept for changes.
        var monitoring = false
        /// Start the watching resolve at this time.
        var monitorAt: Instant?
        /// The last resolve failed; start another at this time.
        var retryAt: Instant?
        /// Resolved without an address yet: counts as settled anyway from this time.
        var graceEnds: Instant?
        /// The address grace has passed.
        var graceOver = false
        /// The value last reported (`.added` or `.updated`); nil while not announced.
        var announced: MDNSService?

        /// Browsed, or expected and resolved: the daemon has answered for it either way.
        var isPresent: Bool { browseCount > 0 || (expectedUntil != nil && resolution != nil) }
    }

    private struct HostKey: Hashable {
        var host: String
        var interfaceIndex: UInt32
    }

    private struct Address {
        /// Avahi reports a record once per protocol it arrived over (an AAAA record comes
        /// over IPv4 and IPv6 mDNS), so adds and removes are counted here too.
        var count: Int
        var ttl: UInt32
    }

    private struct Host {
        var addresses: [IPAddress: Address] = [:]
        /// Per record type, the line protocol's address, until that type's first record.
        var firstAddresses: [UInt16: IPAddress] = [:]
        var subscribers: Set<MDNSInstanceKey> = []
        var activeQueries: Set<UInt16> = []
        var activeLookups: Set<UInt16> = []

        /// The records' addresses and the line protocol's stand-ins.
        var knownAddresses: Set<IPAddress> { Set(addresses.keys).union(firstAddresses.values) }
    }

    let addressFamily: MDNSAddressFamily
    let addressGrace: Duration
    let resolveRetryDelay: Duration
    /// nil: a one-shot browse, which never resolves an instance again once it answered.
    let resolveMonitorDelay: Duration?
    private let interfaceName: (UInt32) -> String?

    private var entries: [MDNSInstanceKey: Entry] = [:]
    private var hosts: [HostKey: Host] = [:]
    /// Instances whose reported value may have changed, in the order they changed.
    private var dirty: [MDNSInstanceKey] = []
    private var pendingRemovals: [MDNSEvent] = []
    /// When anything last arrived from the network: an instance, a resolve, an address.
    private(set) var lastActivity: Instant?
    /// avahi-daemon said the browse has caught up (``AvahiReply/browseCaughtUp``).
    private(set) var browseCaughtUp = false

    init(
        addressFamily: MDNSAddressFamily, addressGrace: Duration = MDNSBrowser.addressGrace,
        resolveRetryDelay: Duration = MDNSBrowser.resolveRetryDelay,
        resolveMonitorDelay: Duration? = MDNSBrowser.resolveMonitorDelay,
        interfaceName: @escaping (UInt32) -> String?
    ) {
        self.addressFamily = addressFamily
        self.addressGrace = addressGrace
        self.resolveRetryDelay = resolveRetryDelay
        self.resolveMonitorDelay = resolveMonitorDelay
        self.interfaceName = interfaceName
    }

    // MARK: Replies

    mutating func apply(_ reply: AvahiReply, at now: Instant) -> [Action] {
        switch reply {
        case .browse(let added, let interfaceIndex, let error, let name, let serviceType, let domain):
            guard error == 0 else { return [.fail(AvahiFailure(code: error, operation: .browse))] }
            let key = MDNSInstanceKey(name: name, serviceType: serviceType, domain: domain, interfaceIndex: interfaceIndex)
            return added ? browseAdded(key, at: now) : browseRemoved(key, at: now)
        case .browseCaughtUp:
            browseCaughtUp = true
            lastActivity = now
            return []
        case .resolve(let key, let error, let fullName, let hostTarget, let port, let txt):
            guard error == 0 else { return resolveFailed(key, at: now) }
            let resolution = Resolution(
                fullName: fullName, hostTarget: hostTarget, port: port, txtRecords: GatewayTXT.characterStrings(in: txt))
            return resolved(key, resolution, at: now)
        case .record(let query, let added, let error, let recordType, let rdata, let ttl):
            guard error == 0 else { return queryFailed(query) }
            return recordChanged(query, added: added, recordType: recordType, rdata: rdata, ttl: ttl, at: now)
        case .processFailed(let operation, let error):
            switch operation {
            case .browse: return [.fail(AvahiFailure(code: error, operation: .browse))]
            case .resolve(let key): return resolveFailed(key, at: now)
            case .address(let query): return queryFailed(query)
            }
        }
    }

    /// Starts resolving an instance that an earlier browse found, before this browse reports
    /// it: avahi-daemon answers a browse about 10 ms late but a resolve from its cache at
    /// once. The resolve is the daemon's own answer (from its cache or the network, the
    /// records a browse would report), so the instance is announced as soon as it resolves;
    /// if the browse has not reported it by `until` it is dropped (and `.removed` if
    /// announced). One that does not resolve is never reported.
    mutating func expect(_ key: MDNSInstanceKey, until: Instant) -> [Action] {
        guard entries[key] == nil else { return [] }
        var entry = Entry(instance: instance(key))
        entry.browseCount = 0
        entry.expectedUntil = until
        entries[key] = entry
        return [.start(.resolve(key))]
    }

    private func instance(_ key: MDNSInstanceKey) -> MDNSServiceInstance {
        MDNSServiceInstance(
            name: key.name, serviceType: key.serviceType, domain: key.domain,
            interfaceIndex: key.interfaceIndex, interfaceName: interfaceName(key.interfaceIndex))
    }

    private mutating func browseAdded(_ key: MDNSInstanceKey, at now: Instant) -> [Action] {
        if let entry = entries[key] {
            entries[key]?.browseCount += 1
            if entry.browseCount == 0 {
                // An expected instance, now reported: announce what its resolve found.
                entries[key]?.expectedUntil = nil
                lastActivity = now
                markDirty(key)
            }
            return []
        }
        entries[key] = Entry(instance: instance(key))
        lastActivity = now
        return [.start(.resolve(key))]
    }

    private mutating func browseRemoved(_ key: MDNSInstanceKey, at now: Instant) -> [Action] {
        guard var entry = entries[key], entry.browseCount > 0 else { return [] }
        entry.browseCount -= 1
        guard entry.browseCount <= 0 else {
            entries[key] = entry
            return []
        }
        lastActivity = now
        return drop(key)
    }

    /// Forgets an instance: stops its resolve and its host's queries if no other instance
    /// needs them, and reports its removal if it was announced.
    private mutating func drop(_ key: MDNSInstanceKey) -> [Action] {
        guard let entry = entries.removeValue(forKey: key) else { return [] }
        var actions: [Action] = entry.resolving ? [.stop(.resolve(key))] : []
        if let host = entry.resolution?.hostTarget {
            actions += unsubscribe(key, from: HostKey(host: host, interfaceIndex: key.interfaceIndex))
        }
        if entry.announced != nil { pendingRemovals.append(.removed(entry.instance)) }
        return actions
    }

    private mutating func resolved(_ key: MDNSInstanceKey, _ resolution: Resolution, at now: Instant) -> [Action] {
        guard var entry = entries[key] else { return [] }
        var actions: [Action] = []
        if entry.resolving && !entry.monitoring {
            // The first answer: stop this resolve; a watch starts a watching one later.
            entry.resolving = false
            entry.monitorAt = resolveMonitorDelay.map { now + $0 }
            entries[key] = entry
            actions.append(.stop(.resolve(key)))
        }
        guard entry.resolution != resolution else { return actions }
        let previousHost = entry.resolution?.hostTarget
        entry.resolution = resolution
        entry.retryAt = nil
        if previousHost == nil { entry.graceEnds = now + addressGrace }
        entries[key] = entry
        if previousHost != resolution.hostTarget {
            if let previousHost {
                actions += unsubscribe(key, from: HostKey(host: previousHost, interfaceIndex: key.interfaceIndex))
            }
            actions += subscribe(key, to: HostKey(host: resolution.hostTarget, interfaceIndex: key.interfaceIndex))
        }
        lastActivity = now
        markDirty(key)
        return actions
    }

    private mutating func resolveFailed(_ key: MDNSInstanceKey, at now: Instant) -> [Action] {
        guard var entry = entries[key], entry.resolving else { return [] }
        // Avahi gives up on a resolve after a few seconds (AVAHI_RESOLVER_FAILURE,
        // AVAHI_ERR_TIMEOUT). The instance is still browsed, so try again later; what
        // an earlier resolve found stays valid meanwhile.
        entry.resolving = false
        entry.retryAt = now + resolveRetryDelay
        entries[key] = entry
        return [.stop(.resolve(key))]
    }

    private mutating func queryFailed(_ query: MDNSHostQuery) -> [Action] {
        let hostKey = HostKey(host: query.host, interfaceIndex: query.interfaceIndex)
        guard hosts[hostKey]?.activeQueries.remove(query.recordType) != nil else { return [] }
        // No retry: the instance stays reported without those addresses, and a one-shot
        // browse still settles it once its address grace is over.
        return [.stop(.address(query))]
    }

    private mutating func recordChanged(
        _ query: MDNSHostQuery, added: Bool, recordType: UInt16, rdata: [UInt8], ttl: UInt32, at now: Instant
    ) -> [Action] {
        let hostKey = HostKey(host: query.host, interfaceIndex: query.interfaceIndex)
        guard var host = hosts[hostKey], let address = Self.address(recordType: recordType, rdata: rdata) else { return [] }
        let before = host.knownAddresses
        var actions: [Action] = []
        if added {
            // The query has answered for this type: its records replace the stand-in.
            host.firstAddresses[recordType] = nil
            if host.activeLookups.remove(recordType) != nil { actions.append(.endLookup(query)) }
            let previous = host.addresses[address]
            host.addresses[address] = Address(count: (previous?.count ?? 0) + 1, ttl: ttl)
            hosts[hostKey] = host
            guard previous == nil || previous?.ttl != ttl || host.knownAddresses != before else { return actions }
        } else {
            guard let previous = host.addresses[address] else { return [] }
            host.addresses[address] = previous.count > 1 ? Address(count: previous.count - 1, ttl: previous.ttl) : nil
            hosts[hostKey] = host
            guard previous.count == 1 else { return [] }
        }
        lastActivity = now
        for subscriber in host.subscribers { markDirty(subscriber) }
        return actions
    }

    /// The line protocol's answer for `query` (nil: it failed or could not be asked). An
    /// address on the query's own interface stands in for the type's records until the
    /// first of them arrives.
    mutating func lookedUp(_ query: MDNSHostQuery, _ reply: AvahiSimpleProtocol.Reply?, at now: Instant) -> [Action] {
        let hostKey = HostKey(host: query.host, interfaceIndex: query.interfaceIndex)
        guard var host = hosts[hostKey], host.activeLookups.remove(query.recordType) != nil else { return [] }
        defer { hosts[hostKey] = host }
        guard case .address(let interfaceIndex, let address)? = reply, interfaceIndex == query.interfaceIndex,
            Self.recordType(of: address) == query.recordType,
            !host.addresses.keys.contains(where: { Self.recordType(of: $0) == query.recordType })
        else { return [.endLookup(query)] }
        host.firstAddresses[query.recordType] = address
        lastActivity = now
        for subscriber in host.subscribers { markDirty(subscriber) }
        return [.endLookup(query)]
    }

    private static func recordType(of address: IPAddress) -> UInt16 {
        switch address {
        case .v4: MDNSHostQuery.typeA
        case .v6: MDNSHostQuery.typeAAAA
        }
    }

    /// A or AAAA rdata as an address; anything of another type or length is ignored.
    static func address(recordType: UInt16, rdata: [UInt8]) -> IPAddress? {
        switch (recordType, rdata.count) {
        case (MDNSHostQuery.typeA, 4): .v4(rdata)
        case (MDNSHostQuery.typeAAAA, 16): .v6(rdata)
        default: nil
        }
    }

    // MARK: Hosts

    private mutating func subscribe(_ key: MDNSInstanceKey, to hostKey: HostKey) -> [Action] {
        var actions: [Action] = []
        var host = hosts[hostKey] ?? Host()
        if host.subscribers.isEmpty {
            var types: [UInt16] = []
            if addressFamily.wantsIPv4 { types.append(MDNSHostQuery.typeA) }
            if addressFamily.wantsIPv6 { types.append(MDNSHostQuery.typeAAAA) }
            let queries = types.map { MDNSHostQuery(host: hostKey.host, interfaceIndex: hostKey.interfaceIndex, recordType: $0) }
            // The lookups first: they cost no wait, each query's start a D-Bus round trip.
            host.activeLookups = Set(types)
            host.activeQueries = Set(types)
            actions = queries.map { .lookUp($0) } + queries.map { .start(.address($0)) }
        }
        host.subscribers.insert(key)
        hosts[hostKey] = host
        return actions
    }

    private mutating func unsubscribe(_ key: MDNSInstanceKey, from hostKey: HostKey) -> [Action] {
        guard var host = hosts[hostKey] else { return [] }
        host.subscribers.remove(key)
        guard host.subscribers.isEmpty else {
            hosts[hostKey] = host
            return []
        }
        hosts[hostKey] = nil
        func query(_ type: UInt16) -> MDNSHostQuery {
            MDNSHostQuery(host: hostKey.host, interfaceIndex: hostKey.interfaceIndex, recordType: type)
        }
        return host.activeLookups.sorted().map { .endLookup(query($0)) } + host.activeQueries.sorted().map { .stop(.address(query($0))) }
    }

    // MARK: Time

    /// Ends address grace periods and restarts failed resolves.
    mutating func tick(at now: Instant) -> [Action] {
        var actions: [Action] = []
        // The loop ticks on every wake-up: order only the entries with a timer due.
        func passed(_ time: Instant?) -> Bool { time.map { $0 <= now } ?? false }
        let due = entries.filter { _, entry in
            passed(entry.graceEnds) || passed(entry.retryAt) || passed(entry.expectedUntil) || passed(entry.monitorAt)
        }
        for key in due.keys.sorted(by: Self.order) {
            guard let entry = entries[key] else { continue }
            if let expectedUntil = entry.expectedUntil, expectedUntil <= now {
                // An instance of an earlier browse that this one has not seen.
                actions += drop(key)
                continue
            }
            if let graceEnds = entry.graceEnds, graceEnds <= now {
                entries[key]?.graceEnds = nil
                entries[key]?.graceOver = true
            }
            if let retryAt = entry.retryAt, retryAt <= now {
                entries[key]?.retryAt = nil
                entries[key]?.resolving = true
                actions.append(.start(.resolve(key)))
            }
            if let monitorAt = entry.monitorAt, monitorAt <= now {
                entries[key]?.monitorAt = nil
                if !entry.resolving && entry.retryAt == nil {
                    entries[key]?.resolving = true
                    entries[key]?.monitoring = true
                    actions.append(.start(.resolve(key)))
                }
            }
        }
        return actions
    }

    /// The next time `tick` has something to do.
    var nextTimer: Instant? {
        var earliest: Instant?
        func consider(_ time: Instant?) {
            if let time, earliest.map({ time < $0 }) ?? true { earliest = time }
        }
        for entry in entries.values {
            consider(entry.graceEnds)
            consider(entry.retryAt)
            consider(entry.expectedUntil)
            consider(entry.monitorAt)
        }
        return earliest
    }

    // MARK: Events

    private mutating func markDirty(_ key: MDNSInstanceKey) {
        if !dirty.contains(key) { dirty.append(key) }
    }

    /// The events since the last flush. Changes that arrived together (a resolve and the
    /// addresses already known for its host, or an A and an AAAA record in one round of the
    /// loop) become one event.
    mutating func flushEvents() -> [MDNSEvent] {
        var events = pendingRemovals
        pendingRemovals = []
        for key in dirty {
            guard let entry = entries[key], entry.isPresent, let service = service(for: entry) else { continue }
            if entry.announced == nil {
                events.append(.added(service))
            } else if entry.announced != service {
                events.append(.updated(service))
            } else {
                continue
            }
            entries[key]?.announced = service
        }
        dirty = []
        return events
    }

    private func service(for entry: Entry) -> MDNSService? {
        guard let resolution = entry.resolution else { return nil }
        let host = hosts[HostKey(host: resolution.hostTarget, interfaceIndex: entry.instance.interfaceIndex)]
        let ttl = host?.addresses.values.map(\.ttl).filter { $0 > 0 }.min()
        return MDNSService(
            rawInstanceName: entry.instance.name, fullName: resolution.fullName,
            serviceType: entry.instance.serviceType, domain: entry.instance.domain,
            interfaceIndex: entry.instance.interfaceIndex, interfaceName: entry.instance.interfaceName,
            hostTarget: resolution.hostTarget, port: resolution.port, txtRecords: resolution.txtRecords,
            ipAddresses: (host?.knownAddresses ?? []).sorted(by: Self.addressOrder), addressTTL: ttl)
    }

    // MARK: One-shot

    /// At least one instance was seen, and each one is resolved with an address (or its
    /// address grace is over) or failed to resolve: waiting longer only helps if new
    /// instances appear.
    var isSettled: Bool {
        var browsed = false
        // Asked on every wake-up of a one-shot loop: looks the host up rather than building
        // the service. Instances only expected (not resolved yet) do not count, and the line
        // protocol's stand-in addresses do not settle an instance: its queries' full set does.
        for entry in entries.values where entry.isPresent {
            browsed = true
            guard let resolution = entry.resolution else {
                if entry.retryAt != nil { continue } else { return false }
            }
            let host = hosts[HostKey(host: resolution.hostTarget, interfaceIndex: entry.instance.interfaceIndex)]
            guard !(host?.addresses.isEmpty ?? true) || entry.graceOver else { return false }
        }
        return browsed
    }

    /// Every instance reported is one the browse itself reported: none is only expected from
    /// an earlier browse (``expect(_:until:)``) without the browse having confirmed it.
    var everyInstanceBrowsed: Bool {
        entries.values.allSatisfy { !$0.isPresent || $0.browseCount > 0 }
    }

    /// Every resolved instance, announced or not, in a stable order.
    var resolvedServices: [MDNSService] {
        entries.filter { $0.value.isPresent }.keys.sorted(by: Self.order).compactMap {
            entries[$0].flatMap(service(for:))
        }
    }

    // MARK: Order

    private static func order(_ a: MDNSInstanceKey, _ b: MDNSInstanceKey) -> Bool {
        (a.name, a.interfaceIndex, a.serviceType, a.domain) < (b.name, b.interfaceIndex, b.serviceType, b.domain)
    }

    /// IPv4 first, then global IPv6, then link-local IPv6; bytes within each group.
    static func addressOrder(_ a: IPAddress, _ b: IPAddress) -> Bool {
        func rank(_ address: IPAddress) -> Int {
            switch address {
            case .v4: 0
            case .v6: address.isIPv6LinkLocal ? 2 : 1
            }
        }
        if rank(a) != rank(b) { return rank(a) < rank(b) }
        return a.bytes.lexicographicallyPrecedes(b.bytes)
    }
}
