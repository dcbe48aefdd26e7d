/// One resource record (RFC 1035 §4.1.3): owner name, class, TTL and typed data. The type
/// is the data's type, so the two cannot disagree.
public struct DNSResourceRecord: Sendable, Hashable {
    /// The owner name.
    public var name: DNSName
    /// The class with all 16 bits, including the mDNS cache-flush bit.
    public var recordClass: DNSClass
    /// Seconds the record may be cached, as sent (RFC 2181 §8 says to treat values with the
    /// top bit set as 0; callers that cache do that).
    public var ttl: UInt32
    /// The typed record data; its type is the record's type.
    public var data: DNSRecordData

    /// A record in class IN unless told otherwise.
    public init(name: DNSName, recordClass: DNSClass = .IN, ttl: UInt32, data: DNSRecordData) {
        self.name = name
        self.recordClass = recordClass
        self.ttl = ttl
        self.data = data
    }

    /// The record type, from the data.
    public var type: DNSRecordType { data.type }

    /// mDNS: the record replaces every cached record of its name, type and class
    /// (RFC 6762 §10.2).
    public var cacheFlush: Bool { recordClass.topBit }

    /// An EDNS(0) OPT pseudo-record advertising the UDP payload size this side can receive
    /// (RFC 6891 §6.1.2: the size goes in the class field; the root owner name is required).
    public static func edns(udpPayloadSize: UInt16) -> DNSResourceRecord {
        DNSResourceRecord(name: .root, recordClass: DNSClass(rawValue: udpPayloadSize), ttl: 0, data: .unknown(.OPT, []))
    }
}

extension DNSResourceRecord: CustomStringConvertible {
    /// Zone-file style: `studio.local. 120 IN A 192.168.1.20`.
    public var description: String { "\(name) \(ttl) \(recordClass.base) \(type) \(data)" }
}

// MARK: Wire form

extension DNSResourceRecord {
    /// The smallest record: a root owner name (1 byte), type, class, TTL, RDLENGTH (10 bytes).
    static let minimumWireLength = 11

    static func parse(_ cursor: inout ByteCursor) throws(DNSWireError) -> DNSResourceRecord {
        let name = try DNSName.parse(&cursor)
        let type = DNSRecordType(rawValue: try cursor.dnsUInt16("record type"))
        let recordClass = DNSClass(rawValue: try cursor.dnsUInt16("record class"))
        let ttl = try cursor.dnsUInt32("record TTL")
        let length = Int(try cursor.dnsUInt16("RDLENGTH"))
        // Never trust a length field: the window must fit in what is left of the message.
        var rdata = try cursor.dnsLimited(to: length, "\(type) record data")
        let data = try DNSRecordData.parse(type: type, from: &rdata)
        try cursor.dnsSkip(length, "\(type) record data")
        return DNSResourceRecord(name: name, recordClass: recordClass, ttl: ttl, data: data)
    }

    /// Labels in the owner name and the names in the data: what decoding it built.
    var labelCount: Int {
        let dataLabels: Int
        switch data {
        case .ptr(let target), .ns(let target), .cname(let target), .srv(_, _, _, let target): dataLabels = target.labels.count
        case .soa(let soa): dataLabels = soa.mname.labels.count + soa.rname.labels.count
        default: dataLabels = 0
        }
        return name.labels.count + dataLabels
    }

    func write(to writer: inout DNSMessageWriter) {
        writer.writeName(name, compress: true)
        writer.writeUInt16(type.rawValue)
        writer.writeUInt16(recordClass.rawValue)
        writer.writeUInt32(ttl)
        let lengthOffset = writer.count
        writer.writeUInt16(0)
        data.write(to: &writer)
        // Only TXT and unknown data can grow past 65535 bytes, and those cut themselves there.
        writer.patchUInt16(UInt16(clamping: writer.count - lengthOffset - 2), at: lengthOffset)
    }
}
