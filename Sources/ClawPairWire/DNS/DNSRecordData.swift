/// The typed data of a resource record. Types this module does not know stay as their raw
/// bytes in ``unknown(_:_:)`` (RFC 3597), so nothing a server sends is dropped.
public enum DNSRecordData: Sendable, Hashable {
    /// An IPv4 address (RFC 1035 §3.4.1). Holds an ``IPAddress/v4(_:)``.
    case a(IPAddress)
    /// An IPv6 address (RFC 3596 §2.2). Holds an ``IPAddress/v6(_:)``.
    case aaaa(IPAddress)
    /// A domain name pointer (RFC 1035 §3.3.12); in DNS-SD, one service instance (RFC 6763 §4.1).
    case ptr(DNSName)
    case ns(DNSName)
    case cname(DNSName)
    /// Where a service runs (RFC 2782); in DNS-SD the target host and port of an instance.
    case srv(priority: UInt16, weight: UInt16, port: UInt16, target: DNSName)
    /// Character-strings as raw bytes, at most 255 each (RFC 1035 §3.3.14, RFC 6763 §6).
    case txt([[UInt8]])
    /// The start of a zone of authority; its ``SOA/minimum`` bounds negative caching.
    case soa(SOA)
    /// Data of any other type, kept as bytes (RFC 3597 §3). Parsing never produces this for
    /// a type listed above.
    case unknown(DNSRecordType, [UInt8])

    /// The SOA record data (RFC 1035 §3.3.13).
    public struct SOA: Sendable, Hashable {
        /// The primary name server.
        public var mname: DNSName
        /// The mailbox of the person responsible, as a name.
        public var rname: DNSName
        /// The zone's version number.
        public var serial: UInt32
        /// Seconds between secondary refreshes.
        public var refresh: UInt32
        /// Seconds before a failed refresh is retried.
        public var retry: UInt32
        /// Seconds after which a secondary stops answering without a refresh.
        public var expire: UInt32
        /// The TTL of negative answers from this zone (RFC 2308 §4 redefines the field so).
        public var minimum: UInt32

        /// SOA data with every field given.
        public init(
            mname: DNSName, rname: DNSName, serial: UInt32, refresh: UInt32, retry: UInt32, expire: UInt32,
            minimum: UInt32
        ) {
            self.mname = mname
            self.rname = rname
            self.serial = serial
            self.refresh = refresh
            self.retry = retry
            self.expire = expire
            self.minimum = minimum
        }
    }

    /// The record type this data belongs to.
    public var type: DNSRecordType {
        switch self {
        case .a: .A
        case .aaaa: .AAAA
        case .ptr: .PTR
        case .ns: .NS
        case .cname: .CNAME
        case .srv: .SRV
        case .txt: .TXT
        case .soa: .SOA
        case .unknown(let type, _): type
        }
    }
}

// MARK: Wire form

extension DNSRecordData {
    /// Reads record data of `type` from a cursor limited to exactly the record's RDLENGTH.
    /// Data that ends before the window does, or needs more than it, is an error: the length
    /// field and the content must agree.
    static func parse(type: DNSRecordType, from rdata: inout ByteCursor) throws(DNSWireError) -> DNSRecordData {
        let start = rdata.offset
        let data: DNSRecordData
        switch type {
        case .A:
            try expectLength(4, of: rdata, type: type)
            data = .a(.v4(try rdata.dnsBytes(4, "A address")))
        case .AAAA:
            try expectLength(16, of: rdata, type: type)
            data = .aaaa(.v6(try rdata.dnsBytes(16, "AAAA address")))
        case .PTR:
            data = .ptr(try DNSName.parse(&rdata))
        case .NS:
            data = .ns(try DNSName.parse(&rdata))
        case .CNAME:
            data = .cname(try DNSName.parse(&rdata))
        case .SRV:
            let priority = try rdata.dnsUInt16("SRV priority")
            let weight = try rdata.dnsUInt16("SRV weight")
            let port = try rdata.dnsUInt16("SRV port")
            data = .srv(priority: priority, weight: weight, port: port, target: try DNSName.parse(&rdata))
        case .TXT:
            var strings: [[UInt8]] = []
            while !rdata.isAtEnd {
                let length = try rdata.dnsUInt8("TXT string length")
                strings.append(try rdata.dnsBytes(Int(length), "TXT string"))
            }
            data = .txt(strings)
        case .SOA:
            let mname = try DNSName.parse(&rdata)
            let rname = try DNSName.parse(&rdata)
            data = .soa(
                SOA(
                    mname: mname, rname: rname, serial: try rdata.dnsUInt32("SOA serial"),
                    refresh: try rdata.dnsUInt32("SOA refresh"), retry: try rdata.dnsUInt32("SOA retry"),
                    expire: try rdata.dnsUInt32("SOA expire"), minimum: try rdata.dnsUInt32("SOA minimum")))
        default:
            data = .unknown(type, rdata.readRemaining())
        }
        guard rdata.isAtEnd else {
            throw DNSWireError(
                .rdataLengthMismatch,
                "\(type) data is \(rdata.offset - start) bytes but RDLENGTH says \(rdata.end - start)",
                offset: rdata.offset)
        }
        return data
    }

