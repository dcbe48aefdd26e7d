#if canImport(Glibc)
internal import Glibc
#endif

/// Tells when files in one directory change (inotify), so the daemon follows a registry
/// written by other processes at once without polling an idle machine.
///
/// Each change wakes ``nextChange()``; a burst of changes (one SQLite commit touches the
/// database, its `-wal` and `-shm`) is drained as one. Owns the inotify descriptor.
public final class DirectoryWatcher: Sendable {
    /// What wakes a watcher: a file written and closed, modified, created, moved in or out,
    /// or deleted.
    private static let events = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)

    public let path: String
    private let descriptor: FileDescriptor
    private let reactor: IOReactor

    /// Watches the directory `path`.
    public init(path: String, reactor: IOReactor) throws(ClawPairError) {
        let raw = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard raw >= 0 else { throw Self.error(errno, "inotify_init1") }
        descriptor = FileDescriptor(taking: raw)
        guard inotify_add_watch(raw, path, Self.events) >= 0 else { throw Self.error(errno, "watching \(path)") }
        self.path = path
        self.reactor = reactor
    }

    /// Waits for the next change (nil deadline: without limit); false when `deadline`
    /// passed first. Everything queued so far is consumed.
    public func nextChange(until deadline: ContinuousClock.Instant? = nil) async throws -> Bool {
        if drain() { return true }
        guard try await reactor.wait(for: descriptor.rawValue, .readable, until: deadline) else { return false }
        _ = drain()
        return true
    }

    /// Reads every queued event; whether there was one.
    private func drain() -> Bool {
        var any = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor.rawValue, $0.baseAddress, $0.count) }
            if count > 0 {
                any = true
                continue
            }
            if count < 0 && errno == EINTR { continue }
            return any
        }
    }

    private static func error(_ code: Int32, _ what: String) -> ClawPairError {
        ClawPairError(.ioError, "\(what): \(String(cString: strerror(code)))")
    }
}
