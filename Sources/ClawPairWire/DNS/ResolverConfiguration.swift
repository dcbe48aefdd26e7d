/// The system resolver's settings from `/etc/resolv.conf` text (resolv.conf(5)), read the
/// way glibc reads them, without touching the file system.
///
/// Kept: `nameserver` (IPv4, or IPv6 with an optional `%zone`; the first
/// ``maximumNameservers``, as glibc), `search` and `domain` (the last of either wins, as in
/// glibc), and `options timeout:`, `attempts:`, `ndots:` (clamped to glibc's limits). Ignored,
/// never an error: comments (`#` or `;` at the start of a line or of a word), unknown
/// keywords and options, malformed addresses and numbers. The `LOCALDOMAIN` and
/// `RES_OPTIONS` environment overrides are not applied.
public struct ResolverConfiguration: Sendable, Hashable {
    /// The name servers, in file order.
    public var nameservers: [DNSServerAddress]
    /// The search list, each normalised (lowercase, trailing dot), without duplicates.
    public var searchDomains: [String]
    /// `options timeout:` — seconds before a query is sent again; glibc's default 5.
    public var timeoutSeconds: Int
    /// `options attempts:` — how many times each server is tried; glibc's default 2.
    public var attempts: Int
    /// `options ndots:` — dots a name needs to be tried as absolute first; glibc's default 1.
    public var ndots: Int

    /// glibc's `MAXNS`: later `nameserver` lines are ignored.
    public static let maximumNameservers = 3
    /// glibc's `RES_TIMEOUT`.
    public static let defaultTimeoutSeconds = 5
    /// glibc's `RES_MAXRETRANS`: larger `timeout:` values are cut to it.
    public static let maximumTimeoutSeconds = 30
    /// glibc's `RES_DFLRETRY`.
    public static let defaultAttempts = 2
    /// glibc's `RES_MAXRETRY`.
    public static let maximumAttempts = 5
    /// glibc's default `ndots`.
    public static let defaultNdots = 1
    /// glibc's `RES_MAXNDOTS`.
    public static let maximumNdots = 15

    /// A configuration from its parts; glibc's defaults for what is not given.
    public init(
        nameservers: [DNSServerAddress] = [], searchDomains: [String] = [],
        timeoutSeconds: Int = ResolverConfiguration.defaultTimeoutSeconds,
        attempts: Int = ResolverConfiguration.defaultAttempts, ndots: Int = ResolverConfiguration.defaultNdots
    ) {
        self.nameservers = nameservers
        self.searchDomains = searchDomains
        self.timeoutSeconds = timeoutSeconds
        self.attempts = attempts
        self.ndots = ndots
    }

    /// The servers to ask: ``nameservers``, or `127.0.0.1` when the file names none (what
    /// glibc does, for a resolver running on the machine).
    public var effectiveNameservers: [DNSServerAddress] {
        nameservers.isEmpty ? [DNSServerAddress(.v4([127, 0, 0, 1]))] : nameservers
    }

    /// Parses the text of a resolv.conf file. Never fails: what cannot be read is skipped.
    public init(parsing text: String) {
        self.init()
        // isNewline, not "\n": Swift reads CR LF as one Character, which equals neither.
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            // A word that starts with `#` or `;` starts a comment to the end of the line.
            let words = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let kept = words.prefix { !($0.hasPrefix("#") || $0.hasPrefix(";")) }
            guard let keyword = kept.first else { continue }
            let arguments = kept.dropFirst()
            switch keyword {
            case "nameserver":
                guard nameservers.count < Self.maximumNameservers, let first = arguments.first,
                    let server = DNSServerAddress(resolvConfAddress: first)
                else { continue }
                nameservers.append(server)
            case "domain":
                guard let first = arguments.first else { continue }
                searchDomains = Self.normalizedDomains([first])
            case "search":
                searchDomains = Self.normalizedDomains(Array(arguments))
            case "options":
                for option in arguments { apply(option: option) }
            default:
                continue
            }
        }
    }

    private mutating func apply(option: Substring) {
        guard let colon = option.firstIndex(of: ":") else { return }
        let name = option[..<colon]
        let valueText = option[option.index(after: colon)...]
        guard !valueText.isEmpty, valueText.utf8.count <= 6, valueText.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let value = Int(valueText)
        else { return }
        switch name {
        case "timeout": timeoutSeconds = min(max(value, 1), Self.maximumTimeoutSeconds)
        case "attempts": attempts = min(max(value, 1), Self.maximumAttempts)
        case "ndots": ndots = min(value, Self.maximumNdots)
        default: return
        }
    }

    private static func normalizedDomains(_ words: [Substring]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for word in words {
            let normalized = BrowseDomain.normalize(String(word))
            // `.` alone (the root) is a valid but useless search entry; skip it and junk.
            guard normalized != ".", (try? DNSName(normalized)) != nil, seen.insert(normalized).inserted else {
                continue
            }
            result.append(normalized)
        }
        return result
    }
}

