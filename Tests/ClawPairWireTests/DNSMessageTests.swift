import ClawPairTestSupport
import Testing
@testable import ClawPairWire

@Suite struct DNSMessageTests {
    // MARK: Known bytes

    @Test func readsAnMDNSResponse() throws {
        let message = try DNSMessage(parsing: DNSFixtures.mdnsResponse)
        #expect(message.isResponse && message.isAuthoritative && !message.isTruncated)
        #expect(message.questions.isEmpty)
        #expect(message.answers.count == 1)
        #expect(message.additionals.count == 4)

        let service = try DNSName("_openclaw-gw._tcp.local.")
        let instance = try service.prepending(Array("Studio (OpenClaw)".utf8))
        let host = try DNSName("studio.local.")
        #expect(message.answers[0] == DNSResourceRecord(name: service, ttl: 4500, data: .ptr(instance)))

        let srv = try #require(message.records(named: instance, type: .SRV).first)
        #expect(srv.data == .srv(priority: 0, weight: 0, port: 18789, target: host))
        #expect(srv.cacheFlush)
        #expect(srv.recordClass.base == .IN)

        let addresses = message.additionals.filter { $0.name == host }.map(\.data)
        #expect(addresses == [.a(.v4([192, 168, 1, 20])), .aaaa(try #require(IPAddress("fe80::1")))])

        let txtRecord = try #require(message.records(named: instance, type: .TXT).first)
        guard case .txt(let strings) = txtRecord.data else {
            Issue.record("not TXT")
            return
        }
        #expect(strings.count == 7)
        #expect(strings[0] == Array("role=gateway".utf8))
        let txt = GatewayTXT(strings: strings)
        #expect(txt.gatewayPort == 18789)
        #expect(txt.gatewayTlsSha256 == DNSFixtures.fingerprint)
    }

