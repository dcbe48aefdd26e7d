/// What `clawpair probe` will try, decided before any packet is sent: the ordered route
/// list of spec/routes-and-tls.md and the pin each `wss` route must match.
public struct ProbePlan: Sendable {
    /// The target in words (never a secret).
    public var target: String
    /// The routes in order.
    public var candidates: [RouteCandidate]
    /// Pins by route order: a setup code's fingerprint pins its primary route only (its
    /// other routes do not inherit it, spec/setup-codes.md); `--fingerprint` pins every
    /// `wss` route and wins over the setup code's.
    public var pins: [Int: TLSPin]
    /// Routes named by the target that cannot be probed, and why.
    public var skipped: [String]
    /// What the probe can show but a pairing could not use (an expired setup code): said on
    /// stderr and in the report's `warnings`.
    public var warnings: [ClawPairError] = []

    public init(target: String, candidates: [RouteCandidate], pins: [Int: TLSPin] = [:], skipped: [String] = []) {
        self.target = target
        self.candidates = candidates
        self.pins = pins
        self.skipped = skipped
    }

    /// The plan for a classified target.
    ///
    /// - Parameters:
    ///   - registryRoute: the registry entry's last proven route, first in the list (issue
    ///     #6 fills this in when TARGET names a paired gateway; nil until then).
    ///   - discovered: the instances found for an instance-name target.
    ///   - fingerprint: the `--fingerprint` pin.
    ///   - nowMs: the clock (Unix ms) a setup code's expiry is compared with: an expired
    ///     code is still probed (no credential is sent) with a warning that it cannot pair.
    public init(
        target: ProbeTarget, registryRoute: GatewayRoute? = nil, discovered: [DiscoveredGateway] = [],
        fingerprint: TLSPin? = nil, nowMs: Int64? = nil
    ) {
        let list: RouteList
        var skipped: [String] = []
        switch target {
        case .setupCode(let code):
            list = RouteList(registry: registryRoute, setupCode: code)
            skipped = code.ignoredRoutes.map { "\($0.url): \($0.reason)" }
        case .url(let route):
            list = RouteList(registry: registryRoute, manual: [route])
        case .host(let route):
            // No scheme typed: what the user means is wss, or ws where plaintext is allowed.
            let candidates = route.schemeCandidates
            list = RouteList(registry: registryRoute, manual: candidates)
            if let plain = try? GatewayRoute(host: route.host, port: route.port, tls: false, contextPath: route.contextPath),
                !candidates.contains(plain), let refusal = plain.plaintextRefusal()
            {
                skipped.append("\(plain.url): not tried: \(refusal.message)")
            }
        case .instanceName:
            list = RouteList(registry: registryRoute, discovered: discovered)
        }
        skipped += list.skipped.map { "\($0.text): \($0.reason)" }
        var pins: [Int: TLSPin] = [:]
        for candidate in list.candidates where candidate.route.tls {
            if let fingerprint {
                pins[candidate.order] = fingerprint
            } else if case .setupCode(let code) = target, candidate.route == code.primary,
                let hex = code.tlsFingerprint
            {
                pins[candidate.order] = .certificate(hex)
            }
        }
        self.init(target: target.display, candidates: list.candidates, pins: pins, skipped: skipped)
        if case .setupCode(let code) = target, let nowMs, let expiresAtMs = code.expiresAtMs, expiresAtMs <= nowMs {
            warnings.append(ClawPairError(
                .setupCodeExpired,
                "the setup code expired at \(UTCTimestamp.format(milliseconds: expiresAtMs)): its routes are probed (no credential "
                    + "is sent), but it cannot pair",
                remedy: SetupCodeRemedy.newCode))
        }
    }
}
