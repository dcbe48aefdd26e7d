import Glibc
import Synchronization
import Testing

@testable import ClawPairKit

/// The client against a scriptable server on 127.0.0.1 that answers well, badly, or not at
/// all. Each hostile case must end in the right outcome, quickly: the try timeout here is
/// ``TestTiming/slow``, so an outcome that waited for it would show.
@Suite struct UnicastDNSClientTests {
    static let name = try! DNSName("studio.openclaw.internal.")
    static let address = DNSResourceRecord(name: name, ttl: 60, data: .a(.v4([100, 64, 0, 7])))
    static let slowTry = TestTiming.slow
    static let quick = TestTiming.quick

    static func client(_ servers: [DNSServerAddress], tryTimeout: Duration = slowTry, transmissions: Int = 2)
        -> UnicastDNSClient
    {
        UnicastDNSClient(servers: servers, tryTimeout: tryTimeout, transmissions: transmissions)
    }

    static func answer(_ request: TestDNSServer.Request) -> [TestDNSServer.Reply] {
        guard let query = request.query else { return [] }
        return [.message(.reply(to: query, answers: [address]))]
    }

    /// Times `body`.
    static func timed<T>(_ body: () async throws -> T) async rethrows -> (T, Duration) {
        let start = ContinuousClock.now
        let value = try await body()
        return (value, ContinuousClock.now - start)
    }

