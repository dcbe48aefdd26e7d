/// A DNS message (RFC 1035 §4.1): header, question and three record sections.
///
/// Parsing is safe on hostile input: every length and count is checked against the bytes
/// present before anything is read or allocated, compression pointers may only point
/// backwards, and every failure is a ``DNSWireError`` naming the field and offset.
public struct DNSMessage: Sendable, Hashable {
    /// Matches a response to its query (RFC 1035 §4.1.1); 0 in mDNS (RFC 6762 §18.1).
    public var id: UInt16
    /// QR: a response, not a query.
    public var isResponse: Bool
    /// The kind of query; `.query` for everything here.
    public var opcode: DNSOpcode
    /// AA: the answer comes from an authority for the name.
    public var isAuthoritative: Bool
    /// TC: the message was cut to fit the transport; ask again over TCP (RFC 7766).
    public var isTruncated: Bool
    /// RD: the asker wants the server to recurse.
    public var recursionDesired: Bool
    /// RA: the server can recurse.
    public var recursionAvailable: Bool
    /// AD: the server validated the data with DNSSEC (RFC 4035 §3.2.3).
    public var authenticData: Bool
    /// CD: the asker does not want DNSSEC checking (RFC 4035 §3.2.2).
    public var checkingDisabled: Bool
    /// RCODE: `.noError`, `.nxDomain`, `.serverFailure` …
    public var responseCode: DNSResponseCode
    /// The question section (one question in practice; mDNS may ask several).
    public var questions: [DNSQuestion]
    /// Records that answer the question.
    public var answers: [DNSResourceRecord]
    /// The authority section: the SOA of a negative answer, NS records.
    public var authorities: [DNSResourceRecord]
    /// Records the server adds to save a query (SRV, TXT, addresses; RFC 6763 §12) and OPT.
    public var additionals: [DNSResourceRecord]

    /// A message; every field defaults to an empty query.
    public init(
        id: UInt16 = 0, isResponse: Bool = false, opcode: DNSOpcode = .query, isAuthoritative: Bool = false,
        isTruncated: Bool = false, recursionDesired: Bool = false, recursionAvailable: Bool = false,
        authenticData: Bool = false, checkingDisabled: Bool = false, responseCode: DNSResponseCode = .noError,
        questions: [DNSQuestion] = [], answers: [DNSResourceRecord] = [], authorities: [DNSResourceRecord] = [],
        additionals: [DNSResourceRecord] = []
    ) {
        self.id = id
        self.isResponse = isResponse
        self.opcode = opcode
        self.isAuthoritative = isAuthoritative
        self.isTruncated = isTruncated
        self.recursionDesired = recursionDesired
        self.recursionAvailable = recursionAvailable
        self.authenticData = authenticData
        self.checkingDisabled = checkingDisabled
        self.responseCode = responseCode
        self.questions = questions
        self.answers = answers
        self.authorities = authorities
        self.additionals = additionals
    }

    /// A standard query for one name and type.
    public static func query(
        id: UInt16, name: DNSName, type: DNSRecordType, recursionDesired: Bool = true
    ) -> DNSMessage {
        DNSMessage(id: id, recursionDesired: recursionDesired, questions: [DNSQuestion(name: name, type: type)])
    }

    /// The header is 12 bytes (RFC 1035 §4.1.1).
    public static let headerLength = 12
}

// MARK: Reading the sections

extension DNSMessage {
    /// Records of every section, answers first.
    public var allRecords: [DNSResourceRecord] { answers + authorities + additionals }

    /// Records of `type` owned by `name`, from every section (DNS-SD servers put SRV, TXT and
    /// addresses in the additional section, RFC 6763 §12).
    public func records(named name: DNSName, type: DNSRecordType) -> [DNSResourceRecord] {
        allRecords.filter { $0.type == type && $0.name == name }
    }

    /// How long a negative answer may be cached: the smaller of the authority SOA's TTL and
    /// its MINIMUM field (RFC 2308 §5); nil without an SOA.
    public var negativeCacheTTL: UInt32? {
        for record in authorities {
            if case .soa(let soa) = record.data { return min(record.ttl, soa.minimum) }
        }
        return nil
    }

    /// The UDP payload size the sender accepts, from its OPT record (RFC 6891 §6.1.2).
    public var ednsUDPPayloadSize: UInt16? {
        additionals.first { $0.type == .OPT }.map { $0.recordClass.rawValue }
    }
}

// MARK: Wire form

/// The labels a message's names may add up to (``DNSMessage/init(parsing:)``).
private struct LabelBudget {
    let limit: Int
    private var spent = 0

    init(limit: Int) { self.limit = limit }

    mutating func spend(_ labels: Int, at offset: Int) throws(DNSWireError) {
        spent += labels
        guard spent <= limit else {
            throw DNSWireError(
                .tooManyLabels, "names add up to more than \(limit) labels, one per byte of the message (compression pointers reused)",
                offset: offset)
        }
    }
}

