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

    /// Starts `executable` (an absolute path) with exactly `environment` (`NAME=value`),
    /// through ``ProcessSpawn``.
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

        var spawn = ProcessSpawn()
        spawn.standardOutput = .descriptor(outputPipe.writing)
        spawn.standardError = .descriptor(errorPipe.writing)
        let childPID: pid_t
        do throws(SystemError) {
            childPID = try spawn.start(executable: executable, arguments: arguments, environment: environment)
        } catch {
            close(outputPipe.reading)
            close(errorPipe.reading)
            throw ClawPairError(.ioError, "cannot run \(executable): \(error.message)")
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
        guard let termination = ProcessSpawn.termination(of: pid) else { return nil }
        reaped = true
        return termination
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
}