// MARK: DNSServerAddress

/// A DNS server to ask: an IP address, a port, and for IPv6 an optional zone (the interface
/// of a link-local address).
///
/// Parsed from `--dns SERVER[:PORT]` (``init(parsing:)``) and from resolv.conf. Host names are
/// refused on purpose: naming the DNS server by a name would need DNS.
public struct DNSServerAddress: Sendable, Hashable {
    /// The server's IP address.
    public var address: IPAddress
    /// The server's port (53 unless given).
    public var port: UInt16
    /// The IPv6 zone as written (`eth0` or `2`); resolved to an interface by the client.
    public var zone: String?

    /// The DNS port (RFC 1035 §4.2).
    public static let defaultPort: UInt16 = 53

    /// A server from its parts; an empty zone counts as none.
    public init(_ address: IPAddress, port: UInt16 = DNSServerAddress.defaultPort, zone: String? = nil) {
        self.address = address
        self.port = port
        self.zone = zone.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Parses `--dns`: `192.0.2.53`, `192.0.2.53:5353`, `fd7a::53`, `fe80::1%eth0`,
    /// `[fd7a::53]`, `[fd7a::53]:5353`, `[fe80::1%eth0]:53`. An IPv6 address with a port needs
    /// brackets (RFC 3986 §3.2.2). Throws ``ClawPairError/Code/dnsServerInvalid``.
    public init(parsing text: String) throws(ClawPairError) {
        let trimmed = text.trimmingWhitespace()
        func invalid(_ why: String) -> ClawPairError {
            ClawPairError(
                .dnsServerInvalid, "\"\(text)\" is not a DNS server address: \(why)",
                remedy: "give an IP address with an optional port, e.g. 192.0.2.53, 192.0.2.53:5353 or [fd7a::53]:53")
        }
        var hostPart = Substring(trimmed)
        var portPart: Substring?
        if trimmed.hasPrefix("[") {
            guard let close = trimmed.firstIndex(of: "]") else { throw invalid("no closing bracket") }
            hostPart = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
            let rest = trimmed[trimmed.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { throw invalid("unexpected text after the bracket") }
                portPart = rest.dropFirst()
            }
        } else if trimmed.filter({ $0 == ":" }).count == 1, let colon = trimmed.firstIndex(of: ":") {
            hostPart = trimmed[..<colon]
            portPart = trimmed[trimmed.index(after: colon)...]
        }
        var zone: Substring?
        if let percent = hostPart.firstIndex(of: "%") {
            zone = hostPart[hostPart.index(after: percent)...]
            hostPart = hostPart[..<percent]
            guard let zone, !zone.isEmpty,
                !zone.contains(where: { $0 == "%" || $0 == "[" || $0 == "]" || $0.isWhitespace })
            else { throw invalid("an empty or malformed zone after %") }
        }
        guard !hostPart.isEmpty else { throw invalid("no address") }
        guard let address = IPAddress(hostPart) else {
            throw invalid("\"\(hostPart)\" is not an IPv4 or IPv6 address (host names cannot name a DNS server)")
        }
        if case .v4 = address {
            guard zone == nil else { throw invalid("an IPv4 address has no zone") }
            guard !trimmed.hasPrefix("[") else { throw invalid("brackets are for IPv6 addresses") }
        }
        var port = Self.defaultPort
        if let portPart {
            guard (1...5).contains(portPart.utf8.count), portPart.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let value = UInt16(portPart), value > 0
            else { throw invalid("the port must be 1–65535") }
            port = value
        }
        self.init(address, port: port, zone: zone.map(String.init))
    }

    /// A resolv.conf `nameserver` argument: an address, IPv6 with an optional `%zone`, no
    /// port (glibc has no port syntax there).
    init?(resolvConfAddress text: Substring) {
        var hostPart = text
        var zone: Substring?
        if let percent = text.firstIndex(of: "%") {
            hostPart = text[..<percent]
            zone = text[text.index(after: percent)...]
            guard let zone, !zone.isEmpty else { return nil }
        }
        guard let address = IPAddress(hostPart) else { return nil }
        if case .v4 = address, zone != nil { return nil }
        self.init(address, zone: zone.map(String.init))
    }
}

extension DNSServerAddress: CustomStringConvertible {
    /// `192.0.2.53:53`, `[fd7a::53]:53`, `[fe80::1%eth0]:53`.
    public var description: String {
        switch address {
        case .v4: "\(address):\(port)"
        case .v6: "[\(address)" + (zone.map { "%" + $0 } ?? "") + "]:\(port)"
        }
    }
}

extension ClawPairError.Code {
    /// A `--dns` value that is not an IP address with an optional port.
    public static let dnsServerInvalid = Self("DNS_SERVER_INVALID", .usage)
}
