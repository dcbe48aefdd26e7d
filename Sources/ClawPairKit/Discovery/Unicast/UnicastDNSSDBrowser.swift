/// Finds gateways in wide-area (unicast) DNS-SD domains (RFC 6763), with a
/// ``UnicastDNSClient``.
///
/// A browse runs the PTR → SRV + TXT → A + AAAA chain of ``UnicastBrowsePlan`` with every
/// independent query in flight at once (up to ``maximumQueriesInFlight``), so 100 instances
/// cost about as much as one: three rounds of round trips, not 300. Records the server puts
/// in the additional section save their queries.
///
/// Nothing here throws for a domain's DNS trouble: each domain gets a
/// ``UnicastBrowseReport`` with its gateways, its status (`NXDOMAIN` is reported, not fatal)
/// and its per-instance problems, and one domain's failure leaves the others alone. The only
/// error thrown is `CancellationError`.
///
/// For `browse --watch`, ``watch(_:timeout:)`` re-browses each domain when its records' TTL
/// runs out and yields added / updated / removed events; ``UnicastGateway/ttl`` and
/// ``UnicastBrowseReport/ttl`` let a caller that loops on ``browse(_:timeout:includeAdvertisedDomains:)``
/// itself do the same.
public struct UnicastDNSSDBrowser: Sendable {
    /// The DNS client every query goes through (its servers, timeouts and reactor).
    public var client: UnicastDNSClient
    /// The service browsed for.
    public var serviceType: String

    /// Queries of one browse in flight at once. Each holds a UDP socket (a descriptor) while
    /// it waits: 128 stays far below the usual 1024-descriptor limit even with a few domains
    /// browsed and routes probed at the same time, and well below what makes a server start
    /// dropping, while 100 instances (about 400 queries) take about four round trips after
    /// the PTR answer instead of one; at a tailnet's tens of milliseconds, that is still
    /// about what one instance costs.
    public static let maximumQueriesInFlight = 128

    /// A browser asking through `client` for `serviceType` (the gateway service by default).
    public init(client: UnicastDNSClient, serviceType: String = GatewayService.type) {
        self.client = client
        self.serviceType = serviceType
    }

    // MARK: Browse

    /// Browses one domain, giving up on whatever is unanswered after `timeout`.
    public func browse(_ domain: BrowseDomain, timeout: Duration) async throws -> UnicastBrowseReport {
        let start = ContinuousClock.now
        var plan: UnicastBrowsePlan
        do {
            plan = try UnicastBrowsePlan(browsing: domain, serviceType: serviceType)
        } catch {
            return invalidServiceName(domain, error: error, elapsed: .zero)
        }
        try await execute(&plan, deadline: start + timeout)
        return plan.report(elapsed: ContinuousClock.now - start)
    }

    /// Browses every domain at once; one report per domain, in the order given (duplicates
    /// dropped). With `includeAdvertisedDomains`, each domain's `b._dns-sd._udp` PTR records
    /// (RFC 6763 §11) name more domains to browse, reported after the given ones; a failed
    /// lookup there becomes a problem of the domain that was asked.
    public func browse(
        _ domains: [BrowseDomain], timeout: Duration, includeAdvertisedDomains: Bool = false
    ) async throws -> [UnicastBrowseReport] {
        let deadline = ContinuousClock.now + timeout
        var seen = Set<BrowseDomain>()
        let given = domains.filter { seen.insert($0).inserted }
        var extraProblems: [BrowseDomain: [UnicastBrowseReport.Problem]] = [:]
        var advertised: [BrowseDomain] = []
        if includeAdvertisedDomains {
            let found = try await concurrentMap(given) { domain in
                do {
                    return Result<[BrowseDomain], UnicastDNSError>.success(
                        try await self.browseDomains(advertisedIn: domain, until: deadline))
                } catch let error as UnicastDNSError {
                    return .failure(error)
                }
            }
            for (domain, result) in zip(given, found) {
                switch result {
                case .success(let domains):
                    advertised += domains.filter { seen.insert($0).inserted }
                case .failure(let error):
                    extraProblems[domain, default: []].append(
                        .init(
                            instance: nil, gatewayID: nil, message: "browse-domain lookup failed: \(error)",
                            error: error))
                }
            }
        }
        let remaining = deadline - ContinuousClock.now
        var reports = try await concurrentMap(given + advertised) { try await self.browse($0, timeout: remaining) }
        for index in reports.indices {
            reports[index].problems += extraProblems[reports[index].domain] ?? []
        }
        return reports
    }

