/// The changes to the gateways in some unicast DNS-SD domains, for `browse --watch`.
///
/// Unicast DNS has no change notifications here (no DNS Push, RFC 8765), so the only signal
/// is the TTL: the first browse adds every gateway found, then each domain is browsed again
/// when the first of its records expires (the report's ``UnicastBrowseReport/ttl``), within
/// ``minimumRefreshInterval`` and ``maximumRefreshInterval``; the difference becomes events.
///
/// Removal follows the TTL too, so a dead gateway does not linger (a complaint about Go and
/// Python mDNS libraries): a gateway no longer listed is removed at once; when the domain
/// cannot be asked, or only the gateway's own lookups failed, it stays until its records
/// expire and is removed then.
///
/// Iterating runs the browses in the consuming task (no task is started behind its back);
/// the sequence ends (returns nil) when that task is cancelled.
public struct UnicastBrowseWatch: AsyncSequence, Sendable {
    public typealias Element = UnicastBrowseEvent

    /// The browser that asks.
    public var browser: UnicastDNSSDBrowser
    /// The domains watched, without duplicates.
    public var domains: [BrowseDomain]
    /// The limit for each browse.
    public var timeout: Duration
    /// See ``defaultMinimumRefreshInterval``.
    public var minimumRefreshInterval: Duration = UnicastBrowseWatch.defaultMinimumRefreshInterval
    /// See ``defaultMaximumRefreshInterval``.
    public var maximumRefreshInterval: Duration = UnicastBrowseWatch.defaultMaximumRefreshInterval
    /// See ``defaultFailureRetryInterval``.
    public var failureRetryInterval: Duration = UnicastBrowseWatch.defaultFailureRetryInterval

    /// The shortest wait between two browses of a domain. TTL 0 means "do not cache", and
    /// dnsmasq serves its local records with TTL 0 by default; re-browsing that often would
    /// keep a server busy for nothing a person can see, while 2 s is still prompt.
    public static let defaultMinimumRefreshInterval: Duration = .seconds(2)
    /// The longest wait. A zone with a TTL of a day would otherwise hide every change for a
    /// day; the gateway writes TTL 60, and one PTR query a minute per domain costs nothing.
    public static let defaultMaximumRefreshInterval: Duration = .seconds(60)
    /// The wait after a failed browse before the next: long enough not to hammer a server
    /// that is down or a tailnet that is reconnecting, short enough to notice its return.
    public static let defaultFailureRetryInterval: Duration = .seconds(5)

    /// A watch of `domains`, each browse limited to `timeout`; usually made by
    /// ``UnicastDNSSDBrowser/watch(_:timeout:)``.
    public init(browser: UnicastDNSSDBrowser, domains: [BrowseDomain], timeout: Duration) {
        self.browser = browser
        var seen = Set<BrowseDomain>()
        self.domains = domains.filter { seen.insert($0).inserted }
        self.timeout = timeout
    }

    public func makeAsyncIterator() -> Iterator { Iterator(watch: self) }

    /// Runs the browses and turns their reports into events.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        private let watch: UnicastBrowseWatch
        private var state: UnicastBrowseWatchState
        private var pending: [UnicastBrowseEvent] = []
        private var pendingIndex = 0

        init(watch: UnicastBrowseWatch) {
            self.watch = watch
            self.state = UnicastBrowseWatchState(
                domains: watch.domains, now: .now, minimumRefreshInterval: watch.minimumRefreshInterval,
                maximumRefreshInterval: watch.maximumRefreshInterval, failureRetryInterval: watch.failureRetryInterval)
        }

        /// The next change; nil when the task is cancelled (or there is no domain to watch).
        public mutating func next() async -> UnicastBrowseEvent? {
            while true {
                if pendingIndex < pending.count {
                    defer { pendingIndex += 1 }
                    return pending[pendingIndex]
                }
                pending.removeAll(keepingCapacity: true)
                pendingIndex = 0
                guard !Task.isCancelled, let earliest = state.earliestBrowse else { return nil }
                if earliest > .now {
                    do { try await Task.sleep(until: earliest, clock: .continuous) } catch { return nil }
                }
                let due = state.due(at: .now)
                let reports: [UnicastBrowseReport]
                do { reports = try await watch.browser.browse(due, timeout: watch.timeout) } catch { return nil }
                let now = ContinuousClock.now
                for report in reports { pending += state.apply(report, at: now) }
            }
        }
    }
}
