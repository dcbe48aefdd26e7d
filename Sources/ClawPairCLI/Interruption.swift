import ClawPairKit
import Synchronization

/// Ctrl-C (or SIGTERM) during a command that ends cleanly on it: the signal cancels the work
/// instead of ending the process, so the command can still say what it reached, then exit
/// 130. Make it before starting the work: from then on a signal can no longer take the
/// default action, however soon it comes.
final class Interruption: Sendable {
    private struct State {
        var signalled = false
        var cancelWork: (@Sendable () -> Void)?
    }
    private let state = Mutex(State())

    init() {
        SignalMonitor.onNextTermination { [self] _ in
            let cancel = self.state.withLock { state in
                state.signalled = true
                return state.cancelWork
            }
            cancel?()
        }
    }

    /// Cancels `work` on the signal (at once, if it already came).
    func cancels<Success: Sendable, Failure: Error>(_ work: Task<Success, Failure>) {
        let signalled = state.withLock { state in
            state.cancelWork = { work.cancel() }
            return state.signalled
        }
        if signalled { work.cancel() }
    }

    /// Whether a signal arrived (and cancelled the work).
    var happened: Bool { state.withLock { $0.signalled } }
}
