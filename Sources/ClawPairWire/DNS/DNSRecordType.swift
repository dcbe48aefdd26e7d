/// A resource record type (RFC 1035 §3.2.2 and later RFCs). Any 16-bit value is
/// representable, so unknown types survive a parse and re-encode (RFC 3597).
public struct DNSRecordType: RawRepresentable, Sendable, Hashable {
    /// The 16-bit TYPE value of the wire.
    public let rawValue: UInt16

    /// Any type value, known or not.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// An IPv4 address (RFC 1035).
    public static let A = Self(rawValue: 1)
    /// An authoritative name server.
    public static let NS = Self(rawValue: 2)
    /// The canonical name of an alias.
    public static let CNAME = Self(rawValue: 5)
    /// The start of a zone of authority.
    public static let SOA = Self(rawValue: 6)
    /// A domain name pointer; DNS-SD's service → instance link (RFC 6763 §4.1).
    public static let PTR = Self(rawValue: 12)
    /// Character-strings; DNS-SD's key/value attributes (RFC 6763 §6).
    public static let TXT = Self(rawValue: 16)
    /// RFC 3596.
    public static let AAAA = Self(rawValue: 28)
    /// RFC 2782.
    public static let SRV = Self(rawValue: 33)
    /// The EDNS(0) pseudo-record (RFC 6891).
    public static let OPT = Self(rawValue: 41)
    /// `*` in a question: every type (RFC 1035 §3.2.3).
    public static let ANY = Self(rawValue: 255)
}

extension DNSRecordType: CustomStringConvertible {
    private static let names: [UInt16: String] = [
        1: "A", 2: "NS", 5: "CNAME", 6: "SOA", 12: "PTR", 16: "TXT", 28: "AAAA", 33: "SRV", 41: "OPT", 255: "ANY",
    ]

    /// The mnemonic, or `TYPE<n>` for unknown types (RFC 3597 §5).
    public var description: String { Self.names[rawValue] ?? "TYPE\(rawValue)" }
}