    private static func expectLength(_ length: Int, of rdata: ByteCursor, type: DNSRecordType) throws(DNSWireError) {
        guard rdata.remaining == length else {
            throw DNSWireError(
                .rdataLengthMismatch, "\(type) data must be \(length) bytes, RDLENGTH says \(rdata.remaining)",
                offset: rdata.offset)
        }
    }

    /// Writes the data (without RDLENGTH). Names of the RFC 1035 types are compressed; an SRV
    /// target is not ("name compression is not to be used for this field", RFC 2782), nor are
    /// names in types unknown to a reader (RFC 3597 §4). What the wire cannot carry is cut: a
    /// TXT string at 255 bytes, the data at 65535 bytes.
    func write(to writer: inout DNSMessageWriter) {
        switch self {
        case .a(let address), .aaaa(let address):
            writer.writeBytes(address.bytes)
        case .ptr(let name), .ns(let name), .cname(let name):
            writer.writeName(name, compress: true)
        case .srv(let priority, let weight, let port, let target):
            writer.writeUInt16(priority)
            writer.writeUInt16(weight)
            writer.writeUInt16(port)
            writer.writeName(target, compress: false)
        case .txt(let strings):
            var total = 0
            for string in strings {
                let cut = string.prefix(255)
                guard total + 1 + cut.count <= Int(UInt16.max) else { break }
                total += 1 + cut.count
                writer.writeUInt8(UInt8(cut.count))
                writer.writeBytes(Array(cut))
            }
        case .soa(let soa):
            writer.writeName(soa.mname, compress: true)
            writer.writeName(soa.rname, compress: true)
            for value in [soa.serial, soa.refresh, soa.retry, soa.expire, soa.minimum] { writer.writeUInt32(value) }
        case .unknown(_, let bytes):
            writer.writeBytes(Array(bytes.prefix(Int(UInt16.max))))
        }
    }
}

extension DNSRecordData: CustomStringConvertible {
    /// Zone-file style data (`0 0 18789 studio.local.`, `"role=gateway"`, `\# 3 010203`).
    public var description: String {
        switch self {
        case .a(let address), .aaaa(let address): return address.description
        case .ptr(let name), .ns(let name), .cname(let name): return name.description
        case .srv(let priority, let weight, let port, let target): return "\(priority) \(weight) \(port) \(target)"
        case .txt(let strings):
            return strings.map { "\"" + Self.quoted($0) + "\"" }.joined(separator: " ")
        case .soa(let soa):
            return "\(soa.mname) \(soa.rname) \(soa.serial) \(soa.refresh) \(soa.retry) \(soa.expire) \(soa.minimum)"
        case .unknown(_, let bytes):
            // RFC 3597 §5 generic form.
            let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            return "\\# \(bytes.count)" + (hex.isEmpty ? "" : " " + hex)
        }
    }

    private static func quoted(_ bytes: [UInt8]) -> String {
        var output = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output += "\\" + String(UnicodeScalar(byte))
            case 0x20...0x7E: output.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let digits = String(byte)
                output += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
            }
        }
        return output
    }
}
