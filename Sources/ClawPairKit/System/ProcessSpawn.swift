#if canImport(Glibc)
internal import Glibc
#endif

/// The one `posix_spawn` of clawpair, for every child it starts (a checked tool, a browser,
/// the detached daemon): standard input from /dev/null, exactly the environment given, and no
/// blocked signals with default handlers, since clawpair blocks SIGINT/SIGTERM in every
/// thread (``SignalMonitor``) and a child must not inherit that.
struct ProcessSpawn {
    /// Where a child's standard output or error goes.
    enum Output {
        case discarded
        /// A descriptor of the parent's (a pipe's write end); dup2 clears close-on-exec for
        /// the child's copy only.
        case descriptor(Int32)
        /// Appended to a file, created 0600 if missing.
        case appending(toFile: String)
        /// Wherever standard output goes (standard error only).
        case standardOutput
    }

    var standardOutput = Output.discarded
    var standardError = Output.discarded
    /// Its own session (setsid): a Ctrl-C or hang-up on clawpair's terminal does not reach it.
    var newSession = false

    /// glibc's `POSIX_SPAWN_SETSID` (since 2.26); Swift's Glibc module is built without
    /// `_GNU_SOURCE`, so the constant is not imported.
    private static let setSessionFlag: Int32 = 0x80

    /// Starts `executable` (an absolute path) with argv `[argv0 ?? executable] + arguments`
    /// and `environment` (`NAME=value`); the child's pid.
    func start(executable: String, argv0: String? = nil, arguments: [String], environment: [String]) throws(SystemError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (output, descriptor) in [(standardOutput, Int32(1)), (standardError, 2)] {
            switch output {
            case .discarded: posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
            case .descriptor(let source): posix_spawn_file_actions_adddup2(&actions, source, descriptor)
            case .appending(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_APPEND, mode_t(StateDirectory.fileMode))
            case .standardOutput: posix_spawn_file_actions_adddup2(&actions, 1, descriptor)
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (newSession ? Self.setSessionFlag : 0)))

        let argv = ([argv0 ?? executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child = pid_t()
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw SystemError(call: "posix_spawn", errno: status) }
        return child
    }

    /// How `pid` ended, reaping it, or nil while it runs. A `waitpid` that fails for another
    /// reason than EINTR (ECHILD: someone else reaped it) reports it gone, as killed.
    static func termination(of pid: pid_t) -> CommandOutput.Termination? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == 0 || (result < 0 && errno == EINTR) { return nil }
        guard result == pid else { return .signalled(SIGKILL) }
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

extension CommandOutput.Termination {
    /// As a shell reports it: the exit status, or 128 + the signal.
    var shellStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .signalled(let signal): 128 + signal
        case .timedOut: 128 + SIGKILL
        }
    }
}
