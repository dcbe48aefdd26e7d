/// A stub DNS client (RFC 1035 §4.2) for unicast DNS-SD: it asks configured servers directly,
/// over UDP with a TCP retry for truncated replies (RFC 7766), and never through the system
/// resolver library.
///
/// ``query(_:type:until:)`` follows a ``UnicastDNSQueryPlan``: servers in order, each with a
/// few UDP transmissions on one socket (random port, random id, RFC 5452), replies checked by
/// ``UnicastDNSReplyCheck``. `NOERROR` and `NXDOMAIN` are answers (``UnicastDNSResponse``);
/// `SERVFAIL` and other errors, silence, unreachable servers and unreadable replies move on to
/// the next server, and when none is left it throws ``UnicastDNSError`` with every server's
/// failure.
///
/// Sizes are bounded by the transports: a UDP read takes at most 64 KiB
/// (``UDPSocket/maximumDatagramSize``), a TCP reply at most 65,535 bytes (its 2-byte length
/// prefix). Waiting happens on an ``IOReactor``, never on a cooperative thread; cancelling the
/// task ends the query at once with `CancellationError`.
public struct UnicastDNSClient: Sendable {
    /// The servers, asked in this order.
    public var servers: [DNSServerAddress]
    /// See ``UnicastDNSQueryPlan/udpTryTimeout``.
    public var tryTimeout: Duration
    /// See ``UnicastDNSQueryPlan/udpTransmissions``.
    public var transmissions: Int
    /// See ``UnicastDNSQueryPlan/tcpRetryTimeout``.
    public var tcpTimeout: Duration
    /// The UDP payload size advertised with EDNS(0) (RFC 6891), or nil to send plain
    /// RFC 1035 queries (replies then stop at 512 bytes and longer ones come over TCP).
    public var ednsPayloadSize: UInt16?

    /// 1232 bytes, the DNS Flag Day 2020 value: a reply that size fits the IPv6 minimum MTU
    /// (1280) with its headers, so it is never fragmented (fragments get dropped, and
    /// enable forged replies), and it holds a PTR list of about forty instances before the
    /// server must truncate and the client retry over TCP.
    public static let defaultEDNSPayloadSize: UInt16 = 1232

    private let reactor: IOReactor
    private let makeQueryID: @Sendable () -> UInt16
    private let clock = ContinuousClock()

    /// A client for `servers`. `reactor` waits for its sockets (share one between clients to
    /// share its thread); `makeQueryID` is a test seam, random by default.
    public init(
        servers: [DNSServerAddress], tryTimeout: Duration = UnicastDNSQueryPlan.udpTryTimeout,
        transmissions: Int = UnicastDNSQueryPlan.udpTransmissions,
        tcpTimeout: Duration = UnicastDNSQueryPlan.tcpRetryTimeout,
        ednsPayloadSize: UInt16? = UnicastDNSClient.defaultEDNSPayloadSize, reactor: IOReactor = IOReactor(),
        makeQueryID: @escaping @Sendable () -> UInt16 = { UInt16.random(in: .min ... .max) }
    ) {
        self.servers = servers
        self.tryTimeout = tryTimeout
        self.transmissions = transmissions
        self.tcpTimeout = tcpTimeout
        self.ednsPayloadSize = ednsPayloadSize
        self.reactor = reactor
        self.makeQueryID = makeQueryID
    }

    /// A client for the system's name servers, read from `resolvConfPath` (`127.0.0.1` when
    /// the file names none, as glibc). Throws ``ClawPairError/Code/fileUnreadable`` when the
    /// file cannot be read. The file's `timeout` and `attempts` are not used: they are sized
    /// for recursive lookups across the internet, not for a browse with a 2 s budget.
    public static func system(
        resolvConfPath: String = "/etc/resolv.conf", reactor: IOReactor = IOReactor()
    ) throws(ClawPairError) -> UnicastDNSClient {
        let bytes = try FileIO.readAll(path: resolvConfPath)
        let configuration = ResolverConfiguration(parsing: String(decoding: bytes, as: UTF8.self))
        return UnicastDNSClient(servers: configuration.effectiveNameservers, reactor: reactor)
    }

    /// The plan ``query(_:type:until:)`` follows.
    public var plan: UnicastDNSQueryPlan {
        .make(servers: servers, tryTimeout: tryTimeout, transmissions: transmissions, tcpTimeout: tcpTimeout)
    }

    /// Asks for the `type` records of `name`. Returns the first answer (`NOERROR` or
    /// `NXDOMAIN`); throws ``UnicastDNSError`` when no server answered before `deadline` (or
    /// before the plan ran out), `CancellationError` when the task is cancelled.
    public func query(
        _ name: DNSName, type: DNSRecordType, until deadline: ContinuousClock.Instant? = nil
    ) async throws -> UnicastDNSResponse {
        let start = clock.now
        let question = DNSQuestion(name: name, type: type)
        var failures: [UnicastDNSError.ServerFailure] = []
        for turn in plan.turns {
            if let deadline, clock.now >= deadline { break }
            let outcome = try await ask(question, turn: turn, tcpTimeout: plan.tcpTimeout, deadline: deadline)
            switch outcome {
            case .answered(let message, let transport):
                return UnicastDNSResponse(
                    question: question, message: message, server: turn.server, transport: transport,
                    elapsed: clock.now - start)
            case .failed(let reason):
                failures.append(.init(server: turn.server, reason: reason))
            }
        }
        if failures.isEmpty, !plan.turns.isEmpty {
            // The deadline had passed before the first server could be asked.
            failures.append(.init(server: plan.turns[0].server, reason: .timedOut))
        }
        throw UnicastDNSError(question: question, failures: failures)
    }

