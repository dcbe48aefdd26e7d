/// The bookkeeping of one unicast DNS-SD browse or resolve, without any I/O: given the
/// answers so far, which queries to ask next, and what gateways the answers add up to.
///
/// The chain is RFC 6763's: PTR `<service>.<domain>` lists instances (§4); each instance
/// needs its SRV (host and port) and TXT (§6); each distinct SRV target needs A and AAAA.
/// Queries are handed out as soon as what they depend on is known, so the executor can run
/// every instance's lookups at once and start a target's address lookups the moment its SRV
/// arrives. Records a server volunteers in the answer and additional sections (§12) are kept
/// and save their queries, but only for names inside the browsed domain: a server is not
/// believed about names it was not asked about and is not authoritative for.
struct UnicastBrowsePlan: Sendable {
    /// One question to ask.
    struct Query: Sendable, Hashable, CustomStringConvertible {
        var name: DNSName
        var type: DNSRecordType

        var description: String { "\(name) \(type)" }
    }

    /// What asking a query gave.
    enum Outcome: Sendable {
        case answered(UnicastDNSResponse)
        case failed(UnicastDNSError)
    }

    /// The records known for one name and type, from an answer or from extra sections.
    struct RecordSet: Sendable {
        var records: [DNSResourceRecord]
        /// Seconds: the smallest record TTL, or the negative-caching TTL of an empty answer.
        var ttl: UInt32
        var nxDomain: Bool
    }

    /// Instances beyond this many in one domain are not looked up. A home or tailnet has a
    /// handful of gateways; a PTR set of thousands is a misconfigured or hostile zone, and
    /// the bound keeps a browse's queries, sockets and memory finite.
    static let maximumInstances = 1000

    /// The record types whose extra-section copies are kept.
    private static let volunteeredTypes: Set<DNSRecordType> = [.SRV, .TXT, .A, .AAAA]

    let domain: BrowseDomain
    let serviceType: String
    /// `<service>.<domain>`.
    let serviceName: DNSName
    /// The PTR query of a browse; nil when resolving one instance.
    private let browseQuery: Query?
    /// Instances in the order the PTR records listed them.
    private(set) var instances: [DNSName] = []
    private var instanceSet: Set<DNSName> = []
    /// The TTL of the PTR record that listed each instance.
    private var listingTTL: [DNSName: UInt32] = [:]
    private var known: [Query: RecordSet] = [:]
    private var failures: [Query: UnicastDNSError] = [:]
    private var requested: Set<Query> = []
    /// PTR targets not followed because of ``maximumInstances``.
    private(set) var droppedInstances = 0

    /// A browse of `domain` for `serviceType` (`_openclaw-gw._tcp`).
    init(browsing domain: BrowseDomain, serviceType: String = GatewayService.type) throws(DNSWireError) {
        self.domain = domain
        self.serviceType = serviceType
        self.serviceName = try DNSName(serviceType).appending(domain.dnsName)
        self.browseQuery = Query(name: serviceName, type: .PTR)
    }

    /// A resolve of one instance, by its decoded name, skipping the PTR query.
    init(resolving instance: String, in domain: BrowseDomain, serviceType: String = GatewayService.type)
        throws(DNSWireError)
    {
        self.domain = domain
        self.serviceType = serviceType
        self.serviceName = try DNSName(serviceType).appending(domain.dnsName)
        self.browseQuery = nil
        let name = try serviceName.prepending(Array(instance.utf8))
        instances = [name]
        instanceSet = [name]
    }

    /// The first queries.
    mutating func start() -> [Query] {
        if let browseQuery {
            return request(browseQuery) ? [browseQuery] : []
        }
        return followUps(for: instances)
    }

    /// Records what `query` gave and returns the queries that became possible.
    mutating func absorb(_ outcome: Outcome, for query: Query) -> [Query] {
        switch outcome {
        case .failed(let error):
            failures[query] = error
            return []
        case .answered(let response):
            known[query] = RecordSet(records: response.answers, ttl: response.ttl, nxDomain: response.isNXDomain)
            learnVolunteered(from: response.message)
            if query == browseQuery {
                return followUps(for: listInstances(from: known[query]?.records ?? []))
            }
            if query.type == .SRV || query.type == .TXT {
                return followUps(for: [query.name])
            }
            return []
        }
    }

