import ClawPairTestSupport
import Foundation
import Testing

/// A lab of network-namespace hosts built by Tests/Harness/netns-hosts (each with its own
/// hostname, /run, D-Bus and avahi-daemon), for tests that run the real `clawpair` binary
/// against real avahi-publish and dnsmasq. Needs root; CI runs as root. `down()` removes
/// exactly what `up` made.
struct LabHosts {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let harness = packageRoot.appendingPathComponent("Tests/Harness/netns-hosts").path
    /// `$CLAWPAIR_HOME` of everything run in lab hosts (a command's own `--home` wins), so
    /// what browses remember stays out of the user's state directory.
    static let stateDirectory: String = {
        var template = Array("/tmp/clawpair-lab-state-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed: errno \(errno)") }
        atexit { try? FileManager.default.removeItem(atPath: LabHosts.stateDirectory) }
        return String(cString: made)
    }()

    /// The `clawpair` built beside the test bundle.
    static var clawpair: String { builtExecutable("clawpair") }

    /// `clawpair` with the test seam that pauses inside a registry transaction when
    /// `CLAWPAIR_TEST_PAUSE_IN` names it (Tests/ClawPairTestPause), for the kill -9 tests.
    static var clawpairTestPause: String { builtExecutable("clawpair-test-pause") }

    /// An executable of this package, built beside the test bundle.
    static func builtExecutable(_ name: String) -> String {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            bundleDirectory.appendingPathComponent(name).path,
            bundleDirectory.deletingLastPathComponent().appendingPathComponent(name).path,
            packageRoot.appendingPathComponent(".build/debug/" + name).path,
        ]
        return candidates.first(where: FileManager.default.isExecutableFile) ?? candidates[2]
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    let name: String

    /// Why the lab cannot be built here, or nil when it can.
    static var unavailableReason: String? {
        if geteuid() != 0 { return "network-namespace tests need root (CI runs as root)" }
        return nil
    }

    init(hosts: [String]) throws {
        name = "t\(getpid() % 100_000)\(Int.random(in: 100...999))"
        do {
            try Self.run([Self.harness, "up", name] + hosts)
        } catch {
            // A host that did not come up (avahi too slow on a loaded machine, say) leaves the
            // others running: the caller's `down()` never runs for a lab it did not get.
            down()
            throw error
        }
    }

    func down() { _ = try? Self.run([Self.harness, "down", name]) }

    @discardableResult
    func exec(_ host: String, _ command: [String], allowFailure: Bool = true) throws -> (status: Int32, stdout: String, stderr: String) {
        try Self.run([Self.harness, "exec", name, host, "--"] + command, allowFailure: allowFailure)
    }

    func spawn(_ host: String, _ label: String, _ command: [String]) throws {
        try Self.run([Self.harness, "spawn", name, host, label, "--"] + command)
    }

    func kill(_ host: String, _ label: String) throws {
        try Self.run([Self.harness, "kill", name, host, label])
    }

    func waitLog(_ host: String, _ label: String, _ pattern: String, seconds: Int = 10) throws {
        try Self.run([Self.harness, "wait-log", name, host, label, pattern, String(seconds)])
    }

    func log(_ host: String, _ label: String) throws -> String {
        let path = try Self.run([Self.harness, "logfile", name, host, label]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    func address(_ host: String, _ family: String = "4") throws -> String {
        try Self.run([Self.harness, "addr", name, host, family]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func serveZone(_ host: String, origin: String, zone: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-zone-\(UUID().uuidString)").path
        try zone.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Self.run([Self.harness, "dnsmasq", name, host, "--zone", file, "--origin", origin])
    }

    /// Runs a command to completion with `posix_spawnp` and `waitpid`, not Foundation's
    /// `Process`: the harness starts daemons that inherit descriptors, and `Process` waits for
    /// those to close; it also hands children the test runner's blocked signal mask, so
    /// daemons would ignore SIGTERM. Here the child's mask is empty and handlers default.
    @discardableResult
    static func run(_ arguments: [String], allowFailure: Bool = false) throws -> (status: Int32, stdout: String, stderr: String) {
        let directory = FileManager.default.temporaryDirectory.path
        let out = "\(directory)/lab-\(UUID().uuidString).out"
        let err = "\(directory)/lab-\(UUID().uuidString).err"
        defer {
            unlink(out)
            unlink(err)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "OPENCLAW_WIDE_AREA_DOMAIN")
        environment["NO_COLOR"] = "1"
        environment["CLAWPAIR_HOME"] = stateDirectory
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = withCleanSpawnAttributes { posix_spawnp(&pid, arguments[0], &actions, $0, argv, envp) }
        guard spawned == 0 else { throw Failure(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WEXITSTATUS / WIFSIGNALED are macros: decode the wait status by hand.
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let result = (
            exitStatus, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "", (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        )
        if !allowFailure, result.0 != 0 {
            throw Failure(description: "\(arguments.joined(separator: " ")) exited \(result.0): \(result.2)")
        }
        return result
    }
}
