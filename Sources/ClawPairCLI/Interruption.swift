import ClawPairKit
import Synchronization

/// Ctrl-C (or SIGTERM) during a command that ends cleanly on it: the signal cancels `work`
/// instead of ending the process, so the command can still say what it reached, then exit
/// 130. The wait is registered at once; a signal before that takes the default action.
final class Interruption: Sendable {
    private let signalled = Atomic<Bool>(false)

    init<Success: Sendable, Failure: Error>(cancelling work: Task<Success, Failure>) {
        Task.detached { [self] in
            _ = await SignalMonitor.nextTermination()
            self.signalled.store(true, ordering: .relaxed)
            work.cancel()
        }
    }

    /// Whether a signal arrived (and cancelled the work).
    var happened: Bool { signalled.load(ordering: .relaxed) }
}
