import Synchronization

/// Waits for sockets to become readable or writable without blocking Swift's cooperative
/// thread pool.
///
/// One dedicated thread runs `poll(2)` over every descriptor a task is waiting on and resumes
/// each task when its descriptor is ready, its deadline passes, or the task is cancelled
/// (at once: cancellation does not wait for the next poll timeout). Waiting costs a
/// continuation, not a thread, so a browse can have hundreds of queries in flight.
///
/// The thread exists only while something waits (plus ``idleLinger``), so a reactor costs
/// nothing unused and one can be made per client; clients that share one share its thread.
/// Lock order: only ``state``'s mutex; continuations are resumed after it is released.
public final class IOReactor: Sendable {
    /// What a task waits for.
    public enum Interest: Sendable {
        case readable
        case writable
    }

    /// How long the poll thread waits for new work before it exits. A browse starts its
    /// queries in waves a few milliseconds apart (PTR, then SRV and TXT, then A and AAAA);
    /// half a second spans the gaps, so one browse starts one thread, while a finished
    /// command or test does not keep an idle thread around for long.
    public static let idleLinger: Duration = .milliseconds(500)

    private enum Outcome {
        case ready, timedOut, cancelled
        case failed(SystemError)
    }

    private struct Waiter {
        let descriptor: Int32
        let interest: Interest
        let deadline: ContinuousClock.Instant?
        let continuation: CheckedContinuation<Outcome, Never>
    }

    private struct State {
        var waiters: [UInt64: Waiter] = [:]
        var nextID: UInt64 = 0
        /// The sending end of the socket pair that wakes the poll thread; non-nil exactly
        /// while the thread runs.
        var wakeDescriptor: Int32?
    }

    private let state = Mutex(State())
    private let clock = ContinuousClock()

    /// A reactor; its thread starts with the first wait.
    public init() {}

    /// Suspends until `descriptor` is ready for `interest` (true) or `deadline` passes
    /// (false); a nil deadline waits without limit. "Ready" includes an error or hang-up on
    /// the descriptor: the next call on it reports that.
    ///
    /// Throws `CancellationError` when the task is cancelled, and ``SystemError`` when the
    /// poll thread cannot be started or `poll` fails.
    package func wait(for descriptor: Int32, _ interest: Interest, until deadline: ContinuousClock.Instant?) async throws
        -> Bool
    {
        try Task.checkCancellation()
        if let deadline, deadline <= clock.now { return false }
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let waiter = Waiter(
                    descriptor: descriptor, interest: interest, deadline: deadline, continuation: continuation)
                if let immediate = register(waiter, id: id) { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let removed = state.withLock { state in
                let waiter = state.waiters.removeValue(forKey: id)
                // Wake the thread so it stops polling a descriptor nobody waits on.
                if waiter != nil, let wake = state.wakeDescriptor { try? Syscalls.signal(wake: wake) }
                return waiter
            }
            removed?.continuation.resume(returning: .cancelled)
        }
        switch outcome {
        case .ready: return true
        case .timedOut: return false
        case .cancelled: throw CancellationError()
        case .failed(let error): throw error
        }
    }

    /// Adds a waiter and makes sure the thread sees it. Returns an outcome to resume with at
    /// once when the waiter was not kept (already cancelled, or no thread could start).
    private func register(_ waiter: Waiter, id: UInt64) -> Outcome? {
        state.withLock { state -> Outcome? in
            // The cancellation handler may have run before the waiter existed; then it found
            // nothing to remove, and this check (after the insertion) catches it instead.
            if Task.isCancelled { return .cancelled }
            state.waiters[id] = waiter
            do throws(SystemError) {
                if let wake = state.wakeDescriptor {
                    try Syscalls.signal(wake: wake)
                    return nil
                }
                let wake = try Syscalls.wakePair()
                do throws(SystemError) {
                    try Syscalls.spawnDetachedThread { self.run(wake: wake.reading, signal: wake.writing) }
                } catch {
                    Syscalls.close(wake.reading)
                    Syscalls.close(wake.writing)
                    throw error
                }
                state.wakeDescriptor = wake.writing
                return nil
            } catch {
                state.waiters[id] = nil
                return .failed(error)
            }
        }
    }

    // MARK: The poll thread

    /// The thread's loop: poll everything waited on, resume whoever is done, repeat; exit
    /// after ``idleLinger`` with nothing to do.
    private func run(wake: Int32, signal: Int32) {
        var idleSince: ContinuousClock.Instant?
        var descriptors: [Syscalls.PollEntry] = []
        var ids: [UInt64] = []
        while true {
            let now = clock.now
            descriptors.removeAll(keepingCapacity: true)
            ids.removeAll(keepingCapacity: true)
            descriptors.append(Syscalls.PollEntry(descriptor: wake, waitingFor: .readable))
            var timeout: Int32 = -1
            let exit = state.withLock { state -> Bool in
                guard !state.waiters.isEmpty else {
                    let since = idleSince ?? now
                    idleSince = since
                    let left = Self.idleLinger - (now - since)
                    if left <= .zero {
                        state.wakeDescriptor = nil
                        return true
                    }
                    timeout = Self.pollMilliseconds(left)
                    return false
                }
                idleSince = nil
                var nearest: ContinuousClock.Instant?
                for (id, waiter) in state.waiters {
                    ids.append(id)
                    descriptors.append(Syscalls.PollEntry(descriptor: waiter.descriptor, waitingFor: waiter.interest))
                    if let deadline = waiter.deadline, nearest.map({ deadline < $0 }) ?? true { nearest = deadline }
                }
                if let nearest { timeout = Self.pollMilliseconds(nearest - now) }
                return false
            }
            if exit {
                // Nobody can signal any more: wakeDescriptor was cleared under the lock.
                Syscalls.close(signal)
                Syscalls.close(wake)
                return
            }

            var failure: SystemError?
            do { _ = try Syscalls.poll(&descriptors, timeoutMilliseconds: timeout) } catch { failure = error }
            if descriptors[0].isReady { try? Syscalls.drain(wake: wake) }

            let after = clock.now
            var resumptions: [(CheckedContinuation<Outcome, Never>, Outcome)] = []
            state.withLock { state in
                if let failure {
                    // poll itself failed (ENOMEM, too many descriptors): nobody can be served.
                    resumptions = state.waiters.values.map { ($0.continuation, .failed(failure)) }
                    state.waiters.removeAll()
                    return
                }
                for (index, id) in ids.enumerated() where descriptors[index + 1].isReady {
                    if let waiter = state.waiters.removeValue(forKey: id) {
                        resumptions.append((waiter.continuation, .ready))
                    }
                }
                let expired = state.waiters.filter { $0.value.deadline.map { $0 <= after } ?? false }.keys
                for id in expired {
                    if let waiter = state.waiters.removeValue(forKey: id) {
                        resumptions.append((waiter.continuation, .timedOut))
                    }
                }
            }
            for (continuation, outcome) in resumptions { continuation.resume(returning: outcome) }
        }
    }

    /// A poll timeout for `duration`: whole milliseconds rounded up (rounding down would wake
    /// just before a deadline and spin), at least 0, at most `Int32.max`.
    static func pollMilliseconds(_ duration: Duration) -> Int32 {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return Int32.max }
        let total = milliseconds.partialValue + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: total)
    }
}
