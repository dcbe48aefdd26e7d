#if canImport(Glibc)
internal import Glibc
#endif

/// Starts this program again in a new session, detached from the terminal, with standard
/// input from /dev/null and standard output and error appended to a log file: how
/// `clawpair daemon` without `--foreground` goes to the background. A fresh process (not a
/// fork of this one) so no thread or lock of the parent's runtime is carried over.
public struct DetachedSpawn: Sendable {
    public let pid: Int32

    /// glibc's `POSIX_SPAWN_SETSID` (since 2.26); Swift's Glibc module is built without
    /// `_GNU_SOURCE`, so the constant is not imported.
    private static let setSessionFlag: Int32 = 0x80

    /// Runs this program again with `arguments` (argv[1…]) and `environment` (`NAME=value`).
    public init(arguments: [String], environment: [String], logPath: String) throws(ClawPairError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, mode_t(StateDirectory.fileMode))
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | Self.setSessionFlag))

        let argv = (["clawpair"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child = pid_t()
        let status = posix_spawn(&child, Self.executablePath, &actions, &attributes, argv, envp)
        guard status == 0 else { throw ClawPairError(.ioError, "cannot start the daemon: \(String(cString: strerror(status)))") }
        pid = child
    }

    /// This program's file, so the child's name (`ps`, `/proc/PID/comm`) is `clawpair`
    /// rather than `exe`; `/proc/self/exe` itself when it cannot be read.
    static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "/proc/self/exe" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The child's exit status if it has ended (reaping it), else nil.
    public func exitStatus() -> Int32? {
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return nil }
        return (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
    }
}
