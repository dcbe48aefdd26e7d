import Foundation

@testable import ClawPairKit
import ClawPairTestSupport

/// An independent gateway for the protocol tests: Fixtures/gateway-stub.py on PyPI
/// `websockets` and Debian's python3-cryptography, one process per test, started with
/// ``SpawnedProcess`` (as ``PythonWebSocketServer``).
final class GatewayStub: Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/gateway-stub.py").path
    static let installHint = "needs python3 with `websockets` (PyPI) and `cryptography` (Debian python3-cryptography): \(TestPython.installHint)"
    /// 10 s for the interpreter and imports to start, far above what they take.
    static let startTimeout: Duration = .seconds(10)
    /// Hang guard for lines the stub prints after the client acted.
    static let lineTimeout: Duration = .seconds(10)

    let port: UInt16
    private let process: SpawnedProcess

    private init(port: UInt16, process: SpawnedProcess) {
        self.port = port
        self.process = process
    }

    static func start(mode: String) async throws -> GatewayStub {
        guard let python = TestPython.interpreter else { throw SpawnedProcess.SpawnError(description: installHint) }
        let process = try SpawnedProcess(executable: python, arguments: [script, mode])
        let deadline = ContinuousClock.now + startTimeout
        while ContinuousClock.now < deadline {
            if let line = process.log.split(separator: "\n").first(where: { $0.hasPrefix("PORT ") }),
                let port = UInt16(line.dropFirst(5))
            {
                return GatewayStub(port: port, process: process)
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let log = process.log
        process.stop()
        throw SpawnedProcess.SpawnError(description: "gateway-stub.py \(mode) did not start (\(installHint)): \(log)")
    }

    var log: String { process.log }

    /// The lines starting with `prefix ` so far, without the prefix.
    func lines(_ prefix: String) -> [String] {
        log.split(separator: "\n").filter { $0.hasPrefix(prefix + " ") }.map { String($0.dropFirst(prefix.count + 1)) }
    }

    /// Waits (hang guard only) for the first line starting with `prefix `.
    func awaitLine(_ prefix: String) async throws -> String {
        let deadline = ContinuousClock.now + Self.lineTimeout
        while ContinuousClock.now < deadline {
            if let line = lines(prefix).first { return line }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw SpawnedProcess.SpawnError(description: "gateway-stub.py never printed \(prefix): \(log)")
    }

    /// The connect params the stub received, parsed.
    func connectParams() async throws -> ConnectParams {
        try ConnectParams(json: JSONParser.parse(try await awaitLine("CONNECT")))
    }

    func stop() { process.stop() }
}
