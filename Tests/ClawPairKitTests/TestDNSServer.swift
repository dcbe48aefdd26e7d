import Synchronization
import Testing

@testable import ClawPairKit
@testable import ClawPairSim

/// A scriptable DNS server on 127.0.0.1 for tests: UDP always, TCP on the same port when
/// asked. A handler decides, query by query, what goes back, including replies no honest
/// server would send. Built on the socket layer under test; the dnsmasq tests cover a real
/// server.
final class TestDNSServer: Sendable {
    enum Transport: Sendable { case udp, tcp }

    /// One thing to send back.
    enum Reply: Sendable {
        /// A message, encoded.
        case message(DNSMessage)
        /// Raw bytes (over TCP: after a 2-byte length prefix saying `bytes.count`).
        case bytes([UInt8])
        /// Over TCP: these bytes exactly, no prefix added (to lie about lengths).
        case rawStream([UInt8])
        /// The bytes, from another UDP port than the one the query went to.
        case fromOtherPort([UInt8])
        /// A reply sent after a pause (a round trip to simulate); other queries are served
        /// meanwhile.
        indirect case delayed(Duration, Reply)
    }

    /// What the handler is given.
    struct Request: Sendable {
        var bytes: [UInt8]
        /// The parsed query, when it parsed.
        var query: DNSMessage?
        var transport: Transport
        /// How many requests (over both transports) came before this one.
        var index: Int
    }

    typealias Handler = @Sendable (Request) -> [Reply]

    let port: UInt16
    var address: DNSServerAddress { DNSServerAddress(.v4([127, 0, 0, 1]), port: port) }
    /// Every request received, in order.
    var requests: [Request] { log.withLock { $0 } }

    private let udp: UDPSocket
    private let tcp: TCPListener?
    private let handler: Handler
    private let log = Mutex<[Request]>([])

    private init(udp: UDPSocket, tcp: TCPListener?, handler: @escaping Handler) {
        self.udp = udp
        self.tcp = tcp
        self.handler = handler
        self.port = udp.localAddress.port
    }

    /// Runs a server for the duration of `body`.
    @discardableResult
    static func with<Result: Sendable>(
        tcp withTCP: Bool = false, handler: @escaping Handler, _ body: (TestDNSServer) async throws -> Result
    ) async throws -> Result {
        let reactor = IOReactor()
        var server: TestDNSServer?
        // The TCP listener must get the UDP socket's port; another process may hold it.
        for _ in 0..<20 {
            let udp = try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: reactor)
            guard withTCP else {
                server = TestDNSServer(udp: udp, tcp: nil, handler: handler)
                break
            }
            if let listener = try? TCPListener(bindingTo: .loopbackIPv4(port: udp.localAddress.port), reactor: reactor)
            {
                server = TestDNSServer(udp: udp, tcp: listener, handler: handler)
                break
            }
        }
        let running = try #require(server)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await running.serveUDP() }
            if running.tcp != nil { group.addTask { try await running.serveTCP() } }
            defer { group.cancelAll() }
            return try await body(running)
        }
    }

    private static var farFuture: ContinuousClock.Instant { .now + .seconds(3600) }

    private func record(_ bytes: [UInt8], _ transport: Transport) -> Request {
        log.withLock { log in
            let request = Request(
                bytes: bytes, query: try? DNSMessage(parsing: bytes), transport: transport, index: log.count)
            log.append(request)
            return request
        }
    }

    private func serveUDP() async throws {
        let other = try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: IOReactor())
        try await withThrowingDiscardingTaskGroup { group in
            while let datagram = try await udp.receive(until: Self.farFuture) {
                let replies = handler(record(datagram.bytes, .udp))
                // Each request's replies go out in order, in their own task, so a delayed
                // reply does not hold up the next request.
                group.addTask { try await self.send(replies, to: datagram.source, other: other) }
            }
        }
    }

    private func send(_ replies: [Reply], to destination: SocketAddress, other: UDPSocket) async throws {
        for reply in replies {
            switch reply {
            case .message(let message): try await udp.send(message.encoded(), to: destination, until: Self.farFuture)
            case .bytes(let bytes), .rawStream(let bytes):
                try await udp.send(bytes, to: destination, until: Self.farFuture)
            case .fromOtherPort(let bytes): try await other.send(bytes, to: destination, until: Self.farFuture)
            case .delayed(let pause, let inner):
                try await Task.sleep(for: pause)
                try await send([inner], to: destination, other: other)
            }
        }
    }

    private func serveTCP() async throws {
        guard let tcp else { return }
        try await withThrowingTaskGroup(of: Void.self) { group in
            while let connection = try await tcp.accept() {
                group.addTask { try? await self.serve(connection) }
            }
        }
    }

    private func serve(_ connection: TCPConnection) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            let prefix = try await connection.read(exactly: 2, until: deadline)
            let bytes = try await connection.read(exactly: Int(prefix[0]) << 8 | Int(prefix[1]), until: deadline)
            let request = record(bytes, .tcp)
            if try await write(handler(request), to: connection, until: deadline) { return }
        }
    }

    /// Writes replies to a TCP connection; true when the connection should be closed.
    private func write(_ replies: [Reply], to connection: TCPConnection, until deadline: ContinuousClock.Instant)
        async throws -> Bool
    {
        for reply in replies {
            switch reply {
            case .message(let message):
                let encoded = message.encoded()
                try await connection.write(
                    [UInt8(encoded.count >> 8), UInt8(encoded.count & 0xFF)] + encoded, until: deadline)
            case .bytes(let bytes), .fromOtherPort(let bytes):
                try await connection.write(
                    [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes, until: deadline)
            case .rawStream(let bytes):
                try await connection.write(bytes, until: deadline)
                return true
            case .delayed(let pause, let inner):
                try await Task.sleep(for: pause)
                if try await write([inner], to: connection, until: deadline) { return true }
            }
        }
        return false
    }
}

