/// Serialises writes to one WebSocket connection across suspension points.
///
/// An actor alone is not enough: its methods re-enter at every `await`, so two frames could
/// interleave on the wire (and ``TLSSession`` traps on two writes at once). Holders queue in
/// FIFO order; ``release()`` hands the gate straight to the next waiter.
actor WebSocketWriteGate {
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Waits until this caller holds the gate. Every acquire must be paired with a release.
    func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Passes the gate to the oldest waiter, or frees it.
    func release() {
        if waiters.isEmpty {
            busy = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
