import Testing

@testable import ClawPairKit

@Suite struct UDPSocketTests {
    @Test(arguments: [false, true])
    func exchangesDatagrams(overIPv6: Bool) async throws {
        let reactor = IOReactor()
        let server = try UDPSocket.bound(
            to: overIPv6 ? .loopbackIPv6(port: 0) : .loopbackIPv4(port: 0), reactor: reactor)
        #expect(server.localAddress.port != 0)
        let client = try UDPSocket.connected(to: server.localAddress, reactor: reactor)
        #expect(client.remoteAddress == server.localAddress)
        try await client.send(Array("ping".utf8), until: .now + .seconds(10))
        let request = try #require(try await server.receive(until: .now + .seconds(10)))
        #expect(request.bytes == Array("ping".utf8))
        #expect(request.source.port == client.localAddress.port)
        try await server.send(Array("pong".utf8), to: request.source, until: .now + .seconds(10))
        let reply = try #require(try await client.receive(until: .now + .seconds(10)))
        #expect(reply.bytes == Array("pong".utf8))
        #expect(reply.source == server.localAddress)
    }

    @Test func readsALargeDatagramWhole() async throws {
        let reactor = IOReactor()
        let server = try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: reactor)
        let client = try UDPSocket.connected(to: server.localAddress, reactor: reactor)
        let payload = (0..<65_000).map { UInt8(truncatingIfNeeded: $0) }
        try await client.send(payload, until: .now + .seconds(10))
        #expect(try await server.receive(until: .now + .seconds(10))?.bytes == payload)
    }

    @Test func aShortReadKeepsThePrefix() async throws {
        let reactor = IOReactor()
        let server = try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: reactor)
        let client = try UDPSocket.connected(to: server.localAddress, reactor: reactor)
        try await client.send(Array(0..<100), until: .now + .seconds(10))
        #expect(try await server.receive(maxBytes: 10, until: .now + .seconds(10))?.bytes == Array(0..<10))
    }

    @Test func connectedSocketDropsOtherSenders() async throws {
        let reactor = IOReactor()
        let server = try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: reactor)
        let stranger = try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: reactor)
        let client = try UDPSocket.connected(to: server.localAddress, reactor: reactor)
        try await stranger.send([1], to: client.localAddress, until: .now + .seconds(10))
        try await server.send([2], to: client.localAddress, until: .now + .seconds(10))
        #expect(try await client.receive(until: .now + .seconds(10))?.bytes == [2])
    }

    @Test func nobodyListeningIsConnectionRefused() async throws {
        let reactor = IOReactor()
        let port = try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: reactor).localAddress.port
        let client = try UDPSocket.connected(to: .loopbackIPv4(port: port), reactor: reactor)
        try await client.send([1], until: .now + .seconds(10))
        await #expect(throws: NetworkError(.connectionRefused, "")) {
            _ = try await client.receive(until: .now + .seconds(10))
        }
    }

    @Test func bindingAPortInUseIsASystemError() throws {
        let reactor = IOReactor()
        let first = try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: reactor)
        do {
            _ = try UDPSocket.bound(to: first.localAddress, reactor: reactor)
            Issue.record("bound a port in use")
        } catch {
            #expect(error.code == .system)
            #expect(error.systemError?.call == "bind")
        }
    }
}
