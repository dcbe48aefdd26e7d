#if canImport(Glibc)
internal import Glibc
#endif

/// Tells the event loop to stop, from any thread: a socket pair, one end of which the loop
/// polls beside the dns_sd sockets. It owns both ends and closes them in `deinit`, once
/// neither the loop nor anyone who may still signal holds it.
///
/// A socket pair rather than `eventfd` or `pipe2`, which Swift's Glibc module does not
/// export (they need _GNU_SOURCE), and whose flags, unlike `pipe` + `fcntl`, are set
/// atomically: the descriptors never leak into a child process started meanwhile.
final class MDNSWakeSignal: Sendable {
    /// The end the loop polls; readable once `signal()` was called.
    let descriptor: Int32
    private let writeEnd: Int32

    init() throws(ClawPairError) {
        var ends: [Int32] = [-1, -1]
        // Non-blocking: a signal into a full buffer must not block (the loop is awake anyway).
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        guard socketpair(AF_UNIX, type, 0, &ends) == 0 else {
            throw ClawPairError(
                .mdnsFailed, "cannot create the mDNS loop's wake-up sockets: \(String(cString: strerror(errno)))")
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    /// Makes `descriptor` readable. Safe to call many times, and after the loop ended.
    func signal() {
        var byte: UInt8 = 1
        // Only EAGAIN (buffer full, so already readable) can fail here; nothing to do then.
        _ = write(writeEnd, &byte, 1)
    }
}