    /// Expects `query` to fail with `code`, within `limit`.
    static func expectFailure(
        _ code: ClawPairError.Code, within limit: Duration, sourceLocation: SourceLocation = #_sourceLocation,
        _ query: () async throws -> UnicastDNSResponse
    ) async -> UnicastDNSError? {
        let start = ContinuousClock.now
        do {
            let response = try await query()
            Issue.record("expected \(code), got an answer: \(response.message)", sourceLocation: sourceLocation)
            return nil
        } catch let error as UnicastDNSError {
            let elapsed = ContinuousClock.now - start
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            #expect(elapsed < limit, "took \(elapsed)", sourceLocation: sourceLocation)
            return error
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    // MARK: Good answers

    @Test func answersOverUDP() async throws {
        try await TestDNSServer.with(handler: Self.answer) { server in
            let response = try await Self.client([server.address]).query(Self.name, type: .A)
            #expect(response.transport == .udp)
            #expect(response.answers == [Self.address])
            #expect(response.ttl == 60)
            #expect(response.server == server.address)
            #expect(!response.isNXDomain)
            // An EDNS(0) query, with a random id and recursion desired.
            let query = try #require(server.requests.first?.query)
            #expect(query.ednsUDPPayloadSize == UnicastDNSClient.defaultEDNSPayloadSize)
            #expect(query.questions == [DNSQuestion(name: Self.name, type: .A)])
        }
    }

    @Test func nxDomainIsAnAnswerWithItsNegativeTTL() async throws {
        try await TestDNSServer.with(handler: { request in
            let zone = TestZone(origin: try! DNSName("openclaw.internal"), records: [], negativeTTL: 17)
            return zone.answer(request)
        }) { server in
            let response = try await Self.client([server.address]).query(Self.name, type: .A)
            #expect(response.isNXDomain)
            #expect(response.answers.isEmpty)
            #expect(response.ttl == 17)
        }
    }

    @Test func followsACNAMEChainInTheAnswer() async throws {
        let alias = try DNSName("gw.openclaw.internal")
        try await TestDNSServer.with(handler: { request in
            guard let query = request.query else { return [] }
            return [
                .message(
                    .reply(
                        to: query,
                        answers: [DNSResourceRecord(name: alias, ttl: 30, data: .cname(Self.name)), Self.address]))
            ]
        }) { server in
            let response = try await Self.client([server.address]).query(alias, type: .A)
            #expect(response.answers == [Self.address])
        }
    }

    @Test func servfailMovesOnToTheNextServer() async throws {
        try await TestDNSServer.with(handler: { request in
            guard let query = request.query else { return [] }
            return [.message(.reply(to: query, code: .serverFailure))]
        }) { failing in
            try await TestDNSServer.with(handler: Self.answer) { working in
                let (response, elapsed) = try await Self.timed {
                    try await Self.client([failing.address, working.address]).query(Self.name, type: .A)
                }
                #expect(response.server == working.address)
                #expect(elapsed < Self.quick)
                #expect(failing.requests.count == 1)
            }
        }
    }

    @Test func everyServerRefusingIsADNSFailure() async throws {
        try await TestDNSServer.with(handler: { request in
            guard let query = request.query else { return [] }
            return [.message(.reply(to: query, code: .refused))]
        }) { server in
            let error = await Self.expectFailure(.dnsFailure, within: Self.quick) {
                try await Self.client([server.address, server.address]).query(Self.name, type: .A)
            }
            // The same server listed twice is asked once.
            #expect(error?.failures.count == 1)
            #expect(error?.clawPairError.code == .dnsFailure)
        }
    }

    @Test func formerrToEDNSIsAskedAgainWithoutIt() async throws {
        try await TestDNSServer.with(handler: { request in
            guard let query = request.query else { return [] }
            if query.ednsUDPPayloadSize != nil { return [.message(.reply(to: query, code: .formatError))] }
            return Self.answer(request)
        }) { server in
            let response = try await Self.client([server.address]).query(Self.name, type: .A)
            #expect(response.answers == [Self.address])
            #expect(server.requests.count == 2)
        }
    }

    @Test func aLostDatagramIsSentAgain() async throws {
        try await TestDNSServer.with(handler: { request in
            request.index == 0 ? [] : Self.answer(request)
        }) { server in
            let response = try await Self.client([server.address], tryTimeout: .milliseconds(200)).query(
                Self.name, type: .A)
            #expect(response.answers == [Self.address])
            #expect(server.requests.count == 2)
            // The same id both times: a late reply to the first is as good as one to the second.
            #expect(server.requests[0].query?.id == server.requests[1].query?.id)
        }
    }

    @Test func answersOverIPv6Loopback() async throws {
        let reactor = IOReactor()
        let socket = try UDPSocket.bound(to: .loopbackIPv6(port: 0), reactor: reactor)
        let server = DNSServerAddress(try #require(IPAddress("::1")), port: socket.localAddress.port)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let datagram = try #require(try await socket.receive(until: .now + .seconds(5)))
                let query = try DNSMessage(parsing: datagram.bytes)
                try await socket.send(
                    DNSMessage.reply(to: query, answers: [Self.address]).encoded(), to: datagram.source,
                    until: .now + .seconds(5))
            }
            let response = try await Self.client([server]).query(Self.name, type: .A)
            #expect(response.answers == [Self.address])
            try await group.waitForAll()
        }
    }

    @Test func systemClientReadsTheGivenResolvConf() throws {
        let path = "/tmp/clawpair-resolv-\(UInt64.random(in: 0 ... .max)).conf"
        try FileIO.writeFile(Array("nameserver 127.0.0.53\nnameserver ::1\nsearch tail1234.ts.net\n".utf8), to: path)
        defer { unlink(path) }
        let client = try UnicastDNSClient.system(resolvConfPath: path)
        #expect(
            client.servers == [
                DNSServerAddress(.v4([127, 0, 0, 53])), DNSServerAddress(try #require(IPAddress("::1"))),
            ])

        try FileIO.writeFile(Array("# nothing here\n".utf8), to: path)
        #expect(try UnicastDNSClient.system(resolvConfPath: path).servers == [DNSServerAddress(.v4([127, 0, 0, 1]))])
        #expect(throws: ClawPairError(.fileUnreadable, "")) {
            try UnicastDNSClient.system(resolvConfPath: path + ".missing")
        }
    }

    // MARK: Hostile and broken replies

    @Test func truncatedMessageIsMalformedAtOnce() async throws {
        try await TestDNSServer.with(handler: { request in
            guard let query = request.query else { return [] }
            return [.bytes(Array(DNSMessage.reply(to: query, answers: [Self.address]).encoded().dropLast(3)))]
        }) { server in
            _ = await Self.expectFailure(.dnsMalformedResponse, within: Self.quick) {
                try await Self.client([server.address]).query(Self.name, type: .A)
            }
        }
    }

    @Test func compressionLoopIsMalformed() async throws {
        try await TestDNSServer.with(handler: { request in
            guard let query = request.query else { return [] }
            var bytes = HostileReply.header(id: query.id, answers: 1) + HostileReply.question(query)
            // The answer's owner name is a pointer to itself.
            let offset = bytes.count
            bytes += [0xC0 | UInt8(offset >> 8), UInt8(offset & 0xFF)] + HostileReply.aRecordTail
            return [.bytes(bytes)]
        }) { server in
            _ = await Self.expectFailure(.dnsMalformedResponse, within: Self.quick) {
                try await Self.client([server.address]).query(Self.name, type: .A)
            }
        }
    }