    // MARK: One server's turn

    private enum TurnOutcome {
        case answered(DNSMessage, UnicastDNSResponse.Transport)
        case failed(UnicastDNSError.Reason)
    }

    private func ask(
        _ question: DNSQuestion, turn: UnicastDNSQueryPlan.Turn, tcpTimeout: Duration,
        deadline: ContinuousClock.Instant?
    ) async throws -> TurnOutcome {
        let address: SocketAddress
        do {
            address = try SocketAddress(turn.server.address, port: turn.server.port, zone: turn.server.zone)
        } catch {
            return .failed(.network(error))
        }
        var useEDNS = ednsPayloadSize != nil
        while true {
            let query = makeQuery(question, edns: useEDNS)
            let outcome: TurnOutcome
            do {
                outcome = try await exchangeOverUDP(
                    query, with: address, waits: turn.udpWaits, tcpTimeout: tcpTimeout, deadline: deadline)
            } catch let error as NetworkError {
                return .failed(.network(error))
            } catch let error as SystemError {
                // The reactor could not wait (no thread, poll failed).
                return .failed(.network(NetworkError(error, while: "waiting for \(address)")))
            }
            // RFC 6891 §7: a server that does not know EDNS answers FORMERR (or NOTIMP); ask
            // it again the RFC 1035 way, once.
            if useEDNS, case .answered(let message, _) = outcome,
                message.responseCode == .formatError || message.responseCode == .notImplemented
            {
                useEDNS = false
                continue
            }
            if case .answered(let message, _) = outcome, message.responseCode != .noError,
                message.responseCode != .nxDomain
            {
                return .failed(.responseCode(message.responseCode))
            }
            return outcome
        }
    }

    private func makeQuery(_ question: DNSQuestion, edns: Bool) -> DNSMessage {
        var query = DNSMessage.query(id: makeQueryID(), name: question.name, type: question.type)
        if edns, let ednsPayloadSize { query.additionals.append(.edns(udpPayloadSize: ednsPayloadSize)) }
        return query
    }

    /// Sends `query` once per entry of `waits` on one socket, waiting that long after each,
    /// and returns the first acceptable reply (retried over TCP when truncated).
    private func exchangeOverUDP(
        _ query: DNSMessage, with address: SocketAddress, waits: [Duration], tcpTimeout: Duration,
        deadline: ContinuousClock.Instant?
    ) async throws -> TurnOutcome {
        let socket = try UDPSocket.connected(to: address, reactor: reactor)
        let bytes = query.encoded()
        for wait in waits {
            let tryDeadline = Self.earlier(clock.now + wait, deadline)
            try await socket.send(bytes, until: tryDeadline)
            while let datagram = try await socket.receive(until: tryDeadline) {
                // The socket is connected, so the kernel already drops other senders; the check
                // keeps that true should the socket ever be shared.
                guard datagram.source.ip == address.ip, datagram.source.port == address.port else { continue }
                switch UnicastDNSReplyCheck.check(datagram.bytes, against: query) {
                case .ignore:
                    continue
                case .malformed(let error):
                    return .failed(.malformed(error))
                case .accept(let message) where message.isTruncated:
                    return try await retryOverTCP(query, with: address, timeout: tcpTimeout, deadline: deadline)
                case .accept(let message):
                    return .answered(message, .udp)
                }
            }
            if let deadline, clock.now >= deadline { break }
        }
        return .failed(.timedOut)
    }

    /// RFC 7766 §8: the same query over TCP, each message preceded by its length in 2 bytes.
    private func retryOverTCP(
        _ query: DNSMessage, with address: SocketAddress, timeout: Duration, deadline: ContinuousClock.Instant?
    ) async throws -> TurnOutcome {
        let tcpDeadline = Self.earlier(clock.now + timeout, deadline)
        let reply: [UInt8]
        do {
            let connection = try await TCPConnection.connect(to: address, until: tcpDeadline, reactor: reactor)
            let bytes = query.encoded()
            try await connection.write(
                [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes, until: tcpDeadline)
            let prefix = try await connection.read(exactly: 2, until: tcpDeadline)
            let length = Int(prefix[0]) << 8 | Int(prefix[1])
            reply = try await connection.read(exactly: length, until: tcpDeadline)
        } catch let error as NetworkError {
            return .failed(.truncatedThenTCPFailed(error))
        } catch let error as SystemError {
            return .failed(.truncatedThenTCPFailed(NetworkError(error, while: "waiting for \(address) over TCP")))
        }
        switch UnicastDNSReplyCheck.check(reply, against: query) {
        case .accept(let message):
            return .answered(message, .tcp)
        case .malformed(let error):
            return .failed(.malformed(error))
        case .ignore(let why):
            // Nobody can forge a reply into an established TCP stream without seeing it; a
            // mismatch is the server's mistake.
            return .failed(
                .malformed(DNSWireError(.replyMismatch, "TCP reply does not match the query: \(why)", offset: 0)))
        }
    }

    private static func earlier(_ instant: ContinuousClock.Instant, _ deadline: ContinuousClock.Instant?)
        -> ContinuousClock.Instant
    {
        guard let deadline else { return instant }
        return min(instant, deadline)
    }
}

extension DNSWireError.Code {
    /// A reply over TCP that does not answer the query it was sent for.
    static let replyMismatch = Self("replyMismatch")
}
