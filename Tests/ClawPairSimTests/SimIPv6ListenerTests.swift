import Foundation
import Testing

@testable import ClawPairKit
@testable import ClawPairSim

/// An advertising sim (mDNS or a zone file) listens on IPv6 as well as IPv4 on one port
/// (issue 15, §2): avahi announces the host's IPv6 addresses, and those must answer. Checked
/// with a zone file (no avahi-daemon needed), which binds the same way, over loopback.
@Suite struct SimIPv6ListenerTests {
    /// The first message on a WebSocket to `address`: the sim's connect.challenge.
    static func challenge(at address: SocketAddress, url: String) async throws -> String {
        let reactor = IOReactor()
        let tcp = try await TCPConnection.connect(to: address, until: .now + .seconds(10), reactor: reactor)
        let result = try await WebSocketUpgrade(route: try GatewayRoute(url: url)).perform(on: tcp, until: .now + .seconds(10))
        guard case .upgraded(let client) = result else { throw ClawPairError(.internalError, "not upgraded: \(result)") }
        let message = try await client.receive(until: .now + .seconds(10))
        await client.close()
        guard case .text(let text) = message else { return "" }
        return text
    }

    @Test func anAdvertisingSimAnswersOnIPv6Loopback() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-sim-v6-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        var configuration = SimConfiguration(home: StateDirectory(path: home, source: .option))
        configuration.zonePath = home + "/zone.db"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let gateway = try await SimGateway.start(configuration)
        let task = Task { await gateway.run() }
        defer { task.cancel() }
        let v6 = try await Self.challenge(at: .loopbackIPv6(port: gateway.port), url: "ws://[::1]:\(gateway.port)")
        #expect(v6.contains("connect.challenge"), "\(v6)")
        let v4 = try await Self.challenge(at: .loopbackIPv4(port: gateway.port), url: "ws://127.0.0.1:\(gateway.port)")
        #expect(v4.contains("connect.challenge"), "\(v4)")
        task.cancel()
        await task.value
    }

    @Test func onlyAnAdvertisingSimWithoutBindListensOnBoth() {
        var configuration = SimConfiguration(home: StateDirectory(path: "/nonexistent", source: .option))
        #expect(!configuration.listensOnIPv6Too)  // loopback IPv4 by default
        configuration.zonePath = "/tmp/zone"
        #expect(configuration.listensOnIPv6Too)
        configuration.bindAddress = IPAddress("0.0.0.0")
        #expect(!configuration.listensOnIPv6Too)  // an explicit --bind is what is bound
    }
}
