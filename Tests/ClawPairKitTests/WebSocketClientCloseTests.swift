import ClawPairWire
import Testing

@testable import ClawPairKit

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

    /// Accepts one client, answers its upgrade, waits for its close frame and (when
    /// `answerClose`) echoes it, then reads until the stream ends. Never closes its own side
    /// first: an EOF it sees can only come from the client.
    static func servePeer(_ listener: TCPListener, answerClose: Bool) async throws -> [PeerEvent] {
        let connection = try #require(try await listener.accept(until: .now + timeout))
        var buffered: [UInt8] = []
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        while buffered.count < terminator.count || Array(buffered.suffix(terminator.count)) != terminator {
            let bytes = try await connection.read(upTo: 1, until: .now + timeout)
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
        try await connection.write(Array(response.utf8), until: .now + timeout)

        var events: [PeerEvent] = []
        // The client's close frame: FIN+close, masked, 2-byte code (+ empty reason).
        let frameHead = try await connection.read(exactly: 2, until: .now + timeout)
        #expect(frameHead[0] == 0x88)
        let length = Int(frameHead[1] & 0x7F)
        let rest = try await connection.read(exactly: 4 + length, until: .now + timeout)
        let mask = Array(rest[0..<4])
        let payload = rest[4...].enumerated().map { $0.element ^ mask[$0.offset % 4] }
        events.append(.closeFrame(code: payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : 0))
        if answerClose {
            try await connection.write([0x88, 0x02, 0x03, 0xE8], until: .now + timeout)
        }
        // The hang guard: without the fix this read times out (the client object is alive).
        let tail = try await connection.read(upTo: 64, until: .now + timeout)
        if tail.isEmpty { events.append(.endOfStream) }
        return events
    }

    @Test(arguments: [true, false])
    func thePeerSeesEOFWhenCloseReturns(peerAnswersClose: Bool) async throws {
        let reactor = IOReactor()
        let listener = try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: reactor)
        let port = listener.localAddress.port
        try await withThrowingTaskGroup(of: [PeerEvent].self) { group in
            group.addTask { try await Self.servePeer(listener, answerClose: peerAnswersClose) }
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
}
