import Synchronization

/// Timing constants of the Happy Eyeballs race.
public enum HappyEyeballs {
    /// How long an attempt runs alone before the next one starts: 250 ms.
    ///
    /// RFC 8305 §5 recommends a "Connection Attempt Delay" of 250 ms (within 100 ms–2 s):
    /// long enough that a healthy first route (LAN, loopback, a nearby tailnet peer) usually
    /// answers before a second socket is opened, short enough that a dead first route costs
    /// a quarter second instead of a whole connect timeout. The iOS app's sequential 2 s
    /// probes are what this replaces (spec/routes-and-tls.md).
    public static let connectionAttemptDelay: Duration = .milliseconds(250)
}

/// What became of one attempt of a ``StaggeredRace``.
public enum RaceOutcome<Success: Sendable>: Sendable {
    /// The earliest-ordered attempt that succeeded: the race's result.
    case won(Success)
    /// Succeeded, but an earlier-ordered attempt won; the value was dropped (for a socket:
    /// closed when its last reference went).
    case succeededButLost
    /// Failed with this error.
    case failed(any Error)
    /// Still pending when the race was decided, so it was cancelled.
    case cancelled
    /// Never started: the race was decided first.
    case notStarted

    /// The winning value, if this is the winner.
    public var value: Success? {
        if case .won(let value) = self { return value }
        return nil
    }

    /// The error, if this attempt failed.
    public var error: (any Error)? {
        if case .failed(let error) = self { return error }
        return nil
    }
}

/// One attempt's outcome and when (on the race's clock) it started and ended.
public struct RaceAttemptReport<Success: Sendable, Instant: InstantProtocol>: Sendable {
    public var outcome: RaceOutcome<Success>
    /// When it started; nil if it never did.
    public var startedAt: Instant?
    /// When it ended (read by its task when the attempt returned); nil if it was cancelled
    /// or never started.
    public var finishedAt: Instant?
}

/// The result of a ``StaggeredRace``: every attempt's report, in the attempts' order.
public struct RaceReport<Success: Sendable, Instant: InstantProtocol>: Sendable {
    public var attempts: [RaceAttemptReport<Success, Instant>]
    /// The winning attempt's index, or nil when every attempt failed (or there were none).
    public var winnerIndex: Int?

    /// The winning value.
    public var winner: Success? { winnerIndex.flatMap { attempts[$0].outcome.value } }

    /// The indices in the order the attempts started.
    public var startOrder: [Int] {
        attempts.indices.filter { attempts[$0].startedAt != nil }.sorted {
            (attempts[$0].startedAt!, $0) < (attempts[$1].startedAt!, $1)
        }
    }
}

/// A Happy Eyeballs race over an ordered list of attempts (RFC 8305 §5, applied to routes
/// as well as addresses; spec/routes-and-tls.md).
///
/// Rules:
/// - attempt 0 starts at once; attempt k+1 starts ``stagger`` after attempt k started, or as
///   soon as attempt k fails, whichever comes first;
/// - the result is the *earliest-ordered* success, not the first to arrive: when attempt j
///   succeeds, the race waits only for attempts before j that are still running (one of
///   them may succeed and win), starts no new ones, and cancels the ones after j;
/// - attempts after a success are cancelled at once; when the winner is known every other
///   running attempt is cancelled; an attempt must
///   honour cancellation and release what it holds (a half-open socket). Values of attempts
///   that succeeded but lost are dropped.
///
/// The executor is a task group (structured: `run` returns after every attempt ended). The
/// clock is injectable so tests drive time by hand.
public struct StaggeredRace<C: Clock>: Sendable where C.Duration == Duration {
    /// The delay between starts.
    public var stagger: Duration
    /// The clock the stagger is measured on.
    public var clock: C

    public init(stagger: Duration = HappyEyeballs.connectionAttemptDelay, clock: C) {
        self.stagger = stagger
        self.clock = clock
    }

