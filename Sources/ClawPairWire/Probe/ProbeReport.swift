/// The result of `clawpair probe`: the target, a verdict and every route's stages
/// (spec/cli.md `probe`: `{target, verdict, routes[]}`).
public struct ProbeReport: Sendable, Hashable {
    /// The target in words (``ProbeTarget/display``; never a secret).
    public var target: String
    /// The routes, in their list order.
    public var routes: [RouteProbe]
    /// Routes the target named but that could not be probed (a discovered address that is not
    /// a valid route, an ignored setup-code route), for the human report.
    public var skipped: [String]
    /// What the target can be probed with but not used for (an expired setup code).
    public var warnings: [ClawPairError]

    public init(target: String, routes: [RouteProbe], skipped: [String] = [], warnings: [ClawPairError] = []) {
        self.target = target
        self.routes = routes.sorted { $0.candidate.order < $1.candidate.order }
        self.skipped = skipped
        self.warnings = warnings
    }

    public var verdict: ProbeVerdict { ProbeVerdict.decide(routes) }
}
