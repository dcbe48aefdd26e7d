/// Tells the event loop to stop, from any thread: a socket pair (``Syscalls/wakePair()``),
/// one end of which the loop polls beside the Avahi connection. It owns both ends and closes
/// them in `deinit`, once neither the loop nor anyone who may still signal holds it.
package final class MDNSWakeSignal: Sendable {
    /// The end the loop polls; readable once `signal()` was called.
    package let descriptor: Int32
    private let writeEnd: Int32

    package init() throws(ClawPairError) {
        do throws(SystemError) {
            (descriptor, writeEnd) = try Syscalls.wakePair()
        } catch {
            throw ClawPairError(.mdnsFailed, "cannot create the mDNS loop's wake-up sockets: \(error.message)")
        }
    }

    deinit {
        Syscalls.close(descriptor)
        Syscalls.close(writeEnd)
    }

    /// Makes `descriptor` readable. Safe to call many times, and after the loop ended.
    package func signal() {
        // Only a full buffer can fail here, and then the loop is readable already.
        try? Syscalls.signal(wake: writeEnd)
    }
}