    @Test func twoPointersPointingAtEachOtherAreMalformed() async throws {
        try await TestDNSServer.with(handler: { request in
            guard let query = request.query else { return [] }
            var bytes = HostileReply.header(id: query.id, answers: 1) + HostileReply.question(query)
            // A label, then a pointer forward to the next name, which points back here.
            let first = bytes.count
            bytes += [1, UInt8(ascii: "a"), 0xC0, UInt8(first + 4)]
            bytes += [0xC0, UInt8(first)] + HostileReply.aRecordTail
            return [.bytes(bytes)]
        }) { server in
            _ = await Self.expectFailure(.dnsMalformedResponse, within: Self.quick) {
                try await Self.client([server.address]).query(Self.name, type: .A)
            }
        }
    }

    @Test func pointerPastTheEndIsMalformed() async throws {
        try await TestDNSServer.with(handler: { request in
            guard let query = request.query else { return [] }
            let bytes =
                HostileReply.header(id: query.id, answers: 1) + HostileReply.question(query)
                + [0xFF, 0xFF] + HostileReply.aRecordTail
            return [.bytes(bytes)]
        }) { server in
            _ = await Self.expectFailure(.dnsMalformedResponse, within: Self.quick) {
                try await Self.client([server.address]).query(Self.name, type: .A)
            }
        }
    }

    @Test func fiveThousandClaimedAnswersAreMalformed() async throws {
        try await TestDNSServer.with(handler: { request in
            guard let query = request.query else { return [] }
            return [.bytes(HostileReply.header(id: query.id, answers: 5000) + HostileReply.question(query))]
        }) { server in
            let error = await Self.expectFailure(.dnsMalformedResponse, within: Self.quick) {
                try await Self.client([server.address]).query(Self.name, type: .A)
            }
            guard case .malformed(let wire) = error?.failures.first?.reason else {
                Issue.record("not malformed: \(String(describing: error))")
                return
            }
            #expect(wire.code == .countsExceedMessage)
        }
    }

    @Test func txtLengthBeyondTheMessageIsMalformed() async throws {
        try await TestDNSServer.with(handler: { request in
            guard let query = request.query else { return [] }
            var bytes = HostileReply.header(id: query.id, answers: 1) + HostileReply.question(query)
            // TXT, IN, TTL 60, RDLENGTH 65000 — followed by 20 bytes.
            bytes += [0xC0, 12, 0, 16, 0, 1, 0, 0, 0, 60, 0xFD, 0xE8] + Array(repeating: 0x41, count: 20)
            return [.bytes(bytes)]
        }) { server in
            _ = await Self.expectFailure(.dnsMalformedResponse, within: Self.quick) {
                try await Self.client([server.address]).query(Self.name, type: .TXT)
            }
        }
    }

    @Test func hugeTXTInOneDatagramIsReadWhole() async throws {
        // 230 strings of 255 bytes: a 59 KB datagram, more than EDNS asked for but within
        // UDP's limit; the client reads it all, and GatewayTXT bounds what it keeps.
        let strings = (0..<230).map { index in
            Array("k\(index)=".utf8) + Array(repeating: UInt8(ascii: "x"), count: 250 - "k\(index)=".utf8.count)
        }
        let record = DNSResourceRecord(name: Self.name, ttl: 60, data: .txt(strings))
        try await TestDNSServer.with(handler: { request in
            guard let query = request.query else { return [] }
            return [.message(.reply(to: query, answers: [record]))]
        }) { server in
            let response = try await Self.client([server.address]).query(Self.name, type: .TXT)
            #expect(response.message.encoded().count > 57_000)
            guard case .txt(let received) = response.answers.first?.data else {
                Issue.record("no TXT")
                return
            }
            #expect(received.count == 230)
            let txt = GatewayTXT(strings: received)
            #expect(txt.entries.count < 40)
        }
    }

    @Test func wrongIDThenRightIDGivesTheRightAnswer() async throws {
        try await TestDNSServer.with(handler: { request in
            guard let query = request.query else { return [] }
            var forged = DNSMessage.reply(
                to: query, answers: [DNSResourceRecord(name: Self.name, ttl: 60, data: .a(.v4([6, 6, 6, 6])))])
            forged.id = query.id &+ 1
            return [.message(forged), .message(.reply(to: query, answers: [Self.address]))]
        }) { server in
            let (response, elapsed) = try await Self.timed {
                try await Self.client([server.address]).query(Self.name, type: .A)
            }
            #expect(response.answers == [Self.address])
            #expect(elapsed < Self.quick)
        }
    }

