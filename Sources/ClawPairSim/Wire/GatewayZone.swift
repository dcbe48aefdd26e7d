import ClawPairWire

/// The wide-area DNS-SD zone a gateway publishes (spec/discovery.md "Wide-area zone"), as
/// records, as zone-file text, and as an authoritative answerer, so the simulated gateway
/// and test DNS servers serve what a real gateway's CoreDNS would.
public struct GatewayZone: Sendable, Hashable {
    /// The wide-area domain (`openclaw.internal.`).
    public var domain: BrowseDomain
    /// The SOA serial (the gateway writes `YYYYMMDDnn`).
    public var serial: UInt32
    /// ``GatewayZoneLabel/hostLabel(_:)`` of the gateway's host name.
    public var hostLabel: String
    /// ``GatewayZoneLabel/instanceLabel(hostLabel:)``.
    public var instanceLabel: String
    /// The SRV port and TXT `gatewayPort`.
    public var gatewayPort: UInt16
    /// The TXT `displayName`: the instance name without ` (OpenClaw)`.
    public var displayName: String
    /// The gateway's tailnet IPv4 address (also the name server's).
    public var tailnetIPv4: IPAddress
    /// The gateway's tailnet IPv6 address, when known.
    public var tailnetIPv6: IPAddress?
    /// Publishes `gatewayTls=1`.
    public var gatewayTls: Bool
    /// The leaf certificate's SHA-256 (hex); only published with ``gatewayTls``.
    public var tlsFingerprintSha256: String?
    /// The MagicDNS name ("full" mode).
    public var tailnetDns: String?
    /// The SSH port ("full" mode).
    public var sshPort: UInt16?
    /// The gateway CLI path ("full" mode).
    public var cliPath: String?

    /// Every record's TTL, as the gateway writes (`$TTL 60`).
    public static let ttl: UInt32 = 60

    /// A zone for a host; the labels are derived from `hostname` as the gateway does.
    public init(
        domain: BrowseDomain, serial: UInt32, hostname: String, gatewayPort: UInt16 = GatewayService.defaultPort,
        displayName: String, tailnetIPv4: IPAddress, tailnetIPv6: IPAddress? = nil, gatewayTls: Bool = false,
        tlsFingerprintSha256: String? = nil, tailnetDns: String? = nil, sshPort: UInt16? = nil, cliPath: String? = nil
    ) {
        self.domain = domain
        self.serial = serial
        self.hostLabel = GatewayZoneLabel.hostLabel(hostname)
        self.instanceLabel = GatewayZoneLabel.instanceLabel(hostLabel: hostLabel)
        self.gatewayPort = gatewayPort
        self.displayName = displayName
        self.tailnetIPv4 = tailnetIPv4
        self.tailnetIPv6 = tailnetIPv6
        self.gatewayTls = gatewayTls
        self.tlsFingerprintSha256 = tlsFingerprintSha256
        self.tailnetDns = tailnetDns
        self.sshPort = sshPort
        self.cliPath = cliPath
    }

    /// The TXT keys in the gateway's order; no `lanHost` in unicast TXT.
    public var txt: GatewayTXT {
        var pairs = [
            ("displayName", displayName), ("role", "gateway"), ("transport", "gateway"), ("gatewayPort", String(gatewayPort)),
        ]
        if gatewayTls {
            pairs.append(("gatewayTls", "1"))
            if let tlsFingerprintSha256 { pairs.append(("gatewayTlsSha256", tlsFingerprintSha256)) }
        }
        if let tailnetDns { pairs.append(("tailnetDns", tailnetDns)) }
        if let sshPort { pairs.append(("sshPort", String(sshPort))) }
        if let cliPath { pairs.append(("cliPath", cliPath)) }
        return GatewayTXT(pairs: pairs)
    }

    /// `_openclaw-gw._tcp.<domain>`: the name clients browse.
    public var serviceName: DNSName {
        get throws(DNSWireError) { try DNSName(GatewayService.type).appending(domain.dnsName) }
    }

    /// `<instanceLabel>._openclaw-gw._tcp.<domain>`.
    public var instanceName: DNSName {
        get throws(DNSWireError) { try serviceName.prepending(Array(instanceLabel.utf8)) }
    }

    /// `<hostLabel>.<domain>`: the SRV target.
    public var hostName: DNSName {
        get throws(DNSWireError) { try domain.dnsName.prepending(Array(hostLabel.utf8)) }
    }

