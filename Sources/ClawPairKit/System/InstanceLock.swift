#if canImport(Glibc)
internal import Glibc
#endif

/// An exclusive `flock` on a file in the state directory, holding this process's pid: one
/// daemon per state directory. The kernel drops the lock when the process ends, even by
/// `kill -9`, so a stale file never blocks a restart.
public final class InstanceLock: Sendable {
    public let path: String
    private let descriptor: FileDescriptor

    /// What stopped the lock from being taken.
    public enum Failure: Error, Sendable {
        /// Another process holds it; its pid as written in the file, when readable.
        case held(byPid: Int32?)
        case failed(ClawPairError)
    }

    /// Takes the lock at `path` (created 0600) and writes this process's pid into it.
    public init(path: String) throws(Failure) {
        let raw = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, mode_t(StateDirectory.fileMode))
        guard raw >= 0 else { throw .failed(ClawPairError(.ioError, "cannot open \(path): \(String(cString: strerror(errno)))")) }
        let owned = FileDescriptor(taking: raw)
        while flock(raw, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            if errno == EWOULDBLOCK { throw .held(byPid: Self.pid(in: raw)) }
            throw .failed(ClawPairError(.ioError, "cannot lock \(path): \(String(cString: strerror(errno)))"))
        }
        _ = fchmod(raw, mode_t(StateDirectory.fileMode))
        _ = ftruncate(raw, 0)
        let text = Array("\(getpid())\n".utf8)
        _ = text.withUnsafeBytes { pwrite(raw, $0.baseAddress, $0.count, 0) }
        self.path = path
        descriptor = owned
    }

    /// The pid written in the lock file `raw`, if it holds one.
    private static func pid(in raw: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(raw, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self).split(separator: "\n").first ?? ""
        return Int32(text)
    }

    /// The pid written in the lock file at `path`, without taking the lock.
    public static func recordedPid(at path: String) -> Int32? {
        let raw = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard raw >= 0 else { return nil }
        defer { close(raw) }
        return pid(in: raw)
    }

    /// The pid of this process (for a "ready" line and the log).
    public static var currentPid: Int32 { getpid() }
}