    // MARK: Deciding what to ask

    /// PTR targets that name an instance of the service (one label in front of the service
    /// name), new ones only, up to ``maximumInstances``.
    private mutating func listInstances(from records: [DNSResourceRecord]) -> [DNSName] {
        var added: [DNSName] = []
        for record in records {
            guard case .ptr(let target) = record.data, target.labels.count == serviceName.labels.count + 1,
                target.dropping(1) == serviceName
            else { continue }
            guard !instanceSet.contains(target) else { continue }
            guard instances.count < Self.maximumInstances else {
                droppedInstances += 1
                continue
            }
            instanceSet.insert(target)
            instances.append(target)
            listingTTL[target] = UnicastDNSResponse.sanitized(record.ttl)
            added.append(target)
        }
        return added
    }

    /// What `instances` still need: SRV and TXT, then A and AAAA of the SRV target.
    private mutating func followUps(for instances: [DNSName]) -> [Query] {
        var queries: [Query] = []
        for instance in instances {
            for type in [DNSRecordType.SRV, .TXT] {
                let query = Query(name: instance, type: type)
                if known[query] == nil, request(query) { queries.append(query) }
            }
            guard let target = chosenSRV(for: instance)?.target, !target.isRoot else { continue }
            for type in [DNSRecordType.A, .AAAA] {
                let query = Query(name: target, type: type)
                if known[query] == nil, request(query) { queries.append(query) }
            }
        }
        return queries
    }

    /// How `query` failed, if it did.
    func failure(for query: Query) -> UnicastDNSError? { failures[query] }

    /// Marks `query` as asked; false when it already was.
    private mutating func request(_ query: Query) -> Bool { requested.insert(query).inserted }

    /// Keeps the SRV, TXT and address records a reply carried beyond its answer, for names
    /// inside the domain whose records are not known yet.
    private mutating func learnVolunteered(from message: DNSMessage) {
        var groups: [Query: [DNSResourceRecord]] = [:]
        var order: [Query] = []
        for record in message.answers + message.additionals
        where Self.volunteeredTypes.contains(record.type) && record.name.isSubdomain(of: domain.dnsName) {
            let key = Query(name: record.name, type: record.type)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(record)
        }
        for key in order where known[key] == nil {
            let records = groups[key] ?? []
            let ttl = records.map { UnicastDNSResponse.sanitized($0.ttl) }.min() ?? 0
            known[key] = RecordSet(records: records, ttl: ttl, nxDomain: false)
        }
    }

    /// The SRV record to use (RFC 2782): the lowest priority, then the highest weight, then
    /// the first. A gateway has one; this only makes several deterministic.
    private func chosenSRV(for instance: DNSName) -> (port: UInt16, target: DNSName, ttl: UInt32)? {
        let candidates = (known[Query(name: instance, type: .SRV)]?.records ?? []).compactMap {
            record -> (priority: UInt16, weight: UInt16, port: UInt16, target: DNSName, ttl: UInt32)? in
            guard case .srv(let priority, let weight, let port, let target) = record.data else { return nil }
            return (priority, weight, port, target, UnicastDNSResponse.sanitized(record.ttl))
        }
        guard
            let best = candidates.min(by: {
                ($0.priority, UInt16.max - $0.weight) < ($1.priority, UInt16.max - $1.weight)
            })
        else { return nil }
        return (best.port, best.target, best.ttl)
    }

    // MARK: The result

