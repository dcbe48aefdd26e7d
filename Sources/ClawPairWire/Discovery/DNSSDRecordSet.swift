/// Records gathered from unicast DNS-SD answers, read the way a browser resolves a service
/// (RFC 6763): PTR names the instances, each instance's SRV and TXT give host, port and
/// hints, and the host's A/AAAA records give addresses. Servers may put all of it in one
/// answer's additional section (RFC 6763 §12) or need follow-up queries; either way, the
/// records end up here and the lookups below do not care which message they came from.
public struct DNSSDRecordSet: Sendable {
    /// Every record added, in order.
    public private(set) var records: [DNSResourceRecord] = []

    /// CNAME links followed at most when looking up addresses (a loop ends here too).
    public static let maxCNAMEChain = 8

    /// A set holding `records`.
    public init(_ records: [DNSResourceRecord] = []) {
        self.records = records
    }

    /// Adds the records of every section of a response.
    public mutating func add(_ message: DNSMessage) {
        records += message.allRecords
    }

    /// Adds records, e.g. from a follow-up query or a zone.
    public mutating func add(_ newRecords: [DNSResourceRecord]) {
        records += newRecords
    }

    /// The instances a service name's PTR records point to, without duplicates, in order.
    public func instances(of service: DNSName) -> [DNSName] {
        var seen = Set<DNSName>()
        return records.compactMap { record -> DNSName? in
            guard record.name == service, case .ptr(let target) = record.data, seen.insert(target).inserted else { return nil }
            return target
        }
    }

    /// The instance's SRV target and port. With several SRV records, the lowest priority and
    /// then the highest weight win (RFC 2782; a browser shows one endpoint, so no random pick).
    public func service(of instance: DNSName) -> (target: DNSName, port: UInt16)? {
        var best: (priority: UInt16, weight: UInt16, target: DNSName, port: UInt16)?
        for record in records where record.name == instance {
            guard case .srv(let priority, let weight, let port, let target) = record.data else { continue }
            if let current = best, (current.priority, UInt16.max - current.weight) <= (priority, UInt16.max - weight) {
                continue
            }
            best = (priority, weight, target, port)
        }
        return best.map { ($0.target, $0.port) }
    }

    /// The instance's TXT record (the first one, when a server sends several).
    public func txt(of instance: DNSName) -> GatewayTXT? {
        for record in records where record.name == instance {
            if case .txt(let strings) = record.data { return GatewayTXT(strings: strings) }
        }
        return nil
    }

    /// The host's addresses, IPv4 and IPv6 in the order received, without duplicates,
    /// following CNAMEs up to ``maxCNAMEChain`` links.
    public func addresses(of host: DNSName) -> [IPAddress] {
        var name = host
        for _ in 0...Self.maxCNAMEChain {
            var found: [IPAddress] = []
            var alias: DNSName?
            for record in records where record.name == name {
                switch record.data {
                case .a(let address), .aaaa(let address):
                    if !found.contains(address) { found.append(address) }
                case .cname(let target):
                    alias = alias ?? target
                default: break
                }
            }
            if !found.isEmpty { return found }
            guard let next = alias else { return [] }
            name = next
        }
        return []
    }

    /// The gateway an instance describes, or nil while its SRV record is missing or the name
    /// is not a DNS-SD instance name. Addresses may still be empty (not yet resolved).
    public func gateway(instance: DNSName, source: DiscoverySource = .unicast) -> DiscoveredGateway? {
        guard let name = ServiceInstanceName(dnsName: instance), let service = service(of: instance) else { return nil }
        return DiscoveredGateway(
            instance: name.name, domain: name.domain, serviceType: name.serviceType, host: service.target.description,
            port: service.port, addresses: addresses(of: service.target).map { DiscoveredGateway.addressText($0, interface: nil) },
            txt: txt(of: instance) ?? GatewayTXT(), sources: [source])
    }

    /// Every gateway of a service name that can be built from the records so far.
    public func gateways(of service: DNSName, source: DiscoverySource = .unicast) -> [DiscoveredGateway] {
        instances(of: service).compactMap { gateway(instance: $0, source: source) }
    }
}
