#if canImport(Glibc)
internal import Glibc
#endif

/// Tells when files in one directory change (inotify), so the daemon follows a registry
/// written by other processes at once without polling an idle machine.
///
/// Each change to a file whose name starts with ``namePrefix`` wakes ``nextChange()``
/// (others, such as the daemon's own log, are read and ignored); a burst of changes (one
/// SQLite commit touches the database, its `-wal` and `-shm`) is drained as one. Owns the
/// inotify descriptor.
public final class DirectoryWatcher: Sendable {
    /// What wakes a watcher: a file written and closed, modified, created, moved in or out,
    /// or deleted.
    private static let events = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)

    public let path: String
    public let namePrefix: String
    private let descriptor: FileDescriptor
    private let reactor: IOReactor

    /// Watches the files of the directory `path` whose names start with `namePrefix`.
    public init(path: String, namePrefix: String, reactor: IOReactor) throws(ClawPairError) {
        self.namePrefix = namePrefix
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
        while true {
            if drain() { return true }
            guard try await reactor.wait(for: descriptor.rawValue, .readable, until: deadline) else { return false }
        }
    }

    /// Reads every queued event; whether one named a watched file.
    private func drain() -> Bool {
        var matched = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor.rawValue, $0.baseAddress, $0.count) }
            if count > 0 {
                matched = matched || Self.names(in: buffer[..<count]).contains { $0.hasPrefix(namePrefix) }
                continue
            }
            if count < 0 && errno == EINTR { continue }
            return matched
        }
    }

    /// The file names of the `struct inotify_event`s in `bytes` (each: wd, mask, cookie,
    /// len as 32-bit words, then `len` bytes of NUL-padded name).
    static func names(in bytes: ArraySlice<UInt8>) -> [String] {
        var names: [String] = []
        var offset = bytes.startIndex
        while offset + 16 <= bytes.endIndex {
            let length = bytes[(offset + 12)..<(offset + 16)].withUnsafeBytes { Int($0.loadUnaligned(as: UInt32.self)) }
            let nameStart = offset + 16
            guard nameStart + length <= bytes.endIndex else { break }
            names.append(String(decoding: bytes[nameStart..<(nameStart + length)].prefix { $0 != 0 }, as: UTF8.self))
            offset = nameStart + length
        }
        return names
    }

    private static func error(_ code: Int32, _ what: String) -> ClawPairError {
        ClawPairError(.ioError, "\(what): \(String(cString: strerror(code)))")
    }
}
