#if canImport(Glibc)
internal import Glibc
#endif

/// Whole-file reads and writes with POSIX calls: EINTR retried, errno kept in the error, a
/// size bound on reads (input files are untrusted), and the mode given at creation so a file
/// that may hold a secret is never briefly world-readable.
public enum FileIO {
    /// Reads stop with an error past this size: no image or setup code clawpair reads comes
    /// near it, and memory must stay bounded whatever file is passed.
    public static let maximumReadBytes = 256 * 1024 * 1024

    public static func readAll(path: String, limit: Int = maximumReadBytes) throws(ClawPairError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw error(errno, "cannot open \(path)") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw error(errno, "cannot read \(path)") }
        guard (info.st_mode & S_IFMT) != S_IFDIR else { throw error(EISDIR, "cannot read \(path)") }
        guard Int(info.st_size) <= limit else { throw tooLarge(path, limit) }
        // st_size is only a hint (pipes and /proc say 0): read to the end, within the cap.
        return try readAll(descriptor: descriptor, name: path, sizeHint: Int(info.st_size), limit: limit)
    }

    public static func readAll(
        descriptor: Int32, name: String, sizeHint: Int = 0, limit: Int = maximumReadBytes
    ) throws(ClawPairError) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(sizeHint + 1)
        let chunkSize = 1 << 20
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunkSize) { chunk throws(ClawPairError) in
            while true {
                let count = read(descriptor, chunk.baseAddress, chunkSize)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw error(errno, "cannot read \(name)")
                }
                if count == 0 { return }
                guard result.count + count <= limit else { throw tooLarge(name, limit) }
                result.append(contentsOf: chunk[..<count])
            }
        }
        return result
    }

    private static func tooLarge(_ name: String, _ limit: Int) -> ClawPairError {
        let size = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB"
        return ClawPairError(.fileUnreadable, "\(name) is larger than the \(size) clawpair reads here")
    }

    public static func write(_ bytes: [UInt8], descriptor: Int32) throws(ClawPairError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw error(errno, "cannot write")
            }
            offset += count
        }
    }

    /// Writes `bytes` to `path` atomically: a temporary file made with `mode` in the same
    /// directory, fsync'd (unless not `synced`: a cache that may be lost), then renamed over
    /// the target.
    public static func writeFile(
        _ bytes: [UInt8], to path: String, mode: UInt32 = 0o600, synced: Bool = true
    ) throws(ClawPairError) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode_t(mode))
        guard descriptor >= 0 else { throw error(errno, "cannot create \(path)") }
        do throws(ClawPairError) {
            try write(bytes, descriptor: descriptor)
            guard !synced || fsync(descriptor) == 0 else { throw error(errno, "cannot write \(path)") }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw error(code, "cannot write \(path)")
        }
    }

    /// Creates `path` when it is missing (an existing file keeps its content) and gives it
    /// exactly `mode`, whatever the umask.
    package static func create(_ path: String, mode: UInt32) throws(ClawPairError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, mode_t(mode))
        guard descriptor >= 0 else { throw error(errno, "cannot create \(path)") }
        _ = fchmod(descriptor, mode_t(mode))
        close(descriptor)
    }

    /// Removes the file `path`; a missing file is not an error.
    package static func remove(_ path: String) {
        _ = unlink(path)
    }

    /// Renames `path` to `newPath`, replacing it (log rotation); false when it failed.
    package static func move(_ path: String, to newPath: String) -> Bool {
        rename(path, newPath) == 0
    }

    /// Closes a descriptor this code opened.
    package static func close(_ descriptor: Int32) {
        Syscalls.close(descriptor)
    }

    /// The size of the open file `descriptor` in bytes, or nil.
    package static func size(of descriptor: Int32) -> Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Opens `path` for appending (created with `mode`, set exactly whatever the umask);
    /// the caller owns the descriptor.
    package static func openForAppending(_ path: String, mode: UInt32) throws(ClawPairError) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, mode_t(mode))
        guard descriptor >= 0 else { throw error(errno, "cannot open \(path)") }
        _ = fchmod(descriptor, mode_t(mode))
        return descriptor
    }

    /// Sets the permission bits of `path` (`chmod`).
    package static func setMode(_ mode: UInt32, of path: String) throws(ClawPairError) {
        guard chmod(path, mode_t(mode)) == 0 else { throw error(errno, "cannot set the mode of \(path)") }
    }

    private static func error(_ code: Int32, _ what: String) -> ClawPairError {
        let reason = String(cString: strerror(code))
        switch code {
        case ENOENT, EACCES, EPERM, EISDIR, ENOTDIR, ELOOP, ENAMETOOLONG:
            return ClawPairError(.fileUnreadable, "\(what): \(reason)", remedy: code == ENOENT ? "check the path" : nil)
        default:
            return ClawPairError(.ioError, "\(what): \(reason)")
        }
    }
}
