import ClawPairTestSupport
import Foundation
import Glibc

/// The real `clawpair` binary started with posix_spawn (clean signal mask, default handlers),
/// so registry tests can run several at once and kill one mid-change.
final class GatewaysProcess {
    let pid: pid_t
    let stdoutPath: String
    let stderrPath: String
    private var status: Int32?
    /// The write end of the child's stdin pipe, when `keepStdinOpen` (openssl s_server stops
    /// at end of input).
    private var stdinWriter: Int32 = -1

    /// Starts `argv[0]` (a path) with `argv` and extra environment; stdin is /dev/null, or
    /// a pipe held open until deinit with `keepStdinOpen`.
    init(_ argv: [String], environment extra: [String: String] = [:], keepStdinOpen: Bool = false) throws {
        let directory = FileManager.default.temporaryDirectory.path
        stdoutPath = "\(directory)/gateways-\(UUID().uuidString).out"
        stderrPath = "\(directory)/gateways-\(UUID().uuidString).err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        if keepStdinOpen {
            guard pipe(&pipeEnds) == 0, fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "CLAWPAIR_HOME")
        for (key, value) in extra { environment[key] = value }
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in cArguments { free(pointer) }
            for pointer in cEnvironment { free(pointer) }
        }
        var pid: pid_t = 0
        let result = withCleanSpawnAttributes { posix_spawn(&pid, argv[0], &actions, $0, cArguments, cEnvironment) }
        if keepStdinOpen {
            close(pipeEnds[0])
            stdinWriter = pipeEnds[1]
        }
        guard result == 0 else { throw Failure(description: "posix_spawn \(argv[0]): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Waits for the exit; returns the exit status, or 128 + signal.
    @discardableResult
    func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS are macros: decode by hand.
        let decoded = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        status = decoded
        return decoded
    }

    /// Polls for the exit until `seconds` pass (a hang guard, not a timing); whether it exited.
    func waitForExit(seconds: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while status == nil, Date() < deadline {
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, WNOHANG)
            if result == pid {
                status = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
            } else {
                usleep(2_000)
            }
        }
        return status != nil
    }

    func kill9() {
        guard status == nil else { return }
        _ = Glibc.kill(pid, SIGKILL)
        wait()
    }

    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Polls stderr until it contains `text` or `seconds` pass (a hang guard, not a timing).
    func waitForStderr(_ text: String, seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if stderr.contains(text) { return true }
            usleep(2_000)
        }
        return false
    }

    /// Runs `clawpair ARGS…` to the end.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = try GatewaysProcess([LabHosts.clawpair] + arguments, environment: environment)
        let status = process.wait()
        return (status, process.stdout, process.stderr)
    }

    deinit {
        kill9()
        if stdinWriter >= 0 { close(stdinWriter) }
        unlink(stdoutPath)
        unlink(stderrPath)
    }
}
