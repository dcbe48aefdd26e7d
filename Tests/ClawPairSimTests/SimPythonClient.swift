import Foundation
import Glibc

@testable import ClawPairKit
@testable import ClawPairSim
import ClawPairTestSupport

/// Runs Fixtures/sim-client.py (an independent gateway client on PyPI `websockets` and
/// `cryptography`) against a sim and returns the JSON it reports. Spawned with
/// `posix_spawn` and a clean signal state, like every test child.
enum SimPythonClient {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sim-client.py").path
    static let installHint = "needs python3 with `websockets` (PyPI) and `cryptography` (Debian python3-cryptography): \(TestPython.installHint)"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `scenario` and returns its `RESULT` object. `environment` is added to the
    /// child's (a shared token travels there, never in argv). Throws with the client's
    /// output when it fails a check or does not finish within `timeout` (a hang guard).
    static func run(
        _ scenario: String, url: String, admin: String, fingerprint: String? = nil, extraArguments: [String] = [],
        environment: [String: String] = [:], timeout: Duration = .seconds(120)
    ) async throws -> JSONValue {
        guard let python = TestPython.interpreter else { throw Failure(description: installHint) }
        var arguments = [script, scenario, "--url", url, "--admin", admin]
        if let fingerprint { arguments += ["--fingerprint", fingerprint] }
        arguments += extraArguments

        let process = try SpawnedProcess(executable: python, arguments: arguments, environment: environment)
        defer { process.stop() }
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                let log = process.log
                process.stop()
                throw Failure(description: "sim-client.py \(scenario) did not finish in \(timeout):\n\(log)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let log = process.log
        guard let line = log.split(separator: "\n").last(where: { $0.hasPrefix("RESULT ") }) else {
            throw Failure(description: "sim-client.py \(scenario) failed (\(installHint)):\n\(log)")
        }
        return try JSONParser.parse(String(line.dropFirst("RESULT ".count)))
    }
}

/// A `SimGateway` running in this process on loopback for one test, with its own home.
final class RunningSim: Sendable {
    let gateway: SimGateway
    let home: String
    private let task: Task<Void, Never>

    init(tls: Bool = false, autoApprove: Bool = false, tickInterval: Duration = .seconds(30), sharedToken: String? = nil,
         password: String? = nil, authFailureLimit: Int = SimAuthFailureLimiter.defaultLimit, localNodeId: String? = nil,
         gatewayVersion: String? = nil, tailscaleWhois: [IPAddress: String]? = nil, home: String? = nil) async throws {
        let directory = home ?? FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-sim-\(UUID().uuidString)").path
        var configuration = SimConfiguration(home: StateDirectory(path: directory, source: .option))
        configuration.tls = tls
        configuration.autoApprove = autoApprove
        configuration.tickInterval = tickInterval
        configuration.sharedToken = sharedToken.map(Secret.init)
        configuration.sharedPassword = password.map(Secret.init)
        configuration.authFailureLimit = authFailureLimit
        configuration.localNodeId = localNodeId
        if let gatewayVersion { configuration.gatewayVersion = gatewayVersion }
        if let tailscaleWhois {
            configuration.allowTailscale = true
            configuration.tailscaleWhois = tailscaleWhois
        }
        let gateway = try await SimGateway.start(configuration)
        self.gateway = gateway
        self.home = directory
        task = Task { await gateway.run() }
    }

    var url: String { gateway.url }
    var adminURL: String { gateway.adminURL }
    var fingerprint: String? { gateway.tlsFingerprint?.hex }

    /// Stops serving and removes the home directory (unless the test passed its own).
    func stop(removingHome: Bool = true) async {
        task.cancel()
        await task.value
        if removingHome { try? FileManager.default.removeItem(atPath: home) }
    }
}

extension RunningSim {
    /// Runs `body` with a fresh sim and stops it afterwards, even when `body` throws.
    static func with(
        tls: Bool = false, autoApprove: Bool = false, tickInterval: Duration = .seconds(30), sharedToken: String? = nil,
        password: String? = nil, authFailureLimit: Int = SimAuthFailureLimiter.defaultLimit, localNodeId: String? = nil,
        gatewayVersion: String? = nil, tailscaleWhois: [IPAddress: String]? = nil, _ body: (RunningSim) async throws -> Void
    ) async throws {
        let sim = try await RunningSim(
            tls: tls, autoApprove: autoApprove, tickInterval: tickInterval, sharedToken: sharedToken, password: password,
            authFailureLimit: authFailureLimit, localNodeId: localNodeId, gatewayVersion: gatewayVersion,
            tailscaleWhois: tailscaleWhois)
        do {
            try await body(sim)
        } catch {
            await sim.stop()
            throw error
        }
        await sim.stop()
    }
}
