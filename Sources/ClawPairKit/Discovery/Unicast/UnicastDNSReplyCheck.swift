/// Decides what a datagram that arrived on a query's socket is: the reply, something to
/// ignore, or a reply so broken the server should not be asked further. Pure, so hostile
/// inputs are table-tested without sockets.
///
/// Forged replies are the threat (RFC 5452): an off-path sender must guess the random port
/// and the 16-bit id, and its datagram must echo the question. Anything that fails those
/// checks is ignored and the client keeps waiting for the real reply until its deadline.
/// A datagram that passes the id check but cannot be parsed came from someone who knew
/// the id and port, in practice the server itself; waiting longer would not help, so it ends
/// that server's turn.
enum UnicastDNSReplyCheck {
    enum Verdict {
        /// The reply to the query.
        case accept(DNSMessage)
        /// Not a reply to this query; keep waiting. The reason is for logs and tests.
        case ignore(String)
        /// The reply to this query, but unreadable.
        case malformed(DNSWireError)
    }

    static func check(_ bytes: [UInt8], against query: DNSMessage) -> Verdict {
        guard bytes.count >= 2 else { return .ignore("\(bytes.count) bytes: not even an id") }
        let id = UInt16(bytes[0]) << 8 | UInt16(bytes[1])
        guard id == query.id else { return .ignore("id \(id), expected \(query.id)") }
        guard bytes.count >= DNSMessage.headerLength else {
            return .malformed(
                DNSWireError(.truncated, "reply of \(bytes.count) bytes is shorter than a header", offset: bytes.count))
        }
        // QR (RFC 1035 §4.1.1): our own query reflected back is not an answer.
        guard bytes[2] & 0x80 != 0 else { return .ignore("QR bit clear: a query, not a reply") }
        let message: DNSMessage
        do { message = try DNSMessage(parsing: bytes) } catch { return .malformed(error) }
        guard message.opcode == query.opcode else {
            return .ignore("opcode \(message.opcode), expected \(query.opcode)")
        }
        guard let asked = query.questions.first else { return .accept(message) }
        if message.questions.isEmpty {
            // Servers may leave the question out of an error reply (FORMERR, NOTIMP …), never
            // out of an answer: an answer without it cannot be matched to the query.
            let isAnswer = message.responseCode == .noError || message.responseCode == .nxDomain
            return isAnswer ? .ignore("answer without a question section") : .accept(message)
        }
        // RFC 5452 §9.1: the reply must be for the same name, type and class.
        guard message.questions.count == 1, let echoed = message.questions.first, echoed.name == asked.name,
            echoed.type == asked.type, echoed.questionClass.base == asked.questionClass.base
        else { return .ignore("question \(message.questions.map(\.description)), expected \(asked)") }
        return .accept(message)
    }
}