    @Test func readsAUnicastResponseAsDigShowsIt() throws {
        #expect(DNSFixtures.unicastResponse.count == 136)
        let message = try DNSMessage(parsing: DNSFixtures.unicastResponse)
        #expect(message.id == 0x1234)
        #expect(message.isResponse && message.isAuthoritative && message.recursionDesired && message.recursionAvailable)
        #expect(message.responseCode == .noError)
        #expect(message.opcode == .query)
        let question = try DNSName("_openclaw-gw._tcp.openclaw.internal.")
        #expect(message.questions == [DNSQuestion(name: question, type: .PTR)])
        let instance = try DNSName("studio-gateway._openclaw-gw._tcp.openclaw.internal.")
        #expect(message.answers == [DNSResourceRecord(name: question, ttl: 60, data: .ptr(instance))])
        let host = try DNSName("studio.openclaw.internal.")
        #expect(
            message.additionals[0] == DNSResourceRecord(
                name: instance, ttl: 60, data: .srv(priority: 0, weight: 0, port: 18789, target: host)))
        #expect(message.additionals[1] == DNSResourceRecord(name: host, ttl: 60, data: .a(.v4([100, 123, 224, 76]))))
        #expect(message.additionals[2].type == .OPT)
        #expect(message.ednsUDPPayloadSize == 1232)
        #expect(message.additionals[2].data == .unknown(.OPT, []))
        #expect(message.description.contains("studio-gateway._openclaw-gw._tcp.openclaw.internal. 60 IN SRV 0 0 18789"))
    }

    @Test func encodesAQueryExactlyAsDigDoes() throws {
        let query = DNSMessage.query(id: 0x1234, name: try DNSName("_openclaw-gw._tcp.openclaw.internal."), type: .PTR)
        #expect(query.encoded() == DNSFixtures.unicastQuery)
        #expect(try DNSMessage(parsing: DNSFixtures.unicastQuery) == query)
    }

    @Test func readsNXDomainAndItsNegativeTTL() throws {
        let message = try DNSMessage(parsing: DNSFixtures.nxdomainResponse)
        #expect(message.responseCode == .nxDomain)
        #expect(message.responseCode.description == "NXDOMAIN")
        #expect(message.answers.isEmpty)
        guard case .soa(let soa) = message.authorities.first?.data else {
            Issue.record("no SOA")
            return
        }
        #expect(soa.mname == (try DNSName("ns1.openclaw.internal.")))
        #expect(soa.rname == (try DNSName("hostmaster.openclaw.internal.")))
        #expect(soa.serial == 2_025_121_701)
        #expect(soa.minimum == 30)
        #expect(message.negativeCacheTTL == 30)
    }

    // MARK: Round trips

    @Test(arguments: [DNSFixtures.mdnsResponse, DNSFixtures.unicastResponse, DNSFixtures.nxdomainResponse, DNSFixtures.unicastQuery])
    func encodeThenDecodeGivesTheSameMessage(bytes: [UInt8]) throws {
        let message = try DNSMessage(parsing: bytes)
        let encoded = message.encoded()
        #expect(try DNSMessage(parsing: encoded) == message)
        // Compressed like the original, except SRV targets, which RFC 2782 says not to compress.
        #expect(encoded.count <= bytes.count + 17)
    }

    @Test func everyRecordTypeRoundTrips() throws {
        let zone = try DNSName("openclaw.internal.")
        let host = try DNSName("Studio.openclaw.internal.")
        let instance = try DNSName("studio-gateway._openclaw-gw._tcp.openclaw.internal.")
        let message = DNSMessage(
            id: 0xBEEF, isResponse: true, opcode: .query, isAuthoritative: true, isTruncated: false,
            recursionDesired: true, recursionAvailable: true, authenticData: true, checkingDisabled: true,
            responseCode: .refused,
            questions: [DNSQuestion(name: instance, type: .ANY, questionClass: DNSClass.IN.withTopBit(true))],
            answers: [
                DNSResourceRecord(name: zone, ttl: 60, data: .ptr(instance)),
                DNSResourceRecord(name: instance, ttl: 60, data: .srv(priority: 1, weight: 2, port: 18789, target: host)),
                DNSResourceRecord(name: instance, ttl: 60, data: .txt([Array("role=gateway".utf8), [], [0, 0xFF]])),
                DNSResourceRecord(name: instance, ttl: 60, data: .txt([])),
                DNSResourceRecord(name: host, recordClass: DNSClass.IN.withTopBit(true), ttl: 120, data: .a(.v4([100, 64, 0, 1]))),
                DNSResourceRecord(name: host, ttl: 120, data: .aaaa(try #require(IPAddress("fd7a:115c:a1e0::1")))),
                DNSResourceRecord(name: zone, ttl: 60, data: .ns(try DNSName("ns1.openclaw.internal"))),
                DNSResourceRecord(name: try DNSName("www.openclaw.internal"), ttl: 60, data: .cname(host)),
                DNSResourceRecord(name: zone, ttl: 0, data: .unknown(DNSRecordType(rawValue: 65280), [1, 2, 3])),
            ],
            authorities: [
                DNSResourceRecord(
                    name: zone, ttl: 60,
                    data: .soa(.init(
                        mname: try DNSName("ns1.openclaw.internal"), rname: try DNSName("hostmaster.openclaw.internal"),
                        serial: 1, refresh: 7200, retry: 3600, expire: 1_209_600, minimum: 60)))
            ],
            additionals: [.edns(udpPayloadSize: 1232)])
        let again = try DNSMessage(parsing: message.encoded())
        #expect(again == message)
        #expect(again.questions[0].unicastResponse)
        #expect(again.answers[4].cacheFlush)
        // Case survives compression: suffixes are shared only when the bytes match exactly.
        guard case .srv(_, _, _, let target) = again.answers[1].data else { return }
        #expect(target.labels[0] == Array("Studio".utf8))
    }

    @Test func compressesRepeatedSuffixes() throws {
        let zone = try DNSName("openclaw.internal.")
        let records = (0..<10).map { index in
            DNSResourceRecord(name: zone, ttl: 60, data: .ptr(try! zone.prepending(Array("instance-\(index)".utf8))))
        }
        let message = DNSMessage(isResponse: true, answers: records)
        let encoded = message.encoded()
        // 12 header + one full owner (19) + 10 × (2 pointer + 10 fixed + 11 label + 2 pointer) − 2.
        #expect(encoded.count == 12 + 19 + 10 * 25 - 2)
        #expect(try DNSMessage(parsing: encoded) == message)
    }

    @Test func encodingCutsWhatTheWireCannotCarry() throws {
        let long = Array(repeating: UInt8(ascii: "x"), count: 300)
        let message = DNSMessage(answers: [DNSResourceRecord(name: .root, ttl: 0, data: .txt([long]))])
        let again = try DNSMessage(parsing: message.encoded())
        #expect(again.answers[0].data == .txt([Array(long.prefix(255))]))
    }

    // MARK: Hostile input

    @Test func headerClaimingThousandsOfRecordsFailsFast() {
        let header = u16(1) + u16(0x8000) + u16(0xFFFF) + u16(0xFFFF) + u16(0xFFFF) + u16(0xFFFF)
        let start = ContinuousClock.now
        #expect(throws: DNSWireError(.countsExceedMessage, "", offset: 0)) { try DNSMessage(parsing: header) }
        let answersOnly = u16(1) + u16(0x8000) + u16(0) + u16(65535) + u16(0) + u16(0) + [0, 0, 1, 0, 1]
        #expect(throws: DNSWireError(.countsExceedMessage, "", offset: 0)) { try DNSMessage(parsing: answersOnly) }
        #expect(ContinuousClock.now - start < .milliseconds(100))
    }

    @Test func truncatedMessageKeepsTheWholeRecords() throws {
        // TC set, 65535 answers claimed, one whole answer present and half of another.
        let record = [UInt8(0)] + u16(1) + u16(1) + u32(60) + u16(4) + [10, 0, 0, 1]
        let bytes = u16(9) + u16(0x8200) + u16(0) + u16(65535) + u16(0) + u16(0) + record + record.prefix(7)
        let start = ContinuousClock.now
        let message = try DNSMessage(parsing: bytes)
        #expect(ContinuousClock.now - start < .milliseconds(100))
        #expect(message.isTruncated)
        #expect(message.answers.count == 1)
        // Damage other than the cut is still an error.
        let bad = u16(9) + u16(0x8200) + u16(0) + u16(2) + u16(0) + u16(0) + record + [0xC0, 0xFF]
        #expect(throws: DNSWireError(.badPointer, "", offset: 0)) { try DNSMessage(parsing: bad) }
    }

    @Test(arguments: [0, 1, 11])
    func shortHeadersAreTruncated(length: Int) {
        #expect(throws: DNSWireError(.truncated, "", offset: 0)) {
            try DNSMessage(parsing: Array(DNSFixtures.unicastQuery.prefix(length)))
        }
    }

    @Test func everyCutOfARealResponseFailsCleanly() {
        let bytes = DNSFixtures.mdnsResponse
        for length in 0..<bytes.count {
            #expect(throws: DNSWireError.self) { try DNSMessage(parsing: Array(bytes.prefix(length))) }
        }
        #expect(throws: Never.self) { try DNSMessage(parsing: bytes + [0xDE, 0xAD]) }
    }

    @Test func compressionLoopInAMessage() {
        // The answer's owner name is a pointer to itself.
        let bytes = u16(1) + u16(0x8000) + u16(0) + u16(1) + u16(0) + u16(0) + pointer(12) + u16(1) + u16(1) + u32(0) + u16(4) + [1, 2, 3, 4]
        #expect(throws: DNSWireError(.badPointer, "", offset: 12)) { try DNSMessage(parsing: bytes) }
    }

    @Test func compressionBombIsRefusedAfterWorkBoundedByTheMessage() throws {
        // One 126-label name written out, then 1000 questions that are each a 2-byte pointer
        // to it: 6 KB that would decode into 126 000 labels (at 64 KiB, 1.4 M labels took the
        // fuzz target 10 s and 700 MB).
        let deep: [UInt8] = Array(repeating: [1, UInt8(ascii: "a")], count: 126).flatMap { $0 } + [0]
        let question: [UInt8] = u16(1) + u16(1)
        let count = 1001
        let header: [UInt8] = u16(1) + u16(0x8000) + u16(UInt16(count)) + u16(0) + u16(0) + u16(0)
        let pointers: [UInt8] = Array(repeating: pointer(12) + question, count: count - 1).flatMap { $0 }
        let bytes: [UInt8] = header + deep + question + pointers
        let error: DNSWireError = try #require(throws: DNSWireError.self) { try DNSMessage(parsing: bytes) }
        #expect(error.code == DNSWireError.Code.tooManyLabels)
        // It stopped once the labels outnumbered the bytes: after about bytes / 126 questions.
        let questionsRead: Int = (error.offset - header.count - deep.count - question.count) / (2 + question.count)
        #expect(questionsRead <= bytes.count / 126)
        // A real response reusing names as far as compression allows still parses.
        #expect(throws: Never.self) { try DNSMessage(parsing: DNSFixtures.mdnsResponse) }
    }

    @Test func namesWrittenOutMayCompressPastTheLabelBudget() throws {
        // Ten questions for one 20-label name, each written out: 462 bytes, 200 labels. The
        // encoder compresses nine of them to pointers (111 bytes), which the budget refuses; the
        // fuzz target relies on this being the only way a parsed message fails to re-parse.
        let name: [UInt8] = Array(repeating: [1, UInt8(ascii: "a")], count: 20).flatMap { $0 } + [0]
        let header: [UInt8] = u16(1) + u16(0x8000) + u16(10) + u16(0) + u16(0) + u16(0)
        let bytes: [UInt8] = header + Array(repeating: name + u16(1) + u16(1), count: 10).flatMap { $0 }
        let message = try DNSMessage(parsing: bytes)
        let encoded = message.encoded()
        #expect(encoded.count == 12 + 45 + 9 * 6)
        let error: DNSWireError = try #require(throws: DNSWireError.self) { try DNSMessage(parsing: encoded) }
        #expect(error.code == DNSWireError.Code.tooManyLabels)
    }

    @Test func rdlengthPastTheEnd() {
        let bytes = u16(1) + u16(0x8000) + u16(0) + u16(1) + u16(0) + u16(0) + [0] + u16(16) + u16(1) + u32(0) + u16(400) + txtString("short")
        #expect(throws: DNSWireError(.truncated, "", offset: 0)) { try DNSMessage(parsing: bytes) }
    }

    /// Deterministic mutations of real responses: whatever the bytes, parsing returns or
    /// throws, and what parses re-encodes to the same message. (libFuzzer does this at scale:
    /// Tests/Fuzz/DNSMessageFuzz.swift.)
    @Test func mutatedResponsesNeverCrash() throws {
        var generator = SplitMix64(seed: 0x0C1A_3BA1)
        var parsed = 0
        for base in [DNSFixtures.mdnsResponse, DNSFixtures.unicastResponse, DNSFixtures.nxdomainResponse] {
            for _ in 0..<3000 {
                var bytes = base
                for _ in 0..<Int(generator.next() % 4 + 1) {
                    let index = Int(generator.next() % UInt64(bytes.count))
                    bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                }
                if generator.next() % 4 == 0 { bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count + 1)))) }
                guard let message = try? DNSMessage(parsing: bytes) else { continue }
                parsed += 1
                #expect(try DNSMessage(parsing: message.encoded()) == message)
            }
        }
        #expect(parsed > 100)
    }
}