    @Test func replyFromAnotherPortIsIgnored() async throws {
        try await TestDNSServer.with(handler: { request in
            guard let query = request.query else { return [] }
            let forged = DNSMessage.reply(
                to: query, answers: [DNSResourceRecord(name: Self.name, ttl: 60, data: .a(.v4([6, 6, 6, 6])))])
            return [.fromOtherPort(forged.encoded()), .message(.reply(to: query, answers: [Self.address]))]
        }) { server in
            let response = try await Self.client([server.address]).query(Self.name, type: .A)
            #expect(response.answers == [Self.address])
        }
    }

    @Test func onlyForgedRepliesTimeOut() async throws {
        try await TestDNSServer.with(handler: { request in
            guard let query = request.query else { return [] }
            var otherQuestion = DNSMessage.reply(to: query, answers: [Self.address])
            otherQuestion.questions = [DNSQuestion(name: try! DNSName("evil.example"), type: .A)]
            var notAResponse = DNSMessage.reply(to: query, answers: [Self.address])
            notAResponse.isResponse = false
            return [
                .fromOtherPort(DNSMessage.reply(to: query, answers: [Self.address]).encoded()),
                .message(otherQuestion), .message(notAResponse), .bytes([0x01]),
                .bytes([UInt8(query.id >> 8) ^ 0xFF] + Array(repeating: 0xA5, count: 299)),
            ]
        }) { server in
            _ = await Self.expectFailure(.dnsTimeout, within: Self.quick) {
                try await Self.client([server.address], tryTimeout: .milliseconds(250)).query(Self.name, type: .A)
            }
        }
    }

    @Test func garbageThenTheAnswer() async throws {
        try await TestDNSServer.with(handler: { request in
            guard let query = request.query else { return [] }
            var garbage = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            // Make sure the id differs, as random garbage almost always would.
            garbage[0] = UInt8(query.id >> 8) ^ 0xFF
            return [.bytes(garbage), .message(.reply(to: query, answers: [Self.address]))]
        }) { server in
            let response = try await Self.client([server.address]).query(Self.name, type: .A)
            #expect(response.answers == [Self.address])
        }
    }

    @Test func silenceTimesOutAfterEveryTransmission() async throws {
        try await TestDNSServer.with(handler: { _ in [] }) { server in
            let (result, elapsed) = await Self.timed {
                await Self.expectFailure(.dnsTimeout, within: Self.quick) {
                    try await Self.client([server.address], tryTimeout: .milliseconds(200), transmissions: 3).query(
                        Self.name, type: .A)
                }
            }
            #expect(result?.failures.count == 1)
            #expect(elapsed >= .milliseconds(600))
            #expect(server.requests.count == 3)
            #expect(result?.clawPairError.code == .dnsTimeout)
        }
    }

    @Test func theCallersDeadlineCutsThePlanShort() async throws {
        try await TestDNSServer.with(handler: { _ in [] }) { server in
            let (_, elapsed) = await Self.timed {
                await Self.expectFailure(.dnsTimeout, within: Self.quick) {
                    try await Self.client([server.address, server.address]).query(
                        Self.name, type: .A, until: .now + .milliseconds(300))
                }
            }
            #expect(elapsed >= .milliseconds(300))
        }
    }

