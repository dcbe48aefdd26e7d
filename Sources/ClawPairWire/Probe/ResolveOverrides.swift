/// `CLAWPAIR_RESOLVE`: fixed addresses for `host:port`, like curl's `--resolve`, so a probe
/// can be aimed at an address while keeping the name for SNI and `Host:`.
///
/// Syntax: `host:port:address[,…]`. Entries are separated by commas; as in curl, an item
/// that is only an address (`1.2.3.4`, `[fd00::1]`) adds an address to the entry before it,
/// so `gw:443:10.0.0.1,10.0.0.2` gives `gw:443` two addresses. IPv6 addresses go in
/// brackets (a bare one is accepted after the second colon, where it is unambiguous).
/// Parsing is pure; reading the environment is the caller's business.
public struct ResolveOverrides: Sendable, Hashable {
    /// The environment variable read by the CLI.
    public static let environmentVariable = "CLAWPAIR_RESOLVE"

    /// One `host:port` and its addresses, in the order written.
    public struct Entry: Sendable, Hashable {
        /// Lowercased, without a trailing dot.
        public let host: String
        public let port: Int
        public fileprivate(set) var addresses: [IPAddress]

        public init(host: String, port: Int, addresses: [IPAddress]) {
            self.host = ResolveOverrides.normalize(host)
            self.port = port
            self.addresses = addresses
        }
    }

    /// The entries, in the order written; a repeated `host:port` is merged into its first entry.
    public private(set) var entries: [Entry] = []

    /// No overrides.
    public init() {}

    public init(entries: [Entry]) {
        for entry in entries { add(entry) }
    }

    /// Parses the variable's value; an empty value means no overrides. Throws
    /// ``ClawPairError/Code/resolveOverrideInvalid`` naming the malformed entry.
    public init(parsing text: String) throws(ClawPairError) {
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = String(item).trimmingWhitespace()
            if item.isEmpty { continue }
            if let address = Self.parseAddress(Substring(item), bracketsRequired: false), !item.contains(":") || item.hasPrefix("[") {
                guard !entries.isEmpty else {
                    throw Self.invalid(item, "an address with no host:port before it (expected host:port:address)")
                }
                if !entries[entries.count - 1].addresses.contains(address) {
                    entries[entries.count - 1].addresses.append(address)
                }
                continue
            }
            add(try Self.parseEntry(item))
        }
    }

    /// The addresses for `host:port`, or nil when no entry names it.
    public func addresses(host: String, port: Int) -> [IPAddress]? {
        let host = Self.normalize(host)
        return entries.first { $0.host == host && $0.port == port }?.addresses
    }

    private mutating func add(_ entry: Entry) {
        if let index = entries.firstIndex(where: { $0.host == entry.host && $0.port == entry.port }) {
            for address in entry.addresses where !entries[index].addresses.contains(address) {
                entries[index].addresses.append(address)
            }
        } else {
            entries.append(entry)
        }
    }

    private static func parseEntry(_ item: String) throws(ClawPairError) -> Entry {
        let parts = item.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw invalid(item, "expected host:port:address") }
        let host = String(parts[0]).trimmingWhitespace()
        guard !host.isEmpty else { throw invalid(item, "the host is missing") }
        guard !host.hasPrefix("+"), !host.hasPrefix("-"), host != "*" else {
            throw invalid(item, "curl's +, - and * forms are not supported")
        }
        guard host.allSatisfy({ $0.isLetter || $0.isNumber || "-._".contains($0) }) else {
            throw invalid(item, "'\(host)' is not a host name")
        }
        let portText = parts[1]
        guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCIIDigit), let port = Int(portText),
            (1...65535).contains(port)
        else { throw invalid(item, "invalid port '\(portText)' (expected 1–65535)") }
        let addressText = parts[2]
        guard !addressText.isEmpty else { throw invalid(item, "the address is missing") }
        guard let address = parseAddress(addressText, bracketsRequired: false) else {
            if addressText.contains("%") {
                throw invalid(item, "IPv6 zones (%interface) are not supported here")
            }
            throw invalid(item, "'\(addressText)' is not an IPv4 address or a bracketed IPv6 address")
        }
        return Entry(host: host, port: port, addresses: [address])
    }

    private static func parseAddress(_ text: Substring, bracketsRequired: Bool) -> IPAddress? {
        if text.hasPrefix("[") {
            guard text.hasSuffix("]"), text.count > 2, let address = IPAddress(text.dropFirst().dropLast()),
                case .v6 = address
            else { return nil }
            return address
        }
        guard let address = IPAddress(text) else { return nil }
        if case .v6 = address, bracketsRequired { return nil }
        return address
    }

    private static func invalid(_ item: String, _ reason: String) -> ClawPairError {
        ClawPairError(
            .resolveOverrideInvalid, "\(environmentVariable) entry '\(item)': \(reason)",
            remedy: "write host:port:address, e.g. gateway.lan:18789:192.168.1.20 or gw:443:[fd00::1]")
    }

    fileprivate static func normalize(_ host: String) -> String {
        String(host.lowercased().droppingFinalDot())
    }
}

extension ClawPairError.Code {
    /// `CLAWPAIR_RESOLVE` has an entry that is not `host:port:address`.
    public static let resolveOverrideInvalid = Self("RESOLVE_OVERRIDE_INVALID", .usage)
}
