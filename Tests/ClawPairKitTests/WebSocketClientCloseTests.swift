import ClawPairWire
import Foundation
import Testing

@testable import ClawPairKit
@testable import ClawPairSim

/// `WebSocketClient.close` ends the TCP connection itself: a raw peer (our `TCPListener`,
/// speaking just enough RFC 6455 by hand) sees EOF as soon as `close` returns, while the
/// client object is still alive. Before, the socket stayed open until the client was released.
@Suite struct WebSocketClientCloseTests {
    static let timeout: Duration = .seconds(10)

    /// What the raw peer saw after the upgrade, in order.
    enum PeerEvent: Equatable {
        case closeFrame(code: UInt16)
        case endOfStream
    }

    /// Answers the client's upgrade on `stream`, waits for its close frame and (when
    /// `answerClose`) echoes it, then reads until the stream ends. Never closes its own side
    /// first: an end it sees can only come from the client.
    static func servePeer(_ stream: any ByteStream, answerClose: Bool) async throws -> [PeerEvent] {
        var buffered: [UInt8] = []
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        while buffered.count < terminator.count || Array(buffered.suffix(terminator.count)) != terminator {
            let bytes = try await stream.read(upTo: 1, until: .now + timeout)
            guard !bytes.isEmpty else { throw NetworkError(.closedByPeer, "no upgrade request") }
            buffered += bytes
        }
        let head = String(decoding: buffered, as: UTF8.self)
        let keyLine = try #require(
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") })
        let key = String(keyLine.split(separator: ":", maxSplits: 1)[1].filter { $0 != " " && $0 != "\t" })
        let response =
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(forKey: key))\r\n\r\n"
        try await stream.write(Array(response.utf8), until: .now + timeout)

        var events: [PeerEvent] = []
        // The client's close frame: FIN+close, masked, 2-byte code (+ empty reason).
        let frameHead = try await readExactly(2, from: stream)
        #expect(frameHead[0] == 0x88)
        let length = Int(frameHead[1] & 0x7F)
        let rest = try await readExactly(4 + length, from: stream)
        let mask = Array(rest[0..<4])
        let payload = rest[4...].enumerated().map { $0.element ^ mask[$0.offset % 4] }
        events.append(.closeFrame(code: payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : 0))
        if answerClose {
            try await stream.write([0x88, 0x02, 0x03, 0xE8], until: .now + timeout)
        }
        // The hang guard: without the fix this read times out (the client object is alive).
        let tail = try await stream.read(upTo: 64, until: .now + timeout)
        if tail.isEmpty { events.append(.endOfStream) }
        return events
    }

    static func readExactly(_ count: Int, from stream: any ByteStream) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < count {
            let chunk = try await stream.read(upTo: count - bytes.count, until: .now + timeout)
            guard !chunk.isEmpty else { throw NetworkError(.closedByPeer, "ended after \(bytes.count) of \(count) bytes") }
            bytes += chunk
        }
        return bytes
    }

    @Test(arguments: [true, false])
    func thePeerSeesEOFWhenCloseReturns(peerAnswersClose: Bool) async throws {
        let reactor = IOReactor()
        let listener = try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: reactor)
        let port = listener.localAddress.port
        try await withThrowingTaskGroup(of: [PeerEvent].self) { group in
            group.addTask {
                let peer = try #require(try await listener.accept(until: .now + Self.timeout))
                return try await Self.servePeer(peer, answerClose: peerAnswersClose)
            }
            let connection = try await TCPConnection.connect(
                to: .loopbackIPv4(port: port), until: .now + Self.timeout, reactor: reactor)
            let route = try GatewayRoute(url: "ws://127.0.0.1:\(port)")
            let result = try await WebSocketUpgrade(route: route).perform(on: connection, until: .now + Self.timeout)
            guard case .upgraded(let client) = result else {
                Issue.record("upgrade refused: \(result)")
                return
            }
            let answer = await client.close(code: .normalClosure)
            #expect((answer != nil) == peerAnswersClose)
            // The client (and its connection) stay referenced while the peer looks for EOF.
            let events = try #require(try await group.next())
            withExtendedLifetime((client, connection)) {}
            #expect(events == [.closeFrame(code: 1000), .endOfStream])
        }
    }

    /// Over TLS: the peer first gets close_notify (its TLS read ends cleanly), then the TCP
    /// stream itself ends, both while the client object is alive.
    @Test func overTLSThePeerGetsCloseNotifyThenEOF() async throws {
        let home = StateDirectory(path: FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-close-\(UUID().uuidString)").path, source: .option)
        defer { try? FileManager.default.removeItem(atPath: home.path) }
        let certificate = try SelfSignedCertificate.loadOrCreate(in: home)
        let context = try TLSServerContext(certificate: certificate)
        let reactor = IOReactor()
        let listener = try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: reactor)
        let port = listener.localAddress.port
        try await withThrowingTaskGroup(of: ([PeerEvent], Bool).self) { group in
            group.addTask {
                let transport = try #require(try await listener.accept(until: .now + Self.timeout))
                let session = try await TLSServerSession.accept(over: transport, context: context, until: .now + Self.timeout)
                // servePeer's last read is a TLS read: empty only for close_notify.
                let events = try await Self.servePeer(session, answerClose: true)
                let raw = try await session.transport.read(upTo: 64, until: .now + Self.timeout)
                return (events, raw.isEmpty)
            }
            let transport = try await TCPConnection.connect(
                to: .loopbackIPv4(port: port), until: .now + Self.timeout, reactor: reactor)
            let tls = try await TLSConnection.handshake(over: transport, serverName: "127.0.0.1", until: .now + Self.timeout)
            let session = try tls.accept(pin: .certificate(certificate.fingerprint.hex))
            let route = try GatewayRoute(url: "wss://127.0.0.1:\(port)")
            let result = try await WebSocketUpgrade(route: route).perform(on: session, until: .now + Self.timeout)
            guard case .upgraded(let client) = result else {
                Issue.record("upgrade refused: \(result)")
                return
            }
            #expect(await client.close(code: .normalClosure) != nil)
            let (events, transportEnded) = try #require(try await group.next())
            withExtendedLifetime((client, session, transport)) {}
            #expect(events == [.closeFrame(code: 1000), .endOfStream])
            #expect(transportEnded)
        }
    }
}
