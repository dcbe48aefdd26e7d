import ClawPairKit
import ClawPairTestSupport
import Foundation
import Glibc
import Testing

/// `pair --wait N` and `probe --timeout N` bound the whole command (issue 16, item 6) against
/// peers that accept and then stay silent: a TCP listener that never answers the upgrade, a
/// WebSocket server that never sends `connect.challenge`, a gateway that never answers
/// `connect` (Fixtures/gateway-stub.py). Each case runs the real binary and asserts that it
/// exited within a generous bound derived from the option — N, the documented 0.5 s grace,
/// and slack for a loaded machine — where each step's own timeout (the upgrade's 5 s, the
/// challenge's 6 s, the connect's 30 s, retried) ran far past it.
@Suite(.serialized) struct CommandDeadlineTests {
    /// Slack for process start-up and a busy machine: far above what either takes, far
    /// below what the steps' own timeouts add up to.
    static let slack = 3.5
    static let grace = 0.5

    static let stubScript = LabHosts.packageRoot.appendingPathComponent("Tests/ClawPairKitTests/Fixtures/gateway-stub.py").path

    /// gateway-stub.py in `mode` on 127.0.0.1; the caller stops it.
    static func stub(_ mode: String) async throws -> (process: SpawnedProcess, port: UInt16) {
        guard let python = TestPython.interpreter else {
            throw SpawnedProcess.SpawnError(description: "gateway-stub.py needs python3 with `websockets`: \(TestPython.installHint)")
        }
        let process = try SpawnedProcess(executable: python, arguments: [stubScript, mode])
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline, process.isRunning {
            if let line = process.log.split(separator: "\n").first(where: { $0.hasPrefix("PORT ") }), let port = UInt16(line.dropFirst(5)) {
                return (process, port)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.stop()
        throw SpawnedProcess.SpawnError(description: "gateway-stub.py \(mode) did not start: \(process.log)")
    }

    /// A TCP listener on 127.0.0.1 that never accepts: the kernel completes handshakes into
    /// the backlog, and nothing is ever read or written.
    final class SilentListener {
        let descriptor: Int32
        let port: UInt16

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            self.descriptor = descriptor
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            // A throw from here on runs deinit, which closes the socket.
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddr in
                    bind(descriptor, sockaddr, length) == 0 && listen(descriptor, 16) == 0
                        && getsockname(descriptor, sockaddr, &length) == 0
                }
            }
            guard bound else {
                throw SpawnedProcess.SpawnError(description: "silent listener: \(String(cString: strerror(errno)))")
            }
            port = UInt16(bigEndian: address.sin_port)
        }

        deinit { close(descriptor) }
    }

    /// Runs `clawpair ARGS…`; whether it exited within `bound` seconds, and its output.
    static func run(_ arguments: [String], within bound: Double) throws -> (exited: Bool, status: Int32, stdout: String) {
        let process = try GatewaysProcess([LabHosts.clawpair] + arguments)
        let exited = process.waitForExit(seconds: bound)
        process.kill9()
        return (exited, process.wait(), process.stdout)
    }

    static func code(_ port: UInt16) -> String { #"{"url":"ws://127.0.0.1:\#(port)","bootstrapToken":"boot-deadline"}"# }

    static func pair(_ port: UInt16, wait: Double) throws -> (exited: Bool, status: Int32, stdout: String) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-deadline-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        return try run(["pair", code(port), "--wait", "\(wait)", "--json", "--home", home], within: wait + grace + slack)
    }

    static func probe(_ port: UInt16, timeout: Double) throws -> (exited: Bool, status: Int32, stdout: String) {
        try run(["probe", "ws://127.0.0.1:\(port)", "--timeout", "\(timeout)", "--json"], within: timeout + grace + slack)
    }

    @Test func pairWaitBoundsAGatewayThatNeverAnswersConnect() async throws {
        let stub = try await Self.stub("noanswer")
        defer { stub.process.stop() }
        let result = try Self.pair(stub.port, wait: 2)
        #expect(result.exited, "pair --wait 2 ran past 2 s + grace + slack against a gateway that never answers connect")
        #expect(result.status == 4, "\(result.stdout)")
        #expect(stub.process.log.contains("CONNECT "), "the stub never saw the connect: \(stub.process.log)")
    }

    @Test func pairWaitBoundsAServerThatNeverSendsTheChallenge() async throws {
        let stub = try await Self.stub("nochallenge")
        defer { stub.process.stop() }
        let result = try Self.pair(stub.port, wait: 2)
        #expect(result.exited, "pair --wait 2 ran past 2 s + grace + slack without a challenge")
        #expect(try JSONParser.parse(result.stdout)["error"]?["code"]?.stringValue == "GATEWAY_NO_CHALLENGE", "\(result.stdout)")
    }

    @Test func pairWaitBoundsAListenerThatNeverAnswersTheUpgrade() throws {
        let listener = try SilentListener()
        let result = try Self.pair(listener.port, wait: 1)
        #expect(result.exited, "pair --wait 1 ran past 1 s + grace + slack against a silent listener")
        #expect(result.status == 4, "\(result.stdout)")
    }

    @Test func probeTimeoutBoundsAServerThatNeverSendsTheChallenge() async throws {
        let stub = try await Self.stub("nochallenge")
        defer { stub.process.stop() }
        let result = try Self.probe(stub.port, timeout: 1)
        #expect(result.exited, "probe --timeout 1 ran past 1 s + grace + slack without a challenge")
        #expect(result.status == 4)
        let verdict = try JSONParser.parse(result.stdout)["verdict"]
        #expect(verdict?["layer"] == "gateway" && verdict?["code"] == "GATEWAY_NO_CHALLENGE", "\(result.stdout)")
    }

    @Test func probeTimeoutBoundsAListenerThatNeverAnswersTheUpgrade() throws {
        let listener = try SilentListener()
        let result = try Self.probe(listener.port, timeout: 1)
        #expect(result.exited, "probe --timeout 1 ran past 1 s + grace + slack against a silent listener")
        #expect(result.status == 4)
        #expect(try JSONParser.parse(result.stdout)["verdict"]?["layer"] == "http", "\(result.stdout)")
    }
}