    /// The zone's records in zone-file order. Throws only when the domain is so long that a
    /// name in the zone would pass 255 bytes.
    public func records() throws(DNSWireError) -> [DNSResourceRecord] {
        let apex = domain.dnsName
        let ns1 = try apex.prepending(Array("ns1".utf8))
        let host = try hostName
        let instance = try instanceName
        func record(_ name: DNSName, _ data: DNSRecordData) -> DNSResourceRecord {
            DNSResourceRecord(name: name, ttl: Self.ttl, data: data)
        }
        var records = [
            record(
                apex,
                .soa(.init(
                    mname: ns1, rname: try apex.prepending(Array("hostmaster".utf8)), serial: serial, refresh: 7200,
                    retry: 3600, expire: 1_209_600, minimum: Self.ttl))),
            record(apex, .ns(ns1)),
            record(ns1, .a(tailnetIPv4)),
            record(host, .a(tailnetIPv4)),
        ]
        if let tailnetIPv6 { records.append(record(host, .aaaa(tailnetIPv6))) }
        records += [
            record(try serviceName, .ptr(instance)),
            record(instance, .srv(priority: 0, weight: 0, port: gatewayPort, target: host)),
            record(instance, .txt(txt.strings)),
        ]
        return records
    }

    /// The zone file, names relative to `$ORIGIN` as the gateway writes it for CoreDNS.
    public func zoneFileText() throws(DNSWireError) -> String {
        let apex = domain.dnsName
        var lines = ["$ORIGIN \(apex)", "$TTL \(Self.ttl)"]
        for record in try records() {
            let owner = record.name == apex ? "@" : Self.relative(record.name, to: apex)
            var data = record.data.description
            switch record.data {
            case .ptr(let name), .ns(let name): data = Self.relative(name, to: apex)
            case .srv(let priority, let weight, let port, let target):
                data = "\(priority) \(weight) \(port) \(Self.relative(target, to: apex))"
            case .soa(let soa):
                data = "\(Self.relative(soa.mname, to: apex)) \(Self.relative(soa.rname, to: apex)) \(soa.serial) \(soa.refresh) \(soa.retry) \(soa.expire) \(soa.minimum)"
            default: break
            }
            lines.append("\(owner) IN \(record.type) \(data)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func relative(_ name: DNSName, to apex: DNSName) -> String {
        guard name.isSubdomain(of: apex), name != apex else { return name.description }
        return name.labels.prefix(name.labels.count - apex.labels.count).map(DNSName.escape).joined(separator: ".")
    }

    // MARK: Answering

    /// The authoritative answer to `query` from this zone: the matching records, with the
    /// instance's SRV, TXT and addresses added for a PTR answer and the target's addresses for
    /// an SRV answer (RFC 6763 §12); NODATA or NXDOMAIN with the SOA for negative caching
    /// (RFC 2308 §3); REFUSED outside the zone.
    public func answer(_ query: DNSMessage) -> DNSMessage {
        guard query.opcode == .query, !query.isResponse else { return query.response(responseCode: .notImplemented) }
        guard query.questions.count == 1, let question = query.questions.first else {
            return query.response(responseCode: .formatError)
        }
        guard question.name.isSubdomain(of: domain.dnsName), let records = try? records() else {
            return query.response(responseCode: .refused, isAuthoritative: false)
        }
        let soa = records.filter { $0.type == .SOA }
        let matching = records.filter {
            $0.name == question.name && (question.type == .ANY || $0.type == question.type)
        }
        guard !matching.isEmpty else {
            // A name with other types, or with names below it (an empty non-terminal such as
            // `_tcp.<domain>`), exists: NODATA, not NXDOMAIN (RFC 8020 §2).
            let exists = records.contains { $0.name.isSubdomain(of: question.name) }
            return query.response(responseCode: exists ? .noError : .nxDomain, authorities: soa)
        }
        var additionals: [DNSResourceRecord] = []
        func addAddresses(of host: DNSName) {
            additionals += records.filter { $0.name == host && ($0.type == .A || $0.type == .AAAA) }
        }
        for record in matching {
            switch record.data {
            case .ptr(let instance):
                additionals += records.filter { $0.name == instance && ($0.type == .SRV || $0.type == .TXT) }
                for case .srv(_, _, _, let target) in additionals.map(\.data) { addAddresses(of: target) }
            case .srv(_, _, _, let target):
                addAddresses(of: target)
            default: break
            }
        }
        var seen = Set(matching)
        return query.response(answers: matching, additionals: additionals.filter { seen.insert($0).inserted })
    }
}