    /// Runs the attempts; see the type's rules.
    public func run<Success: Sendable>(
        _ attempts: [@Sendable () async throws -> Success]
    ) async -> RaceReport<Success, C.Instant> {
        typealias Report = RaceAttemptReport<Success, C.Instant>
        typealias Event = RaceEvent<Success, C.Instant>
        var reports = [Report](repeating: Report(outcome: .notStarted), count: attempts.count)
        guard !attempts.isEmpty else { return RaceReport(attempts: [], winnerIndex: nil) }
        let clock = self.clock
        let stagger = self.stagger

        return await withTaskGroup(of: Event.self) { group in
            var nextToStart = 0
            var running = Set<Int>()
            var best: (index: Int, value: Success)? = nil
            var cancellations: [Int: AttemptCancellation] = [:]

            /// Starts the next attempt; `scheduled` is when it was due (a timer's deadline),
            /// so reports and the next deadline do not drift with scheduling latency.
            func startNext(scheduled: C.Instant? = nil) {
                let index = nextToStart
                nextToStart += 1
                let start = scheduled ?? clock.now
                reports[index].startedAt = start
                running.insert(index)
                let attempt = attempts[index]
                let cancel = AttemptCancellation()
                cancellations[index] = cancel
                group.addTask {
                    // The attempt runs beside a watcher of its own cancellation, so the race
                    // can cancel this one child (a task group can only cancel all).
                    await withTaskGroup(of: Result<Success, any Error>?.self) { inner in
                        inner.addTask {
                            do { return .success(try await attempt()) } catch { return .failure(error) }
                        }
                        inner.addTask {
                            await cancel.wait()
                            return nil
                        }
                        let first = await inner.next() ?? nil
                        inner.cancelAll()
                        guard let first else {
                            // Cancelled by the race: let the attempt end (and close what it
                            // holds); its result no longer matters.
                            while await inner.next() != nil {}
                            return .finished(index, .failure(CancellationError()), at: clock.now)
                        }
                        while await inner.next() != nil {}
                        return .finished(index, first, at: clock.now)
                    }
                }
                if nextToStart < attempts.count {
                    let deadline = start.advanced(by: stagger)
                    group.addTask {
                        do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return .timerCancelled }
                        return .staggerElapsed(after: index, deadline: deadline)
                    }
                }
            }

            startNext()
            while let event = await group.next() {
                switch event {
                case .timerCancelled:
                    continue
                case .staggerElapsed(let index, let deadline):
                    // Only the newest attempt's timer counts: an earlier failure may already
                    // have started the next attempt.
                    if index == nextToStart - 1, best == nil, nextToStart < attempts.count {
                        startNext(scheduled: deadline)
                    }
                case .finished(let index, let result, let finishedAt):
                    guard running.remove(index) != nil else { continue }  // cancelled earlier
                    cancellations[index] = nil
                    reports[index].finishedAt = finishedAt
                    switch result {
                    case .success(let value):
                        if let current = best, current.index < index {
                            reports[index].outcome = .succeededButLost
                        } else {
                            if let current = best { reports[current.index].outcome = .succeededButLost }
                            best = (index, value)
                            // Later attempts can no longer win: cancel them now.
                            for later in running where later > index {
                                running.remove(later)
                                reports[later].outcome = .cancelled
                                cancellations.removeValue(forKey: later)?.cancel()
                            }
                        }
                    case .failure(let error):
                        reports[index].outcome = .failed(error)
                        if best == nil, index == nextToStart - 1, nextToStart < attempts.count {
                            startNext(scheduled: finishedAt)
                        }
                    }
                }
                let decided: Bool
                if let best {
                    decided = !running.contains { $0 < best.index }
                } else {
                    decided = running.isEmpty && nextToStart == attempts.count
                }
                if decided { break }
            }
            // Decided: cancel the rest (later attempts and stale timers) and let them end.
            for index in running { reports[index].outcome = .cancelled }
            group.cancelAll()
            for await _ in group {}
            guard let best else { return RaceReport(attempts: reports, winnerIndex: nil) }
            reports[best.index].outcome = .won(best.value)
            return RaceReport(attempts: reports, winnerIndex: best.index)
        }
    }
}

/// Cancels one attempt of a race: ``wait()`` returns once ``cancel()`` was called, or when
/// the waiting task itself is cancelled.
private final class AttemptCancellation: Sendable {
    private struct State {
        var cancelled = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    func cancel() {
        let waiter = state.withLock { state in
            state.cancelled = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.cancelled || Task.isCancelled { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            cancel()
        }
    }
}

/// What a child task of the race reports.
private enum RaceEvent<Success: Sendable, Instant: InstantProtocol>: Sendable {
    case finished(Int, Result<Success, any Error>, at: Instant)
    case staggerElapsed(after: Int, deadline: Instant)
    case timerCancelled
}

extension StaggeredRace where C == ContinuousClock {
    /// A race on the real clock.
    public init(stagger: Duration = HappyEyeballs.connectionAttemptDelay) {
        self.init(stagger: stagger, clock: ContinuousClock())
    }
}
