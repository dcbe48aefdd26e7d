/// What a probe learned about one route: its stages in order and, when it failed, why.
public struct RouteProbe: Sendable, Hashable {
    /// The route and where it came from.
    public var candidate: RouteCandidate
    /// The stages that ran (or were running), in order.
    public var stages: [ProbeStage]
    /// The first failing stage's failure, or nil.
    public var failure: ProbeFailure?

    public init(candidate: RouteCandidate, stages: [ProbeStage] = [], failure: ProbeFailure? = nil) {
        self.candidate = candidate
        self.stages = stages
        self.failure = failure
    }

    /// `true` when the gateway stage passed, `false` when a stage failed, nil when the probe
    /// ended before this route finished (or started).
    public var ok: Bool? {
        if failure != nil { return false }
        if stages.last.map({ $0.layer == .gateway && $0.status == .passed }) == true { return true }
        return nil
    }

    /// The deepest layer this route passed, or nil when none did.
    public var deepestPassed: ProbeLayer? {
        stages.filter { $0.status == .passed }.map(\.layer).max()
    }
}
