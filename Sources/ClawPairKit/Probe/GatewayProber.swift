/// Probes every route of a ``ProbePlan`` with a route-level Happy Eyeballs race
/// (``StaggeredRace``): route k+1 starts ``stagger`` after route k, or as soon as k failed,
/// so one dead route costs the stagger, not a timeout (spec/routes-and-tls.md).
///
/// - Default (``Mode/firstSuccess``): the probe ends when a route reaches the gateway; the
///   routes still running are cancelled and reported with their running stage pending
///   (`ok: null`), routes not started yet with no stages. The earliest-ordered route that
///   has reached the gateway by then wins.
/// - ``Mode/all``: every route runs to its own success or failure, for a full report.
public struct GatewayProber<C: Clock>: Sendable where C.Duration == Duration {
    public enum Mode: Sendable {
        case firstSuccess
        case all
    }

    public var prober: RouteProber
    public var mode: Mode
    public var stagger: Duration
    /// The stagger's clock (a test drives it by hand); stage timings use the real clock.
    public var clock: C

    public init(prober: RouteProber, mode: Mode = .firstSuccess, stagger: Duration = HappyEyeballs.connectionAttemptDelay, clock: C) {
        self.prober = prober
        self.mode = mode
        self.stagger = stagger
        self.clock = clock
    }

    /// Probes `plan`; `onStage` hears of every finished stage (for progress output), from
    /// any task.
    public func run(
        _ plan: ProbePlan, onStage: (@Sendable (RouteCandidate, ProbeStage) -> Void)? = nil
    ) async -> ProbeReport {
        let recorders = plan.candidates.map { RouteProbeRecorder(candidate: $0, onStage: onStage) }
        let won = Latch()
        let prober = self.prober
        let mode = self.mode
        let attempts = recorders.map { recorder in
            let pin = plan.pins[recorder.candidate.order]
            return { @Sendable () async throws -> Void in
                switch mode {
                case .all:
                    // Never a "success" for the race, so it starts every route.
                    _ = await prober.probe(pin: pin, recorder: recorder)
                    throw RouteFinished()
                case .firstSuccess:
                    let reached = await withTaskGroup(of: Bool?.self) { group in
                        group.addTask {
                            await prober.probe(pin: pin, recorder: recorder, onReached: { won.fire() })
                        }
                        group.addTask {
                            await won.wait()
                            return nil
                        }
                        let first = await group.next() ?? nil
                        if first == nil, recorder.snapshot().ok == true {
                            // This route fired the signal: let its closing handshake finish.
                            let probed: Bool?? = await group.next()
                            return (probed ?? true) ?? true
                        }
                        group.cancelAll()
                        // Another route won first: this one's result no longer counts.
                        while let next = await group.next() { if first == nil, next == true { return true } }
                        return first ?? false
                    }
                    guard reached else { throw RouteFinished() }
                }
            }
        }
        _ = await StaggeredRace(stagger: stagger, clock: clock).run(attempts)
        return ProbeReport(target: plan.target, routes: recorders.map { $0.snapshot() }, skipped: plan.skipped, warnings: plan.warnings)
    }
}

extension GatewayProber where C == ContinuousClock {
    public init(prober: RouteProber, mode: Mode = .firstSuccess, stagger: Duration = HappyEyeballs.connectionAttemptDelay) {
        self.init(prober: prober, mode: mode, stagger: stagger, clock: ContinuousClock())
    }
}

/// A route ended without reaching the gateway (its recorder says why); to the race, a
/// failed attempt.
private struct RouteFinished: Error {}
