/// One entry of a message's question section (RFC 1035 §4.1.2).
public struct DNSQuestion: Sendable, Hashable {
    /// The name asked about.
    public var name: DNSName
    /// The type asked for (`.ANY` for all).
    public var type: DNSRecordType
    /// The class with all 16 bits, including the mDNS unicast-response bit.
    public var questionClass: DNSClass

    /// A question in class IN unless told otherwise.
    public init(name: DNSName, type: DNSRecordType, questionClass: DNSClass = .IN) {
        self.name = name
        self.type = type
        self.questionClass = questionClass
    }

    /// mDNS: the asker would accept a unicast reply (the "QU" bit, RFC 6762 §5.4).
    public var unicastResponse: Bool { questionClass.topBit }
}

extension DNSQuestion: CustomStringConvertible {
    public var description: String { "\(name) \(questionClass.base) \(type)" }
}

// MARK: Wire form

extension DNSQuestion {
    /// A root name (1 byte), type and class (4 bytes).
    static let minimumWireLength = 5

    static func parse(_ cursor: inout ByteCursor) throws(DNSWireError) -> DNSQuestion {
        let name = try DNSName.parse(&cursor)
        let type = DNSRecordType(rawValue: try cursor.dnsUInt16("question type"))
        let questionClass = DNSClass(rawValue: try cursor.dnsUInt16("question class"))
        return DNSQuestion(name: name, type: type, questionClass: questionClass)
    }

    func write(to writer: inout DNSMessageWriter) {
        writer.writeName(name, compress: true)
        writer.writeUInt16(type.rawValue)
        writer.writeUInt16(questionClass.rawValue)
    }
}
