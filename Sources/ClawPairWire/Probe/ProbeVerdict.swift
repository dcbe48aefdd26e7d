/// The one-line answer of a probe: did some route reach the gateway, and if not, the first
/// failing layer of the best route, in words a user can act on, with one remedy
/// (spec/routes-and-tls.md, "Verdict and remedies"). `{ok, route, layer, code, message,
/// remedy}` in spec/cli.md.
public struct ProbeVerdict: Sendable, Hashable {
    public var ok: Bool
    /// The URL of the route the verdict is about (the winner, or the best failed route).
    public var route: String?
    /// `gateway` for a success; the failing layer otherwise.
    public var layer: ProbeLayer?
    /// nil for a success.
    public var code: ClawPairError.Code?
    public var message: String
    public var remedy: String?

    public init(
        ok: Bool, route: String?, layer: ProbeLayer?, code: ClawPairError.Code?, message: String, remedy: String?
    ) {
        self.ok = ok
        self.route = route
        self.layer = layer
        self.code = code
        self.message = message
        self.remedy = remedy
    }

    /// Decides from the routes' outcomes (pure).
    ///
    /// - Success: the earliest-ordered route whose gateway stage passed.
    /// - Otherwise the *best* failed route: the one whose failure lies deepest in the stage
    ///   order (a pin mismatch at `tls` says more than a timeout at `tcp` on another route),
    ///   the earliest-ordered on a tie; its failure and the remedy for its code.
    public static func decide(_ routes: [RouteProbe]) -> ProbeVerdict {
        let ordered = routes.sorted { $0.candidate.order < $1.candidate.order }
        if let winner = ordered.first(where: { $0.ok == true }) {
            let gateway = winner.stages.last { $0.layer == .gateway }
            let total = winner.stages.reduce(Int64(0)) { $0 + $1.milliseconds }
            let after = gateway.map { _ in " after \(total) ms" } ?? ""
            return ProbeVerdict(
                ok: true, route: winner.candidate.route.url, layer: .gateway, code: nil,
                message: "\(winner.candidate.route.url) reached the gateway (connect.challenge received\(after))",
                remedy: nil)
        }
        // A ws:// route that met a TLS port only echoes the wss:// route to the same host and
        // port that completed a handshake: that one's failure is the real one.
        let handshaken = Set(
            ordered.filter { route in route.candidate.route.tls && route.stages.contains { $0.layer == .tls && $0.detail["fingerprint"] != nil } }
                .map(\.candidate.route.authority))
        let all = ordered.filter { $0.failure != nil }
        let real = all.filter { !(ProbeRemedy.plaintextMetTLS($0) && handshaken.contains($0.candidate.route.authority)) }
        let failed = real.isEmpty ? all : real
        guard let best = failed.min(by: { ($1.failure!.layer.depth, $0.candidate.order) < ($0.failure!.layer.depth, $1.candidate.order) })
        else {
            let message = routes.isEmpty ? "there is no route to probe" : "the probe ended before any route finished"
            return ProbeVerdict(ok: false, route: nil, layer: nil, code: nil, message: message, remedy: nil)
        }
        let failure = best.failure!
        return ProbeVerdict(
            ok: false, route: best.candidate.route.url, layer: failure.layer, code: failure.code,
            message: failure.message, remedy: ProbeRemedy.remedy(for: best))
    }
}