extension DNSMessage {
    /// Parses a message. A message with the TC bit set may end early (RFC 2181 §9): the
    /// records read before the cut are kept and the rest ignored. Bytes after the last
    /// record are ignored.
    public init(parsing bytes: [UInt8]) throws(DNSWireError) {
        var cursor = ByteCursor(bytes)
        let id = try cursor.dnsUInt16("header ID")
        let flags = try cursor.dnsUInt16("header flags")
        let questionCount = Int(try cursor.dnsUInt16("QDCOUNT"))
        let answerCount = Int(try cursor.dnsUInt16("ANCOUNT"))
        let authorityCount = Int(try cursor.dnsUInt16("NSCOUNT"))
        let additionalCount = Int(try cursor.dnsUInt16("ARCOUNT"))
        self.init(
            id: id, isResponse: flags & 0x8000 != 0, opcode: DNSOpcode(rawValue: UInt8(flags >> 11 & 0x0F)),
            isAuthoritative: flags & 0x0400 != 0, isTruncated: flags & 0x0200 != 0,
            recursionDesired: flags & 0x0100 != 0, recursionAvailable: flags & 0x0080 != 0,
            authenticData: flags & 0x0020 != 0, checkingDisabled: flags & 0x0010 != 0,
            responseCode: DNSResponseCode(rawValue: UInt8(flags & 0x0F)))

        // Never trust a count: a 12-byte header may claim 65535 records of each kind. Each
        // needs a minimum number of bytes, so refuse at once what cannot fit, and never reserve
        // storage by the claimed count.
        let recordCount = answerCount + authorityCount + additionalCount
        let needed = questionCount * DNSQuestion.minimumWireLength + recordCount * DNSResourceRecord.minimumWireLength
        if needed > cursor.remaining, !isTruncated {
            throw DNSWireError(
                .countsExceedMessage,
                "header claims \(questionCount) questions and \(recordCount) records, needing at least \(needed) bytes; \(cursor.remaining) left",
                offset: 4)
        }

        // A 2-byte compression pointer can stand for a 127-label name, so a 64 KiB message
        // could make us build over a million labels (a decompression bomb: 10 s and 700 MB in
        // the fuzz target). Real messages hold fewer labels than bytes; refuse more. Each name
        // costs at most 127 labels before the check, so the work stays linear in the message.
        var labelBudget = LabelBudget(limit: bytes.count)
        func read(_ count: Int, into records: inout [DNSResourceRecord]) throws(DNSWireError) {
            for _ in 0..<count {
                let record = try DNSResourceRecord.parse(&cursor)
                try labelBudget.spend(record.labelCount, at: cursor.offset)
                records.append(record)
            }
        }
        do {
            for _ in 0..<questionCount {
                let question = try DNSQuestion.parse(&cursor)
                try labelBudget.spend(question.name.labels.count, at: cursor.offset)
                questions.append(question)
            }
            try read(answerCount, into: &answers)
            try read(authorityCount, into: &authorities)
            try read(additionalCount, into: &additionals)
        } catch where error.code == .truncated && isTruncated {
            // A truncated message is a hint to retry over TCP; what arrived whole is still valid.
        }
    }

    /// The message in wire form, names compressed. Counts above 65535 are cut to 65535
    /// entries; see ``DNSRecordData`` for the data that is cut.
    public func encoded() -> [UInt8] {
        var writer = DNSMessageWriter()
        writer.writeUInt16(id)
        var flags = UInt16(opcode.rawValue) << 11 | UInt16(responseCode.rawValue)
        if isResponse { flags |= 0x8000 }
        if isAuthoritative { flags |= 0x0400 }
        if isTruncated { flags |= 0x0200 }
        if recursionDesired { flags |= 0x0100 }
        if recursionAvailable { flags |= 0x0080 }
        if authenticData { flags |= 0x0020 }
        if checkingDisabled { flags |= 0x0010 }
        writer.writeUInt16(flags)
        let limit = Int(UInt16.max)
        for count in [questions.count, answers.count, authorities.count, additionals.count] {
            writer.writeUInt16(UInt16(min(count, limit)))
        }
        for question in questions.prefix(limit) { question.write(to: &writer) }
        for section in [answers, authorities, additionals] {
            for record in section.prefix(limit) { record.write(to: &writer) }
        }
        return writer.bytes
    }
}

extension DNSMessage: CustomStringConvertible {
    /// A dig-like multi-line dump, for logs and test failures.
    public var description: String {
        var flagNames: [String] = []
        if isResponse { flagNames.append("qr") }
        if isAuthoritative { flagNames.append("aa") }
        if isTruncated { flagNames.append("tc") }
        if recursionDesired { flagNames.append("rd") }
        if recursionAvailable { flagNames.append("ra") }
        if authenticData { flagNames.append("ad") }
        if checkingDisabled { flagNames.append("cd") }
        var lines = ["opcode: \(opcode), status: \(responseCode), id: \(id), flags: \(flagNames.joined(separator: " "))"]
        for (title, entries) in [
            ("QUESTION", questions.map(\.description)), ("ANSWER", answers.map(\.description)),
            ("AUTHORITY", authorities.map(\.description)), ("ADDITIONAL", additionals.map(\.description)),
        ] where !entries.isEmpty {
            lines.append(";; \(title)")
            lines += entries
        }
        return lines.joined(separator: "\n")
    }
}

// MARK: Answering (test servers, the simulated gateway)

extension DNSMessage {
    /// An empty response to this query: same id, opcode, questions and RD bit, QR set.
    public func response(
        responseCode: DNSResponseCode = .noError, isAuthoritative: Bool = true, answers: [DNSResourceRecord] = [],
        authorities: [DNSResourceRecord] = [], additionals: [DNSResourceRecord] = []
    ) -> DNSMessage {
        DNSMessage(
            id: id, isResponse: true, opcode: opcode, isAuthoritative: isAuthoritative,
            recursionDesired: recursionDesired, responseCode: responseCode, questions: questions, answers: answers,
            authorities: authorities, additionals: additionals)
    }
}
