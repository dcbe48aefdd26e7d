/// Serialises writes to one WebSocket connection across suspension points.
///
/// An actor alone is not enough: its methods re-enter at every `await`, so two frames could
/// interleave on the wire (and ``TLSSession`` traps on two writes at once). Holders queue in
/// FIFO order; ``release()`` hands the gate straight to the next waiter. Shared by the client
/// and the server side of a connection.
package actor WebSocketWriteGate {
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// Set when a close frame went out: nothing may be sent after it (RFC 6455 §5.5.1). Only
    /// the gate's holder reads or sets it.
    private var closeSent = false

    package init() {}

    /// Writes one encoded frame while holding the gate. Once a close frame was sent, every
    /// later frame (one queued behind the close too) is refused with
    /// ``WebSocketClientError/Code/closed``.
    package func write(_ bytes: [UInt8], isClose: Bool, to stream: any ByteStream, timeout: Duration) async throws {
        await acquire()
        defer { release() }
        guard !closeSent else { throw WebSocketClientError(.closed, "the close frame was already sent") }
        if isClose { closeSent = true }
        try await stream.write(bytes, until: .now + timeout)
    }

    /// Waits until this caller holds the gate. Every acquire must be paired with a release.
    private func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Passes the gate to the oldest waiter, or frees it.
    private func release() {
        if waiters.isEmpty {
            busy = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
