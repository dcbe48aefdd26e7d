import Foundation
import Glibc

/// A child process for test servers, started with `posix_spawn` so that it gets a clean
/// signal state.
///
/// Foundation's `Process` passes on the signal mask of the spawning thread, and the test
/// runner's threads block nearly every signal; a dnsmasq started that way never sees its
/// SIGTERM (the test hung in `waitUntilExit`) nor its SIGCHLD (it cannot reap the children
/// it forks for TCP). Here the mask is emptied and every handler reset to the default.
public final class SpawnedProcess: @unchecked Sendable {
    public let pid: pid_t
    /// stdout and stderr of the child, for failure messages.
    public let logPath: String
    private var exited = false

    /// Starts `executable` with `arguments`; `environment` is added to this process's own.
    public init(executable: String, arguments: [String], environment: [String: String] = [:]) throws {
        logPath = FileManager.default.temporaryDirectory.appendingPathComponent("spawned-\(UUID().uuidString).log").path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { _, added in added }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let result = withCleanSpawnAttributes { posix_spawn(&pid, executable, &actions, $0, argv, envp) }
        guard result == 0 else {
            throw SpawnError(description: "posix_spawn \(executable): \(String(cString: strerror(result)))")
        }
        self.pid = pid
    }

    /// True while the child has not exited (reaps it when it has).
    public var isRunning: Bool {
        guard !exited else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { exited = true }
        return !exited
    }

    /// What the child wrote so far.
    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Sends SIGTERM, waits for the exit (SIGKILL after 2 s), and removes the log.
    public func stop() {
        defer { try? FileManager.default.removeItem(atPath: logPath) }
        guard !exited else { return }
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(2)
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                return
            }
            usleep(5_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        exited = true
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }
}
