internal import Glibc
import Synchronization

/// SIGINT and SIGTERM, turned into something a long-running command can await.
///
/// `start()` blocks both signals in the process (call it first thing in `main`, before any
/// thread exists, so every thread inherits the mask) and takes them on one thread with
/// `sigwait`. While a command waits in `nextTermination()`, a signal resumes it, so a `--watch`
/// loop can end cleanly and exit 0. With no one waiting, the process exits as the default
/// action would (128 + signal), so Ctrl-C still stops every other command at once.
public enum SignalMonitor {
    private static let waiters = Mutex<[CheckedContinuation<Int32, Never>]>([])
    private static let started = Atomic<Bool>(false)

    public static func start() {
        guard !started.exchange(true, ordering: .relaxed) else { return }
        var set = terminationSignals
        pthread_sigmask(SIG_BLOCK, &set, nil)
        // Without this thread SIGINT would stay blocked forever: failing to start it is fatal.
        do {
            try Syscalls.spawnDetachedThread { deliverSignals() }
        } catch {
            fatalError("cannot start the signal thread: \(error)")
        }
    }

    /// Waits for SIGINT or SIGTERM and returns its number. Cancellation is not awaited:
    /// callers race this against their work in a task group.
    public static func nextTermination() async -> Int32 {
        await withCheckedContinuation { continuation in
            waiters.withLock { $0.append(continuation) }
        }
    }

    private static var terminationSignals: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }

    private static func deliverSignals() {
        var set = terminationSignals
        while true {
            var signal: Int32 = 0
            guard sigwait(&set, &signal) == 0 else { continue }
            let pending = waiters.withLock { waiting in
                defer { waiting.removeAll() }
                return waiting
            }
            if pending.isEmpty { _exit(128 + signal) }
            for waiter in pending { waiter.resume(returning: signal) }
        }
    }
}
