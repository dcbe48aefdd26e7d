import Foundation

@testable import ClawPairKit
import ClawPairTestSupport

/// An independent WebSocket server for tests: Fixtures/websocket-server.py on PyPI's
/// `websockets` package, one process per test, started with ``SpawnedProcess``.
final class PythonWebSocketServer: Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/websocket-server.py").path
    static let installHint = "needs python3 with the `websockets` package: \(TestPython.installHint)"
    /// 10 s for the interpreter and the import to start, far above the ~100 ms they take.
    static let startTimeout: Duration = .seconds(10)

    let port: UInt16
    private let process: SpawnedProcess

    private init(port: UInt16, process: SpawnedProcess) {
        self.port = port
        self.process = process
    }

    /// Starts the server in `mode` over TLS with `identity`, and waits for its port.
    static func start(mode: String, tls identity: TLSTestPKI.Identity) async throws -> PythonWebSocketServer {
        let directory = try TLSTestDirectory()
        let certificate = try directory.write(identity.certificatePEM, to: "server.pem")
        let key = try directory.write(identity.keyPEM, to: "server.key")
        // The server has read its files once it prints its port; the directory may go then.
        let server = try await start(mode: mode, arguments: [certificate, key])
        withExtendedLifetime(directory) {}
        return server
    }

    /// Starts the server in `mode` and waits for it to print its port.
    static func start(mode: String, arguments: [String] = []) async throws -> PythonWebSocketServer {
        guard let python = TestPython.interpreter else { throw SpawnedProcess.SpawnError(description: installHint) }
        let process = try SpawnedProcess(executable: python, arguments: [script, mode] + arguments)
        let deadline = ContinuousClock.now + startTimeout
        while ContinuousClock.now < deadline {
            if let line = process.log.split(separator: "\n").first(where: { $0.hasPrefix("PORT ") }),
                let port = UInt16(line.dropFirst(5))
            {
                return PythonWebSocketServer(port: port, process: process)
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let log = process.log
        process.stop()
        throw SpawnedProcess.SpawnError(description: "websocket-server.py \(mode) did not start (\(installHint)): \(log)")
    }

    /// The server's output so far, for failure messages.
    var log: String { process.log }

    func stop() { process.stop() }
}