    @Test func nobodyListeningFailsAtOnce() async throws {
        // A port just released: the kernel answers with ICMP port unreachable.
        let port = try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: IOReactor()).localAddress.port
        let error = await Self.expectFailure(.dnsFailure, within: Self.quick) {
            try await Self.client([DNSServerAddress(.v4([127, 0, 0, 1]), port: port)]).query(Self.name, type: .A)
        }
        guard case .network(let network) = error?.failures.first?.reason else {
            Issue.record("not a network failure: \(String(describing: error))")
            return
        }
        #expect(network.code == .connectionRefused)
    }

    @Test func noServersIsAFailure() async throws {
        _ = await Self.expectFailure(.dnsFailure, within: Self.quick) {
            try await Self.client([]).query(Self.name, type: .A)
        }
    }

    @Test func cancellationEndsTheQueryAtOnce() async throws {
        try await TestDNSServer.with(handler: { _ in [] }) { server in
            let start = ContinuousClock.now
            let task = Task { try await Self.client([server.address]).query(Self.name, type: .A) }
            try await Task.sleep(for: .milliseconds(100))
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(ContinuousClock.now - start < Self.quick)
        }
    }

    // MARK: Truncation and TCP

    @Test func truncatedReplyIsAskedAgainOverTCP() async throws {
        try await TestDNSServer.with(
            tcp: true,
            handler: { request in
                guard let query = request.query else { return [] }
                if request.transport == .udp {
                    return [.message(.reply(to: query, answers: [Self.address], truncated: true))]
                }
                return [.message(.reply(to: query, answers: [Self.address, Self.address]))]
            }
        ) { server in
            let response = try await Self.client([server.address]).query(Self.name, type: .A)
            #expect(response.transport == .tcp)
            #expect(response.answers.count == 2)
            #expect(server.requests.map(\.transport) == [.udp, .tcp])
        }
    }

    @Test func truncatedReplyWithoutTCPListenerFailsAtOnce() async throws {
        try await TestDNSServer.with(
            tcp: false,
            handler: { request in
                guard let query = request.query else { return [] }
                return [.message(.reply(to: query, truncated: true))]
            }
        ) { server in
            let error = await Self.expectFailure(.dnsFailure, within: Self.quick) {
                try await Self.client([server.address]).query(Self.name, type: .A)
            }
            guard case .truncatedThenTCPFailed(let network) = error?.failures.first?.reason else {
                Issue.record("not a TCP failure: \(String(describing: error))")
                return
            }
            #expect(network.code == .connectionRefused)
        }
    }

    @Test func tcpReplyShorterThanItsLengthFails() async throws {
        try await TestDNSServer.with(
            tcp: true,
            handler: { request in
                guard let query = request.query else { return [] }
                if request.transport == .udp { return [.message(.reply(to: query, truncated: true))] }
                // Claims 500 bytes, sends 12, closes.
                return [.rawStream([0x01, 0xF4] + Array(DNSMessage.reply(to: query).encoded().prefix(12)))]
            }
        ) { server in
            let error = await Self.expectFailure(.dnsFailure, within: Self.quick) {
                try await Self.client([server.address]).query(Self.name, type: .A)
            }
            guard case .truncatedThenTCPFailed(let network) = error?.failures.first?.reason else {
                Issue.record("not a TCP failure: \(String(describing: error))")
                return
            }
            #expect(network.code == .closedByPeer)
        }
    }

    @Test func tcpReplyWithAnotherIDIsMalformed() async throws {
        try await TestDNSServer.with(
            tcp: true,
            handler: { request in
                guard let query = request.query else { return [] }
                if request.transport == .udp { return [.message(.reply(to: query, truncated: true))] }
                var reply = DNSMessage.reply(to: query, answers: [Self.address])
                reply.id &+= 1
                return [.message(reply)]
            }
        ) { server in
            _ = await Self.expectFailure(.dnsMalformedResponse, within: Self.quick) {
                try await Self.client([server.address]).query(Self.name, type: .A)
            }
        }
    }

    @Test func silentTCPIsBoundedByTheTCPTimeout() async throws {
        try await TestDNSServer.with(
            tcp: true,
            handler: { request in
                guard let query = request.query, request.transport == .udp else { return [] }
                return [.message(.reply(to: query, truncated: true))]
            }
        ) { server in
            var client = Self.client([server.address])
            client.tcpTimeout = .milliseconds(300)
            _ = await Self.expectFailure(.dnsFailure, within: Self.quick) {
                try await client.query(Self.name, type: .A)
            }
        }
    }
}

/// Raw bytes for replies the encoder would never produce.
enum HostileReply {
    /// A response header: QR, RD, RA set, NOERROR, one question, `answers` answers.
    static func header(id: UInt16, answers: UInt16) -> [UInt8] {
        [UInt8(id >> 8), UInt8(id & 0xFF), 0x81, 0x80, 0, 1, UInt8(answers >> 8), UInt8(answers & 0xFF), 0, 0, 0, 0]
    }

    /// The query's question, uncompressed.
    static func question(_ query: DNSMessage) -> [UInt8] {
        var question = DNSMessage(id: 0, questions: query.questions).encoded()
        question.removeFirst(DNSMessage.headerLength)
        return question
    }

    /// Type A, class IN, TTL 60, 4 bytes of address.
    static let aRecordTail: [UInt8] = [0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 100, 64, 0, 7]
}
