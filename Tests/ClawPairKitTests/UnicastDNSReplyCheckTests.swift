import Testing

@testable import ClawPairKit

@Suite struct UnicastDNSReplyCheckTests {
    static let query = DNSMessage.query(id: 0x4242, name: try! DNSName("studio.openclaw.internal"), type: .A)

    enum Expected: Equatable { case accept, ignore, malformed }

    static func verdict(_ bytes: [UInt8]) -> Expected {
        switch UnicastDNSReplyCheck.check(bytes, against: query) {
        case .accept: .accept
        case .ignore: .ignore
        case .malformed: .malformed
        }
    }

    static func reply(_ change: (inout DNSMessage) -> Void = { _ in }) -> [UInt8] {
        var message = DNSMessage.reply(
            to: query, answers: [DNSResourceRecord(name: query.questions[0].name, ttl: 5, data: .a(.v4([1, 2, 3, 4])))])
        change(&message)
        return message.encoded()
    }

    @Test func acceptsTheReply() {
        #expect(Self.verdict(Self.reply()) == .accept)
        // Names compare ignoring ASCII case (RFC 4343), as a server may echo 0x20-mixed case.
        #expect(Self.verdict(Self.reply { $0.questions[0].name = try! DNSName("STUDIO.openclaw.INTERNAL") }) == .accept)
        #expect(
            Self.verdict(
                Self.reply {
                    $0.responseCode = .nxDomain
                    $0.answers = []
                }) == .accept)
    }

    @Test func ignoresWhatIsNotTheReply() {
        #expect(Self.verdict([]) == .ignore)
        #expect(Self.verdict([0x42]) == .ignore)
        #expect(Self.verdict(Self.reply { $0.id = 0x4243 }) == .ignore)
        #expect(Self.verdict(Self.reply { $0.isResponse = false }) == .ignore)
        #expect(Self.verdict(Self.reply { $0.opcode = DNSOpcode(rawValue: 4) }) == .ignore)
        #expect(Self.verdict(Self.reply { $0.questions[0].type = .AAAA }) == .ignore)
        #expect(Self.verdict(Self.reply { $0.questions[0].name = try! DNSName("evil.example") }) == .ignore)
        #expect(Self.verdict(Self.reply { $0.questions.append($0.questions[0]) }) == .ignore)
        // An answer must say what it answers.
        #expect(Self.verdict(Self.reply { $0.questions = [] }) == .ignore)
    }

    @Test func errorRepliesMayLeaveTheQuestionOut() {
        #expect(
            Self.verdict(
                Self.reply {
                    $0.questions = []
                    $0.answers = []
                    $0.responseCode = .formatError
                }) == .accept)
        #expect(
            Self.verdict(
                Self.reply {
                    $0.questions = []
                    $0.answers = []
                    $0.responseCode = .serverFailure
                }) == .accept)
    }

    @Test func brokenRepliesWithTheRightIDAreMalformed() {
        #expect(Self.verdict([0x42, 0x42, 0x81]) == .malformed)
        #expect(Self.verdict(Array(Self.reply().dropLast(2))) == .malformed)
        var claims = Self.reply()
        claims[6] = 0x13
        claims[7] = 0x88  // ANCOUNT 5000
        #expect(Self.verdict(claims) == .malformed)
    }

    @Test func aTruncatedReplyIsStillAcceptedForItsTCBit() {
        var cut = Array(Self.reply { $0.isTruncated = true }.dropLast(2))
        #expect(Self.verdict(cut) == .accept)
        cut[2] &= ~0x02
        #expect(Self.verdict(cut) == .malformed)
    }
}
