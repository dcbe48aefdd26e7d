import Synchronization

/// The first of several racing answers (a blocking call's result, a timer), handed to the
/// one task waiting for it; later answers are dropped. Answers may come from any thread.
final class FirstAnswer<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, Never>?
        /// An answer that came before anyone waited.
        var early: Value?
        var answered = false
    }

    private let state = Mutex(State())

    /// Waits for the first answer.
    func wait(starting racers: () -> Void) async -> Value {
        await withCheckedContinuation { continuation in
            let early = state.withLock { state -> Value? in
                if let early = state.early { return early }
                state.continuation = continuation
                return nil
            }
            if let early {
                continuation.resume(returning: early)
            } else {
                racers()
            }
        }
    }

    /// Answers, unless another answer came first.
    func give(_ value: Value) {
        let continuation = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard !state.answered else { return nil }
            state.answered = true
            guard let waiting = state.continuation else {
                state.early = value
                return nil
            }
            state.continuation = nil
            return waiting
        }
        continuation?.resume(returning: value)
    }
}