    /// Resolves one instance by its decoded name (`Studio (OpenClaw)`): SRV and TXT, then
    /// addresses. Nil when the instance does not exist (`NXDOMAIN` or no SRV record); throws
    /// ``UnicastDNSError`` when its SRV lookup failed, `CancellationError` when cancelled.
    public func resolve(instance: String, in domain: BrowseDomain, timeout: Duration) async throws -> UnicastGateway? {
        let start = ContinuousClock.now
        var plan: UnicastBrowsePlan
        do {
            plan = try UnicastBrowsePlan(resolving: instance, in: domain, serviceType: serviceType)
        } catch {
            // A name longer than a label can hold cannot exist.
            return nil
        }
        try await execute(&plan, deadline: start + timeout)
        let report = plan.report(elapsed: ContinuousClock.now - start)
        if let gateway = report.gateways.first { return gateway }
        if let instance = plan.instances.first, let error = plan.failure(for: .init(name: instance, type: .SRV)) {
            throw error
        }
        return nil
    }

    /// The browse domains a domain advertises: the targets of its `b._dns-sd._udp.<domain>`
    /// PTR records (RFC 6763 §11), normalised. Empty when there are none (`NXDOMAIN` too);
    /// throws ``UnicastDNSError`` when the lookup failed.
    public func browseDomains(advertisedIn domain: BrowseDomain, until deadline: ContinuousClock.Instant) async throws
        -> [BrowseDomain]
    {
        let name: DNSName
        do { name = try domain.browseDomainsQueryName } catch { return [] }
        let response = try await client.query(name, type: .PTR, until: deadline)
        var seen = Set<BrowseDomain>()
        return response.answers.compactMap { record -> BrowseDomain? in
            guard case .ptr(let target) = record.data, !target.isRoot,
                let found = try? BrowseDomain(target.description), seen.insert(found).inserted
            else { return nil }
            return found
        }
    }

    // MARK: Watch

    /// An endless sequence of changes to the gateways in `domains`: the first browse adds
    /// everything found, and each domain is browsed again when its records expire (see
    /// ``UnicastBrowseWatch`` for the timing rules). Ends when the consuming task is cancelled.
    public func watch(_ domains: [BrowseDomain], timeout: Duration) -> UnicastBrowseWatch {
        UnicastBrowseWatch(browser: self, domains: domains, timeout: timeout)
    }

    // MARK: The executor

    /// Runs `plan` to the end: every query it hands out is asked, up to
    /// ``maximumQueriesInFlight`` at once, and each answer fed back as soon as it arrives.
    private func execute(_ plan: inout UnicastBrowsePlan, deadline: ContinuousClock.Instant) async throws {
        var queue = plan.start()
        var next = 0
        let client = self.client
        try await withThrowingTaskGroup(of: (UnicastBrowsePlan.Query, UnicastBrowsePlan.Outcome).self) { group in
            var inFlight = 0
            while true {
                while inFlight < Self.maximumQueriesInFlight, next < queue.count {
                    let query = queue[next]
                    next += 1
                    inFlight += 1
                    group.addTask {
                        do {
                            return (
                                query, .answered(try await client.query(query.name, type: query.type, until: deadline))
                            )
                        } catch let error as UnicastDNSError {
                            return (query, .failed(error))
                        }
                    }
                }
                guard let (query, outcome) = try await group.next() else { return }
                inFlight -= 1
                queue += plan.absorb(outcome, for: query)
            }
        }
    }

    /// Runs `body` for every element at once; results in input order.
    private func concurrentMap<Element: Sendable, Result: Sendable>(
        _ elements: [Element], _ body: @escaping @Sendable (Element) async throws -> Result
    ) async throws -> [Result] {
        try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            for (index, element) in elements.enumerated() {
                group.addTask { (index, try await body(element)) }
            }
            var results = [Result?](repeating: nil, count: elements.count)
            for try await (index, result) in group { results[index] = result }
            return results.compactMap { $0 }
        }
    }

    private func invalidServiceName(_ domain: BrowseDomain, error: DNSWireError, elapsed: Duration)
        -> UnicastBrowseReport
    {
        UnicastBrowseReport(
            domain: domain, status: .answered, gateways: [],
            problems: [
                .init(
                    instance: nil, gatewayID: nil,
                    message: "\(serviceType).\(domain) is not a DNS name: \(error.reason)")
            ],
            ttl: nil, elapsed: elapsed)
    }
}
