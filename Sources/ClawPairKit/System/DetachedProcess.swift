#if canImport(Glibc)
internal import Glibc
#endif

/// A program started to outlive clawpair's interest in it (a web browser): standard input,
/// output and error on /dev/null, default signal state, its own session so a Ctrl-C meant for
/// clawpair does not reach it. Never stopped by clawpair; only looked at to learn whether it
/// failed at once (no such browser, no display).
final class DetachedProcess: Sendable {
    let pid: pid_t
    /// glibc's POSIX_SPAWN_SETSID (2.26+), hidden from Swift behind _GNU_SOURCE.
    private static let spawnSetSID: Int16 = 0x80

    /// Starts `executable` (an absolute path) with `arguments` (no shell) and exactly `environment`.
    init(executable: String, arguments: [String], environment: [String]) throws(ClawPairError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | Self.spawnSetSID)
        var childPID = pid_t()
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let status = posix_spawn(&childPID, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw ClawPairError(.ioError, "cannot run \(executable): \(String(cString: strerror(status)))")
        }
        pid = childPID
    }

    /// The exit status once it has exited (and reaps it), nil while it runs; a signal counts
    /// as status 128 + signal.
    func exitStatusIfExited() -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return result < 0 && errno != EINTR ? 127 : nil }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
