import Synchronization

/// A clock that moves only when a test says so. `sleep(until:)` registers the sleeper before
/// suspending, so a test can wait for the expected sleepers and then advance: every deadline
/// is computed from a `now` the test fixed, and runs are deterministic.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol, CustomStringConvertible {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        var description: String { "\(offset)" }
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID = 0
        var sleepers: [Int: (deadline: Instant, continuation: CheckedContinuation<Void, any Error>)] = [:]
    }

    private let state = Mutex(State())

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    /// `t` after the start.
    static func at(_ offset: Duration) -> Instant { Instant(offset: offset) }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let immediate: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = (deadline, continuation)
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            let continuation = state.withLock { $0.sleepers.removeValue(forKey: id)?.continuation }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// The deadlines of the tasks sleeping now, sorted.
    var sleeperDeadlines: [Instant] { state.withLock { $0.sleepers.values.map(\.deadline).sorted() } }

    /// Waits (in real time, polling) until exactly these deadlines are pending.
    func waitForSleepers(_ deadlines: [Duration]) async throws {
        let expected = deadlines.map(Instant.init(offset:)).sorted()
        for _ in 0..<5000 {
            if sleeperDeadlines == expected { return }
            try await Task.sleep(for: .milliseconds(1))
        }
        throw ClockTimeout(expected: expected.description, actual: sleeperDeadlines.description)
    }

    /// Moves time to `offset` and wakes every sleeper whose deadline came.
    func advance(to offset: Duration) {
        let due = state.withLock { state in
            state.now = Instant(offset: offset)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }
}


struct ClockTimeout: Error, CustomStringConvertible {
    let expected: String
    let actual: String
    var description: String { "sleepers never became \(expected); they are \(actual)" }
}
