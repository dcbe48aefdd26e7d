import Synchronization

/// The stages of one route as they run, kept outside the probing task so that a route
/// cancelled mid-stage (another route won) can still be reported: its unfinished stage
/// shows as pending, with no failure claimed (spec/cli.md `probe`).
final class RouteProbeRecorder: Sendable {
    private struct State {
        var stages: [ProbeStage] = []
        var current: (layer: ProbeLayer, since: ContinuousClock.Instant)?
        var failure: ProbeFailure?
    }

    let candidate: RouteCandidate
    private let state = Mutex(State())
    private let onStage: (@Sendable (RouteCandidate, ProbeStage) -> Void)?

    init(candidate: RouteCandidate, onStage: (@Sendable (RouteCandidate, ProbeStage) -> Void)?) {
        self.candidate = candidate
        self.onStage = onStage
    }

    func begin(_ layer: ProbeLayer) {
        state.withLock { $0.current = (layer, .now) }
    }

    func pass(_ layer: ProbeLayer, detail: JSONValue = .object([])) {
        finish(ProbeStage(layer: layer, status: .passed, milliseconds: 0, detail: detail), failure: nil)
    }

    func fail(_ layer: ProbeLayer, _ error: ClawPairError, detail: JSONValue = .object([])) {
        finish(ProbeStage(layer: layer, status: .failed, milliseconds: 0, detail: detail), failure: ProbeFailure(layer: layer, error))
    }

    private func finish(_ stage: ProbeStage, failure: ProbeFailure?) {
        var stage = stage
        let now = ContinuousClock.now
        state.withLock { state in
            if let current = state.current, current.layer == stage.layer {
                stage.milliseconds = Self.milliseconds(current.since.duration(to: now))
            }
            state.current = nil
            state.stages.append(stage)
            if state.failure == nil, let failure { state.failure = failure }
        }
        onStage?(candidate, stage)
    }

    /// The route as it stands: finished stages, plus the running one as pending.
    func snapshot() -> RouteProbe {
        let now = ContinuousClock.now
        return state.withLock { state in
            var stages = state.stages
            if let current = state.current {
                stages.append(
                    ProbeStage(layer: current.layer, status: .pending, milliseconds: Self.milliseconds(current.since.duration(to: now))))
            }
            return RouteProbe(candidate: candidate, stages: stages, failure: state.failure)
        }
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
