/// A DNS server's answer to one query: `NOERROR` (records, or none of the asked type) or
/// `NXDOMAIN` (the name does not exist). Both are answers, not errors; a server that failed
/// to answer makes ``UnicastDNSClient`` throw ``UnicastDNSError`` instead.
public struct UnicastDNSResponse: Sendable {
    /// How the answer arrived.
    public enum Transport: String, Sendable, Hashable {
        case udp
        /// After a truncated UDP reply (RFC 7766 §5).
        case tcp
    }

    /// What was asked.
    public let question: DNSQuestion
    /// The whole reply, for the records a caller may want beyond the answer (DNS-SD servers
    /// put SRV, TXT and addresses in the additional section, RFC 6763 §12).
    public let message: DNSMessage
    /// The server that answered.
    public let server: DNSServerAddress
    /// UDP, or TCP after a truncated UDP reply.
    public let transport: Transport
    /// From the first transmission to the accepted reply, across servers.
    public let elapsed: Duration

    public init(
        question: DNSQuestion, message: DNSMessage, server: DNSServerAddress, transport: Transport, elapsed: Duration
    ) {
        self.question = question
        self.message = message
        self.server = server
        self.transport = transport
        self.elapsed = elapsed
    }

    /// The name does not exist (RCODE 3); nothing below it exists either (RFC 8020).
    public var isNXDomain: Bool { message.responseCode == .nxDomain }

    /// The most CNAMEs followed from the question's name to its records. Real zones use one
    /// or two; a longer chain in one reply is a loop or an attack.
    public static let maximumCNAMEChain = 8

    /// The answer records of the question's type, owned by the question's name or by the
    /// end of a CNAME chain that starts there (RFC 1034 §3.6.2), in reply order. Records in
    /// the answer section for other names or types are not part of the answer.
    public var answers: [DNSResourceRecord] {
        var owner = question.name
        var visited: Set<DNSName> = [owner]
        for _ in 0...Self.maximumCNAMEChain {
            let direct = message.answers.filter { $0.name == owner && $0.type == question.type }
            if !direct.isEmpty || question.type == .CNAME { return direct }
            guard let alias = message.answers.first(where: { $0.name == owner && $0.type == .CNAME }),
                case .cname(let target) = alias.data, visited.insert(target).inserted
            else { return [] }
            owner = target
        }
        return []
    }

    /// How long this answer may be cached, in seconds: the smallest TTL of ``answers``, or
    /// for an empty or `NXDOMAIN` answer the negative-caching TTL of the zone's SOA (RFC 2308
    /// §5), or 0 without an SOA. TTLs with the top bit set count as 0 (RFC 2181 §8).
    public var ttl: UInt32 {
        let records = answers
        guard !records.isEmpty else { return message.negativeCacheTTL.map(Self.sanitized) ?? 0 }
        return records.map { Self.sanitized($0.ttl) }.min() ?? 0
    }

    /// RFC 2181 §8: a TTL with the most significant bit set is treated as zero.
    static func sanitized(_ ttl: UInt32) -> UInt32 { ttl & 0x8000_0000 == 0 ? ttl : 0 }
}
