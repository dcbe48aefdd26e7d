/// The 4-bit response code of a message header (RFC 1035 §4.1.1).
public struct DNSResponseCode: RawRepresentable, Sendable, Hashable {
    /// The response code, 0–15.
    public let rawValue: UInt8

    /// Keeps the low 4 bits, all a header can hold (EDNS extends it in the OPT record).
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x0F }

    /// Success (possibly with no records: NODATA).
    public static let noError = Self(rawValue: 0)
    /// The server could not read the query.
    public static let formatError = Self(rawValue: 1)
    /// The server failed to answer (SERVFAIL).
    public static let serverFailure = Self(rawValue: 2)
    /// The name does not exist (RFC 1035 "Name Error"; RFC 8020: nothing exists below it either).
    public static let nxDomain = Self(rawValue: 3)
    /// The server does not support the kind of query.
    public static let notImplemented = Self(rawValue: 4)
    /// The server will not answer (policy, or a name outside its zones).
    public static let refused = Self(rawValue: 5)
}

extension DNSResponseCode: CustomStringConvertible {
    public var description: String {
        switch rawValue {
        case 0: "NOERROR"
        case 1: "FORMERR"
        case 2: "SERVFAIL"
        case 3: "NXDOMAIN"
        case 4: "NOTIMP"
        case 5: "REFUSED"
        default: "RCODE\(rawValue)"
        }
    }
}
