#if canImport(Glibc)
internal import Glibc
#endif

/// A program started to outlive clawpair's interest in it, in a session of its own so a
/// Ctrl-C or hang-up meant for clawpair does not reach it: a web browser (output discarded;
/// only looked at to learn whether it failed at once), or clawpair itself as the detached
/// daemon (``relaunchingThisProgram(arguments:environment:logPath:)``). Never stopped by
/// clawpair.
public struct DetachedProcess: Sendable {
    public let pid: Int32

    /// Starts `executable` (an absolute path) with `arguments` (no shell) and exactly
    /// `environment`; standard output and error appended to `logPath`, or discarded.
    init(executable: String, argv0: String? = nil, arguments: [String], environment: [String], logPath: String? = nil) throws(ClawPairError) {
        var spawn = ProcessSpawn()
        spawn.newSession = true
        if let logPath {
            spawn.standardOutput = .appending(toFile: logPath)
            spawn.standardError = .standardOutput
        }
        do throws(SystemError) {
            pid = try spawn.start(executable: executable, argv0: argv0, arguments: arguments, environment: environment)
        } catch {
            throw ClawPairError(.ioError, "cannot run \(executable): \(error.message)")
        }
    }

    /// This program again with `arguments` (argv[1…]), from a fresh process (not a fork of
    /// this one, so no thread or lock of the parent's runtime is carried over), named
    /// `clawpair` in `ps`.
    public static func relaunchingThisProgram(arguments: [String], environment: [String], logPath: String) throws(ClawPairError) -> DetachedProcess {
        try DetachedProcess(executable: executablePath, argv0: "clawpair", arguments: arguments, environment: environment, logPath: logPath)
    }

    /// This program's file, so the child's name (`ps`, `/proc/PID/comm`) is `clawpair`
    /// rather than `exe`; `/proc/self/exe` itself when it cannot be read.
    static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "/proc/self/exe" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The exit status once it has exited (and reaps it), nil while it runs; a signal counts
    /// as 128 + the signal.
    public func exitStatusIfExited() -> Int32? {
        ProcessSpawn.termination(of: pid)?.shellStatus
    }
}