// MARK: Building replies

extension DNSMessage {
    /// A reply to `query` echoing its id and question.
    static func reply(
        to query: DNSMessage, code: DNSResponseCode = .noError, answers: [DNSResourceRecord] = [],
        authorities: [DNSResourceRecord] = [], additionals: [DNSResourceRecord] = [], truncated: Bool = false
    ) -> DNSMessage {
        DNSMessage(
            id: query.id, isResponse: true, isAuthoritative: true, isTruncated: truncated,
            recursionDesired: query.recursionDesired, responseCode: code, questions: query.questions, answers: answers,
            authorities: authorities, additionals: additionals)
    }
}

/// An authoritative zone served from a record list: answers by name and type, NXDOMAIN
/// (with an SOA for negative caching) for names that own nothing, and a truncated reply
/// over UDP when the answer does not fit the asker's size (512 bytes, or its EDNS size).
struct TestZone: Sendable {
    var origin: DNSName
    var negativeTTL: UInt32
    /// Put SRV targets' addresses and instance SRV/TXT in the additional section.
    var addAdditionals: Bool
    private let byName: [DNSName: [DNSResourceRecord]]
    /// Every owner name and every name above one inside the zone (empty non-terminals exist
    /// too, RFC 8020).
    private let existing: Set<DNSName>

    init(origin: DNSName, records: [DNSResourceRecord], negativeTTL: UInt32 = 30, addAdditionals: Bool = false) {
        self.origin = origin
        self.negativeTTL = negativeTTL
        self.addAdditionals = addAdditionals
        self.byName = Dictionary(grouping: records, by: \.name)
        var existing = Set<DNSName>()
        for name in byName.keys {
            for drop in 0...name.labels.count {
                let ancestor = name.dropping(drop)
                guard ancestor.isSubdomain(of: origin) else { break }
                existing.insert(ancestor)
            }
        }
        self.existing = existing
    }

    private func records(_ name: DNSName, _ types: Set<DNSRecordType>) -> [DNSResourceRecord] {
        (byName[name] ?? []).filter { types.contains($0.type) }
    }

    func answer(_ request: TestDNSServer.Request) -> [TestDNSServer.Reply] {
        guard let query = request.query, let question = query.questions.first else { return [] }
        let answers = records(question.name, [question.type])
        var additionals: [DNSResourceRecord] = []
        if addAdditionals {
            for answer in answers {
                switch answer.data {
                case .ptr(let instance):
                    let instanceRecords = records(instance, [.SRV, .TXT])
                    additionals += instanceRecords
                    for case .srv(_, _, _, let target) in instanceRecords.map(\.data) {
                        additionals += records(target, [.A, .AAAA])
                    }
                case .srv(_, _, _, let target):
                    additionals += records(target, [.A, .AAAA])
                default: break
                }
            }
        }
        let soa = DNSResourceRecord(
            name: origin, ttl: negativeTTL,
            data: .soa(
                .init(mname: origin, rname: origin, serial: 1, refresh: 60, retry: 60, expire: 60, minimum: negativeTTL)
            ))
        var reply = DNSMessage.reply(
            to: query, code: existing.contains(question.name) ? .noError : .nxDomain, answers: answers,
            authorities: answers.isEmpty ? [soa] : [], additionals: additionals)
        reply.additionals.removeAll { $0.type == .OPT }
        let limit = request.transport == .tcp ? Int(UInt16.max) : Int(max(512, query.ednsUDPPayloadSize ?? 512))
        if reply.encoded().count > limit {
            reply = DNSMessage.reply(to: query, truncated: true)
        }
        return [.message(reply)]
    }
}
