#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The system call, named apart from ImageFile.read.
private let systemRead = read

/// Reads image files from disk: the I/O half of scanning, kept apart from decoding.
public enum ImageFile {
    /// The largest file clawpair reads as an image.
    ///
    /// A 16-bit PPM at ``GrayImage/maximumPixelCount`` is 384 MiB, but real QR screenshots and
    /// photos are a few MiB; 256 MiB keeps a mistaken path (a disk image, a video) from being
    /// read into memory whole.
    public static let maximumByteCount = 256 * 1024 * 1024

    /// The contents of the file at `path`.
    ///
    /// - Throws: `.imageUnreadable` when the file can't be opened or read (the message names
    ///   the path and the system's reason); `.imageTooLarge` past ``maximumByteCount``.
    public static func read(_ path: String) throws(ClawPairError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, errno) }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(path, errno) }
        guard (status.st_mode & S_IFMT) != S_IFDIR else { throw failure(path, EISDIR) }
        let expected = Int(status.st_size)
        guard expected <= maximumByteCount else {
            throw ClawPairError(
                .imageTooLarge,
                "\(path) is \(expected / (1024 * 1024)) MiB, more than the \(maximumByteCount / (1024 * 1024)) MiB clawpair reads as an image"
            )
        }

        // st_size is only a hint (pipes and /proc report 0): read to end of file, within the cap.
        var bytes = [UInt8]()
        bytes.reserveCapacity(expected + 1)
        let chunkSize = 1 << 20
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunkSize) {
            chunk throws(ClawPairError) in
            while true {
                let count = systemRead(descriptor, chunk.baseAddress, chunkSize)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw failure(path, errno)
                }
                if count == 0 { return }
                bytes.append(contentsOf: chunk[..<count])
                guard bytes.count <= maximumByteCount else {
                    throw ClawPairError(
                        .imageTooLarge,
                        "\(path) is larger than the \(maximumByteCount / (1024 * 1024)) MiB clawpair reads as an image"
                    )
                }
            }
        }
        return bytes
    }

    private static func failure(_ path: String, _ code: Int32) -> ClawPairError {
        let reason = String(cString: strerror(code))
        return ClawPairError(.imageUnreadable, "cannot read \(path): \(reason)")
    }
}
