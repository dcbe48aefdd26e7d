/// A resource record class (RFC 1035 §3.2.4), kept as the full 16 bits of the wire.
///
/// Multicast DNS reuses the top bit: in a record it is the cache-flush bit (RFC 6762 §10.2),
/// in a question the unicast-response bit (RFC 6762 §5.4). ``base`` removes it.
public struct DNSClass: RawRepresentable, Sendable, Hashable {
    /// The 16-bit CLASS value of the wire, top bit included.
    public let rawValue: UInt16

    /// Any class value.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The Internet class.
    public static let IN = Self(rawValue: 1)
    /// `*` in a question (RFC 1035 §3.2.5).
    public static let ANY = Self(rawValue: 255)

    /// The class without the mDNS top bit.
    public var base: DNSClass { DNSClass(rawValue: rawValue & 0x7FFF) }

    /// The mDNS top bit: cache-flush in a record, unicast-response in a question.
    public var topBit: Bool { rawValue & 0x8000 != 0 }

    /// This class with the mDNS top bit set or cleared.
    public func withTopBit(_ set: Bool) -> DNSClass {
        DNSClass(rawValue: set ? rawValue | 0x8000 : rawValue & 0x7FFF)
    }
}

extension DNSClass: CustomStringConvertible {
    public var description: String {
        switch rawValue {
        case 1: "IN"
        case 255: "ANY"
        default: "CLASS\(rawValue)"
        }
    }
}
