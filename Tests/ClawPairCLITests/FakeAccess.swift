import ClawPairKit
import ClawPairTestSupport
import Foundation
import Glibc

/// Tests/Harness/fake-access.py on its own loopback address (127.x.y.z, port 443, so Access
/// URLs keep their default port), with the environment that makes `clawpair` reach it by
/// name: `CLAWPAIR_RESOLVE`, `SSL_CERT_FILE` (its CA), the transfer URL and the "browser"
/// that plays the user signing in.
final class FakeAccess {
    static let script = LabHosts.packageRoot.appendingPathComponent("Tests/Harness/fake-access.py").path
    static let gateway = "gw.access.test"
    static let origin = "https://gw.access.test"
    static let subject = "user-uuid-1"

    let address: String
    let directory: String
    let home: String
    let server: SpawnedProcess

    init() throws {
        guard let python = TestPython.interpreter else { throw GatewaysProcess.Failure(description: TestPython.installHint) }
        address = "127.\(Int.random(in: 16...250)).\(Int.random(in: 1...250)).\(Int.random(in: 1...250))"
        directory = NSTemporaryDirectory() + "fake-access-\(UUID().uuidString)"
        home = directory + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        server = try SpawnedProcess(executable: python, arguments: [Self.script, "serve", directory, address])
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: directory + "/ready") {
            guard server.isRunning, Date() < deadline else {
                throw GatewaysProcess.Failure(description: "fake-access.py did not start: \(server.log) (\(TestPython.installHint))")
            }
            usleep(20_000)
        }
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    var browserLog: String { directory + "/browser.log" }

    /// What `clawpair` needs to reach the fake by name.
    var environment: [String: String] {
        let names = [Self.gateway, "team.cloudflareaccess.com", "login.access.test", "evil.example.com"]
        return [
            "CLAWPAIR_RESOLVE": names.map { "\($0):443:\(address)" }.joined(separator: ","),
            "SSL_CERT_FILE": directory + "/ca.pem", "CLAWPAIR_ACCESS_TRANSFER_URL": "https://login.access.test",
            "CLAWPAIR_BROWSER": "\(TestPython.interpreter ?? "python3") \(Self.script) browse",
            "FAKE_ACCESS_ADDRESS": address, "FAKE_ACCESS_BROWSER_LOG": browserLog, "CLAWPAIR_HOME": home,
        ]
    }

    /// Every output of every command run through ``run(_:stdin:)``, for the secret check.
    private(set) var outputs: [String] = []

    /// Runs `clawpair ARGS…` against the fake; `stdin` is a file's path.
    @discardableResult
    func run(_ arguments: [String], stdinFile: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let argv = stdinFile == nil ? [LabHosts.clawpair] : ["/bin/sh", "-c", "exec \"$0\" \"$@\" < \"$STDIN_FILE\"", LabHosts.clawpair]
        var environment = self.environment
        if let stdinFile { environment["STDIN_FILE"] = stdinFile }
        let process = try GatewaysProcess(argv + arguments, environment: environment)
        let status = process.wait()
        outputs += [process.stdout, process.stderr]
        return (status, process.stdout, process.stderr)
    }

    /// Sets a fault of the fake (`none` clears it).
    func mode(_ name: String) throws { try admin("POST", "/__admin/mode/\(name)") }

    func revoke() throws { try admin("POST", "/__admin/revoke") }

    /// The edge's requests: `[{path, token, serviceToken}]`.
    func seen() throws -> [[String: Any]] {
        let body = try admin("GET", "/__admin/seen")
        return try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: Any]] ?? []
    }

    @discardableResult
    private func admin(_ method: String, _ path: String) throws -> String {
        let result = try GatewaysProcess.runExecutable(
            "/usr/bin/curl", ["-sS", "-X", method, "--cacert", directory + "/ca.pem", "--resolve", "login.access.test:443:\(address)",
                              "https://login.access.test" + path])
        guard result.status == 0 else { throw GatewaysProcess.Failure(description: "curl \(path): \(result.stderr)") }
        return result.stdout
    }

    /// The registry of ``home``, to read what was stored.
    func registry() throws -> GatewayRegistry {
        try GatewayRegistry(path: home + "/" + GatewayRegistry.fileName)
    }
}

extension GatewaysProcess {
    /// Runs any executable to the end.
    static func runExecutable(
        _ path: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = try GatewaysProcess([path] + arguments, environment: environment)
        let status = process.wait()
        return (status, process.stdout, process.stderr)
    }
}