    /// The gateways and problems the answers add up to.
    func report(elapsed: Duration) -> UnicastBrowseReport {
        let status: UnicastBrowseReport.Status
        var ttls: [UInt32] = []
        if let browseQuery {
            if let failure = failures[browseQuery] {
                status = .failed(failure)
            } else if let set = known[browseQuery] {
                status = set.nxDomain ? .noSuchName : .answered
                ttls.append(set.ttl)
            } else {
                // Only when the browse was stopped before the PTR query returned.
                status = .failed(
                    UnicastDNSError(question: DNSQuestion(name: browseQuery.name, type: .PTR), failures: []))
            }
        } else {
            status = .answered
        }
        var gateways: [UnicastGateway] = []
        var problems: [UnicastBrowseReport.Problem] = []
        if droppedInstances > 0 {
            problems.append(
                .init(
                    instance: nil, gatewayID: nil,
                    message:
                        "\(droppedInstances) more instances not looked up (at most \(Self.maximumInstances) per domain)"
                ))
        }
        for instance in instances {
            switch gateway(for: instance) {
            case .found(let gateway, let instanceProblems):
                gateways.append(gateway)
                problems += instanceProblems
                ttls.append(gateway.ttl)
            case .missing(let problem):
                problems.append(problem)
            }
        }
        if case .failed = status {
            return UnicastBrowseReport(
                domain: domain, status: status, gateways: [], problems: problems, ttl: nil, elapsed: elapsed)
        }
        return UnicastBrowseReport(
            domain: domain, status: status, gateways: gateways, problems: problems, ttl: ttls.min(), elapsed: elapsed)
    }

    private enum InstanceResult {
        case found(UnicastGateway, [UnicastBrowseReport.Problem])
        case missing(UnicastBrowseReport.Problem)
    }

    private func gateway(for instance: DNSName) -> InstanceResult {
        let decoded =
            ServiceInstanceName(dnsName: instance)?.name ?? String(decoding: instance.labels[0], as: UTF8.self)
        let id = GatewayID.discovered(serviceType: serviceType, domain: domain.name, instanceName: decoded)
        func problem(_ message: String, _ error: UnicastDNSError? = nil) -> UnicastBrowseReport.Problem {
            .init(instance: decoded, gatewayID: id, message: message, error: error)
        }

        let srvQuery = Query(name: instance, type: .SRV)
        if let failure = failures[srvQuery] { return .missing(problem("SRV lookup failed: \(failure)", failure)) }
        guard let srvSet = known[srvQuery] else {
            return .missing(problem("SRV not looked up before the browse ended"))
        }
        guard let srv = chosenSRV(for: instance) else {
            return .missing(
                problem(
                    srvSet.nxDomain
                        ? "listed, but the name does not exist (stale PTR record)" : "listed, but has no SRV record"))
        }
        guard !srv.target.isRoot else {
            return .missing(problem("SRV target is \".\": the service is not offered (RFC 2782)"))
        }

        var problems: [UnicastBrowseReport.Problem] = []
        var ttls = [srv.ttl]
        if let listed = listingTTL[instance] { ttls.append(listed) }

        var txt = GatewayTXT()
        let txtQuery = Query(name: instance, type: .TXT)
        if let failure = failures[txtQuery] {
            problems.append(problem("TXT lookup failed, so no TXT hints: \(failure)", failure))
        } else if let set = known[txtQuery] {
            for record in set.records {
                guard case .txt(let strings) = record.data else { continue }
                txt = GatewayTXT(strings: strings)
                ttls.append(UnicastDNSResponse.sanitized(record.ttl))
                break
            }
        }

        var addresses: [String] = []
        var addressFailures: [UnicastDNSError] = []
        for type in [DNSRecordType.A, .AAAA] {
            let query = Query(name: srv.target, type: type)
            if let failure = failures[query] { addressFailures.append(failure) }
            let found = (known[query]?.records ?? []).compactMap { record -> (IPAddress, UInt32)? in
                switch record.data {
                case .a(let address), .aaaa(let address): return (address, UnicastDNSResponse.sanitized(record.ttl))
                default: return nil
                }
            }
            // Sorted, so a server that rotates its answers does not look like a change.
            for (address, ttl) in found.sorted(by: { $0.0.bytes.lexicographicallyPrecedes($1.0.bytes) }) {
                addresses.append(DiscoveredGateway.addressText(address, interface: nil))
                ttls.append(ttl)
            }
        }
        if addresses.isEmpty {
            let detail = addressFailures.map(\.description).joined(separator: "; ")
            problems.append(
                problem(
                    "no address for \(srv.target)" + (detail.isEmpty ? "" : ": \(detail)"), addressFailures.first))
        }

        let gateway = DiscoveredGateway(
            instance: decoded, domain: domain.name, serviceType: serviceType, host: srv.target.description,
            port: srv.port, addresses: addresses, txt: txt, sources: [.unicast])
        return .found(UnicastGateway(gateway: gateway, instanceName: instance, ttl: ttls.min() ?? 0), problems)
    }
}
