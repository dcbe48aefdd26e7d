/// The kind of query in a message header (RFC 1035 §4.1.1), 4 bits.
public struct DNSOpcode: RawRepresentable, Sendable, Hashable {
    /// The opcode, 0–15.
    public let rawValue: UInt8

    /// Keeps the low 4 bits, all a header can hold.
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x0F }

    /// A standard query.
    public static let query = Self(rawValue: 0)
    /// A server status request.
    public static let status = Self(rawValue: 2)
    /// RFC 1996.
    public static let notify = Self(rawValue: 4)
    /// RFC 2136.
    public static let update = Self(rawValue: 5)
}

extension DNSOpcode: CustomStringConvertible {
    public var description: String {
        switch rawValue {
        case 0: "QUERY"
        case 2: "STATUS"
        case 4: "NOTIFY"
        case 5: "UPDATE"
        default: "OPCODE\(rawValue)"
        }
    }
}
