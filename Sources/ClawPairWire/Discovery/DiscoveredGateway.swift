/// A gateway found by DNS-SD: the resolved instance, its TXT hints, and where it was seen.
///
/// Derived values (``id``, ``displayName``, ``tls`` …) are computed from the stored ones, so
/// they cannot disagree. ``json`` is the gateway object of spec/cli.md `browse`.
public struct DiscoveredGateway: Sendable, Hashable, Identifiable {
    /// The decoded instance name (`Studio (OpenClaw)`).
    public var instance: String
    /// The normalised domain (`local.`).
    public var domain: String
    /// The service type (`_openclaw-gw._tcp`).
    public var serviceType: String
    /// The SRV target: the only host name to connect through (TXT hosts are hints).
    public var host: String
    /// The SRV port.
    public var port: UInt16
    /// The SRV target's addresses as text, without duplicates; IPv6 link-local ones carry
    /// their zone (`fe80::1%eth0`), without which they cannot be connected to.
    public private(set) var addresses: [String]
    /// The interface the instance was seen on (mDNS), if known.
    public var interface: String?
    /// The TXT attributes (hints only).
    public var txt: GatewayTXT
    /// Where the gateway was seen, sorted (`mdns` before `unicast`), without duplicates.
    public private(set) var sources: [DiscoverySource]

    /// A gateway; the domain is normalised, addresses and sources deduplicated.
    public init(
        instance: String, domain: String, serviceType: String = GatewayService.type, host: String, port: UInt16,
        addresses: [String] = [], interface: String? = nil, txt: GatewayTXT = GatewayTXT(),
        sources: [DiscoverySource]
    ) {
        self.instance = instance
        self.domain = BrowseDomain.normalize(domain)
        self.serviceType = serviceType
        self.host = host
        self.port = port
        self.addresses = Self.unique(addresses)
        self.interface = interface
        self.txt = txt
        self.sources = Array(Set(sources)).sorted()
    }

    /// The stable id (``GatewayID/discovered(serviceType:domain:instanceName:)``).
    public var id: GatewayID { .discovered(serviceType: serviceType, domain: domain, instanceName: instance) }

    /// ``GatewayDisplayName/resolve(txt:instanceName:)``.
    public var displayName: String { GatewayDisplayName.resolve(txt: txt, instanceName: instance) }

    /// The TXT says the gateway serves TLS. A hint; the connection decides.
    public var tls: Bool { txt.gatewayTls }

    /// The TXT certificate fingerprint hint (64 lowercase hex). Never overrides a stored pin
    /// and never by itself a reason to trust a certificate (spec/routes-and-tls.md).
    public var tlsFingerprint: String? { txt.gatewayTlsSha256 }

    /// The TXT MagicDNS name hint.
    public var tailnetDns: String? { txt.tailnetDns }

    /// The TXT `lanHost` hint (mDNS only).
    public var lanHost: String? { txt.lanHost }

    /// Adds an address (text) unless it is already listed.
    public mutating func addAddress(_ address: String) {
        if !addresses.contains(address) { addresses.append(address) }
    }

    /// Adds an address, with `%interface` when it is IPv6 link-local.
    public mutating func addAddress(_ address: IPAddress, interface: String?) {
        addAddress(Self.addressText(address, interface: interface))
    }

    /// Marks the gateway as seen by `source` too.
    public mutating func addSource(_ source: DiscoverySource) {
        sources = Array(Set(sources + [source])).sorted()
    }

    /// The same gateway as reported by another source (or another interface): the union of
    /// addresses and sources. This gateway's SRV and TXT data win; the other's fill in what
    /// this one lacks (an interface, an empty TXT).
    public func merged(with other: DiscoveredGateway) -> DiscoveredGateway {
        var result = self
        for address in other.addresses { result.addAddress(address) }
        result.sources = Array(Set(sources + other.sources)).sorted()
        if result.interface == nil { result.interface = other.interface }
        if result.txt.entries.isEmpty { result.txt = other.txt }
        return result
    }

    /// An address as text for ``addresses``: RFC 5952 form, and `%interface` after an IPv6
    /// link-local address (fe80::/10) when the interface is known (RFC 4007 §11).
    public static func addressText(_ address: IPAddress, interface: String?) -> String {
        guard address.isIPv6LinkLocal, let interface, !interface.isEmpty else { return address.description }
        return address.description + "%" + interface
    }

    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
