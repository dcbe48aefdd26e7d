/// The pure part of ``UnicastBrowseWatch``: the gateways known per domain, when each domain
/// is browsed next, and the events a new report makes. No I/O and no clock of its own, so
/// the rules are tested with made-up reports and instants.
struct UnicastBrowseWatchState: Sendable {
    private struct Entry: Sendable {
        var gateway: UnicastGateway
        var domain: BrowseDomain
        var expiresAt: ContinuousClock.Instant
    }

    let domains: [BrowseDomain]
    let minimumRefreshInterval: Duration
    let maximumRefreshInterval: Duration
    let failureRetryInterval: Duration

    private var known: [GatewayID: Entry] = [:]
    /// Known ids in the order they were first seen, so removals come out in a stable order.
    private var order: [GatewayID] = []
    private(set) var nextBrowse: [BrowseDomain: ContinuousClock.Instant] = [:]

    /// Every domain is due at `now`.
    init(
        domains: [BrowseDomain], now: ContinuousClock.Instant, minimumRefreshInterval: Duration,
        maximumRefreshInterval: Duration, failureRetryInterval: Duration
    ) {
        var seen = Set<BrowseDomain>()
        self.domains = domains.filter { seen.insert($0).inserted }
        self.minimumRefreshInterval = minimumRefreshInterval
        self.maximumRefreshInterval = maximumRefreshInterval
        self.failureRetryInterval = failureRetryInterval
        for domain in self.domains { nextBrowse[domain] = now }
    }

    /// When the next domain is due; nil with no domain.
    var earliestBrowse: ContinuousClock.Instant? { nextBrowse.values.min() }

    /// The domains due at `now`, in the order given.
    func due(at now: ContinuousClock.Instant) -> [BrowseDomain] {
        domains.filter { (nextBrowse[$0] ?? now) <= now }
    }

    /// The gateways known now, in the order first seen.
    var gateways: [UnicastGateway] { order.compactMap { known[$0]?.gateway } }

    /// Takes in one domain's report: returns the events, and schedules the domain's next
    /// browse at its TTL (clamped), or after ``failureRetryInterval`` when it failed.
    mutating func apply(_ report: UnicastBrowseReport, at now: ContinuousClock.Instant) -> [UnicastBrowseEvent] {
        let domain = report.domain
        var events: [UnicastBrowseEvent] = []
        if let failure = report.failure {
            events.append(.domainFailed(domain, failure))
            events += removeExpired(in: domain, at: now, listed: [], unsure: nil)
            nextBrowse[domain] = now + failureRetryInterval
            return events
        }
        var listed = Set<GatewayID>()
        for found in report.gateways {
            listed.insert(found.id)
            if let previous = known[found.id] {
                if previous.gateway.gateway != found.gateway { events.append(.updated(found)) }
            } else {
                order.append(found.id)
                events.append(.added(found))
            }
            known[found.id] = Entry(gateway: found, domain: domain, expiresAt: now + .seconds(Int64(found.ttl)))
        }
        // Instances still listed whose own lookups failed keep their last state until it
        // expires; everything else no longer listed is gone now.
        let unsure = Set(report.problems.compactMap { $0.error == nil ? nil : $0.gatewayID })
        events += removeExpired(in: domain, at: now, listed: listed, unsure: unsure)
        let ttl = Duration.seconds(Int64(report.ttl ?? 0))
        nextBrowse[domain] = now + min(max(ttl, minimumRefreshInterval), maximumRefreshInterval)
        return events
    }

    /// Removes the domain's gateways not in `listed`: at once, except that those in
    /// `unsure` (all of them when `unsure` is nil) go only once expired.
    private mutating func removeExpired(
        in domain: BrowseDomain, at now: ContinuousClock.Instant, listed: Set<GatewayID>, unsure: Set<GatewayID>?
    ) -> [UnicastBrowseEvent] {
        var events: [UnicastBrowseEvent] = []
        var kept: [GatewayID] = []
        for id in order {
            guard let entry = known[id], entry.domain == domain, !listed.contains(id) else {
                kept.append(id)
                continue
            }
            let waitForExpiry = unsure?.contains(id) ?? true
            if waitForExpiry, entry.expiresAt > now {
                kept.append(id)
                continue
            }
            known[id] = nil
            events.append(.removed(entry.gateway))
        }
        order = kept
        return events
    }
}
