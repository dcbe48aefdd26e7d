#if canImport(Glibc)
internal import Glibc
#endif

/// A child process started with posix_spawn, standard input from /dev/null and standard
/// output and error on pipes the parent reads. Owns the child's pid and the read ends: the
/// pipes are closed, and a child still running is stopped and reaped, when this goes away.
final class ChildProcess {
    let pid: pid_t
    /// Read ends of the child's standard output and standard error (close-on-exec).
    let standardOutput: Int32
    let standardError: Int32
    private var reaped = false

    /// Starts `executable` (an absolute path) with exactly `environment` (`NAME=value`).
    /// The child starts with no blocked signals and default handlers: clawpair blocks
    /// SIGINT/SIGTERM in every thread (SignalMonitor), and a child must not inherit that.
    init(executable: String, arguments: [String], environment: [String]) throws(ClawPairError) {
        // Close-on-exec, so no other child inherits them.
        let outputPipe: (reading: Int32, writing: Int32)
        let errorPipe: (reading: Int32, writing: Int32)
        do throws(SystemError) {
            outputPipe = try Syscalls.pipe()
        } catch {
            throw ClawPairError(.ioError, "cannot run \(executable): pipe: \(error.message)")
        }
        do throws(SystemError) {
            errorPipe = try Syscalls.pipe()
        } catch {
            close(outputPipe.reading)
            close(outputPipe.writing)
            throw ClawPairError(.ioError, "cannot run \(executable): pipe: \(error.message)")
        }
        // The parent's write ends close once the child has its copies, so EOF on a read end
        // means the child (and anything it passed the pipe to) is done writing.
        defer {
            close(outputPipe.writing)
            close(errorPipe.writing)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // dup2 onto 1 and 2 clears close-on-exec for the child's copies only.
        posix_spawn_file_actions_adddup2(&actions, outputPipe.writing, 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe.writing, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var childPID = pid_t()
        let status = Self.withCStrings([executable] + arguments) { argv in
            Self.withCStrings(environment) { envp in
                posix_spawn(&childPID, executable, &actions, &attributes, argv, envp)
            }
        }
        guard status == 0 else {
            close(outputPipe.reading)
            close(errorPipe.reading)
            throw ClawPairError(.ioError, "cannot run \(executable): \(String(cString: strerror(status)))")
        }
        pid = childPID
        standardOutput = outputPipe.reading
        standardError = errorPipe.reading
    }

    deinit {
        if !reaped { stop(grace: .zero, pollInterval: .milliseconds(1)) }
        close(standardOutput)
        close(standardError)
    }

    /// How the child ended, if it has; reaps it then.
    func reapIfExited() -> CommandOutput.Termination? {
        guard !reaped else { return nil }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == 0 || (result < 0 && errno == EINTR) { return nil }
        reaped = true
        // waitpid failing otherwise (ECHILD) means someone else reaped it: report it as gone.
        guard result == pid else { return .signalled(SIGKILL) }
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// SIGTERM, up to `grace` to exit, then SIGKILL; returns once the child is reaped.
    func stop(grace: Duration, pollInterval: Duration) {
        guard !reaped else { return }
        kill(pid, SIGTERM)
        let clock = ContinuousClock()
        let graceEnd = clock.now.advanced(by: grace)
        while reapIfExited() == nil && clock.now < graceEnd {
            Syscalls.sleep(for: pollInterval)
        }
        guard !reaped else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
    }

    /// A NULL-terminated `char *[]` of `strings` for the duration of `body`.
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}
