/// A DNS-SD browse domain, normalised: trimmed, lowercased, with the trailing dot (so
/// `local`, ` Local.` and `local.` are one domain, `local.`).
public struct BrowseDomain: Sendable, Hashable {
    /// The normalised text, e.g. `openclaw.internal.`.
    public let name: String
    /// The same domain as a wire name.
    public let dnsName: DNSName

    /// The mDNS domain.
    public static let local = BrowseDomain(validated: GatewayService.localDomain)

    private init(validated name: String) {
        self.name = name
        // Only called with names that already parsed.
        self.dnsName = (try? DNSName(name)) ?? .root
    }

    /// Normalises and checks a domain given by a user or the environment. Throws
    /// ``ClawPairError/Code/browseDomainInvalid`` for an empty domain, the root, an empty label
    /// (`a..b`) or one longer than DNS allows.
    public init(_ text: String) throws(ClawPairError) {
        let normalized = Self.normalize(text)
        let parsed: DNSName
        do {
            // Parse before the dot is added, so a trailing lone backslash is an error rather
            // than an escape of the added dot.
            parsed = try DNSName(text.trimmingWhitespace().lowercased())
        } catch {
            throw ClawPairError(.browseDomainInvalid, "\"\(text)\" is not a DNS domain: \(error.reason)")
        }
        guard !parsed.isRoot else {
            throw ClawPairError(.browseDomainInvalid, "\"\(text)\" is not a DNS domain", remedy: "use e.g. local. or openclaw.internal.")
        }
        self.name = normalized
        self.dnsName = parsed
    }

    /// The normalisation alone, for text that is not checked (trim, lowercase, trailing dot).
    /// An empty text stays empty.
    public static func normalize(_ text: String) -> String {
        let trimmed = text.trimmingWhitespace().lowercased()
        guard !trimmed.isEmpty else { return trimmed }
        // A final dot ends the name unless a backslash escapes it (`a\.` is one label "a.").
        let backslashes = trimmed.utf8.dropLast().reversed().prefix { $0 == UInt8(ascii: "\\") }.count
        if trimmed.endsWithDot, backslashes % 2 == 0 { return trimmed }
        return trimmed + "."
    }

    /// True for `local.` and names below it, which only mDNS answers (RFC 6762 §3).
    public var isMulticast: Bool { dnsName.isSubdomain(of: BrowseDomain.local.dnsName) }

    /// The name to browse for gateways: `_openclaw-gw._tcp.<domain>`.
    public var gatewayServiceName: DNSName {
        get throws(DNSWireError) { try DNSName(GatewayService.type).appending(dnsName) }
    }

    /// `b._dns-sd._udp.<domain>`, whose PTR records list the browse domains (RFC 6763 §11).
    public var browseDomainsQueryName: DNSName {
        get throws(DNSWireError) { try DNSName("b._dns-sd._udp").appending(dnsName) }
    }
}

extension BrowseDomain: CustomStringConvertible {
    public var description: String { name }
}
