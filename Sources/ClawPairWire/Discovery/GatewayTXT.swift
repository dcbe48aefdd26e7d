/// The TXT record of a gateway's DNS-SD instance, parsed by RFC 6763 §6 rules.
///
/// Every value is an unauthenticated hint (spec/discovery.md): connect only through the SRV
/// target and its addresses, and never let ``gatewayTlsSha256`` override a stored pin.
///
/// Rules: keys compare ignoring ASCII case and only the first occurrence of a key counts
/// (§6.4); a string without `=` is a key present with no value (§6.4), read as `true` by the
/// boolean accessors; typed accessors trim values and treat an empty value as absent.
public struct GatewayTXT: Sendable, Hashable {
    /// One attribute as received.
    public struct Entry: Sendable, Hashable {
        /// The key as written (printable ASCII).
        public let key: String
        /// The raw value bytes, or nil for a key written without `=`.
        public let value: [UInt8]?

        /// An entry; `value` nil for a key without `=`.
        public init(key: String, value: [UInt8]?) {
            self.key = key
            self.value = value
        }
    }

    /// The attributes kept, in record order, one per key.
    public let entries: [Entry]

    /// A character-string cannot be longer (RFC 1035 §3.3); longer input is not from the wire.
    public static let maxStringLength = 255
    /// Strings past this many bytes of record (length bytes included) are ignored. RFC 6763
    /// §6.2 suggests records stay under 1300 bytes and §6.3 notes 8900-byte mDNS packets; a
    /// gateway's record is a few hundred bytes, so 8 KiB only bounds hostile input.
    public static let maxTotalLength = 8192

    /// The empty record.
    public init() { entries = [] }

    /// Parses the character-strings of a TXT record.
    public init(strings: [[UInt8]]) {
        var entries: [Entry] = []
        var seen = Set<String>()
        var total = 0
        for string in strings {
            total += 1 + string.count
            guard total <= Self.maxTotalLength else { break }
            guard string.count <= Self.maxStringLength, let entry = Self.entry(string) else { continue }
            // §6.4: "silently ignore all but the first occurrence of that attribute".
            guard seen.insert(entry.key.lowercased()).inserted else { continue }
            entries.append(entry)
        }
        self.entries = entries
    }

    /// Builds a record from key/value pairs (for advertising): each pair becomes `key=value`.
    public init(pairs: [(String, String)]) {
        self.init(strings: pairs.map { Array(($0.0 + "=" + $0.1).utf8) })
    }

    /// One string as an entry; nil when §6.4 says to ignore it: empty, starting with `=`, or
    /// a key with bytes outside printable ASCII.
    private static func entry(_ string: [UInt8]) -> Entry? {
        let equals = string.firstIndex(of: UInt8(ascii: "="))
        let keyBytes = string[..<(equals ?? string.endIndex)]
        guard !keyBytes.isEmpty, keyBytes.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        let value = equals.map { Array(string[($0 + 1)...]) }
        return Entry(key: String(decoding: keyBytes, as: UTF8.self), value: value)
    }

    /// The record in wire form, one `key=value` (or bare `key`) string per entry. RFC 6763
    /// §6.1: an empty record is one empty string.
    public var strings: [[UInt8]] {
        guard !entries.isEmpty else { return [[]] }
        return entries.map { entry in
            Array(entry.key.utf8) + (entry.value.map { [UInt8(ascii: "=")] + $0 } ?? [])
        }
    }

    // MARK: Lookup

    /// The entry for `key`, ignoring ASCII case.
    public func entry(forKey key: String) -> Entry? {
        let wanted = key.lowercased()
        return entries.first { $0.key.lowercased() == wanted }
    }

    /// The trimmed value of `key` as UTF-8 (invalid bytes replaced); nil when the key is
    /// absent, has no value, or the value is empty after trimming.
    public subscript(key: String) -> String? {
        guard let value = entry(forKey: key)?.value else { return nil }
        let text = String(decoding: value, as: UTF8.self).trimmingWhitespace()
        return text.isEmpty ? nil : text
    }

    /// True for `1`, `true` or `yes` in any case, and for a key written without `=`.
    public func bool(_ key: String) -> Bool {
        guard let entry = entry(forKey: key) else { return false }
        guard entry.value != nil else { return true }
        return ["1", "true", "yes"].contains(self[key]?.lowercased() ?? "")
    }

    /// A port number 1–65535 in decimal; nil for anything else.
    public func port(_ key: String) -> UInt16? {
        guard let text = self[key], text.utf8.count <= 5, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let value = UInt16(text), value > 0
        else { return nil }
        return value
    }

    // MARK: Gateway keys (spec/discovery.md)

    /// `gateway` on a gateway.
    public var role: String? { self["role"] }
    /// `gateway` on a gateway.
    public var transport: String? { self["transport"] }
    /// The gateway's WebSocket/HTTP port.
    public var gatewayPort: UInt16? { port("gatewayPort") }
    /// The instance name without ` (OpenClaw)`.
    public var displayName: String? { self["displayName"] }
    /// `<hostname>.local` (mDNS only). A hint: never a route by itself.
    public var lanHost: String? { self["lanHost"] }
    /// The gateway serves TLS.
    public var gatewayTls: Bool { bool("gatewayTls") }
    /// The leaf certificate's SHA-256 as 64 lowercase hex digits; nil when absent or malformed.
    public var gatewayTlsSha256: String? { self["gatewayTlsSha256"].flatMap(TLSFingerprint.normalize) }
    /// Newer gateways say they accept direct connections.
    public var gatewayDirectReachable: Bool { bool("gatewayDirectReachable") }
    /// The canvas port, when the canvas is enabled.
    public var canvasPort: UInt16? { port("canvasPort") }
    /// The MagicDNS name ("full" mode only).
    public var tailnetDns: String? { self["tailnetDns"] }
    /// The SSH port ("full" mode only).
    public var sshPort: UInt16? { port("sshPort") }
    /// The path of the gateway CLI ("full" mode only).
    public var cliPath: String? { self["cliPath"] }

    // MARK: Output

    /// Raw key → value, values decoded as UTF-8 with invalid bytes replaced and not trimmed;
    /// a key without `=` maps to `""`.
    public var rawPairs: [(key: String, value: String)] {
        entries.map { ($0.key, $0.value.map { String(decoding: $0, as: UTF8.self) } ?? "") }
    }
}
