/// Picks the route pairing runs on: the routes race in order with the Happy Eyeballs stagger
/// (``StaggeredRace``: route k+1 starts 250 ms after route k or as soon as it failed; the
/// earliest-ordered success wins), each held to its pin (``PairingPins``) or system trust.
///
/// Then the trust rules of spec/routes-and-tls.md:
/// - a pin that would replace the stored one (a new setup code's, or another certificate on
///   a route held to the stored pin) is a ``TLSPinChange``: accepted only with `--trust` naming
///   the new certificate or the user's confirmation, before any credential is sent (a new
///   code's pin before any connection); else exit 5, or exit 1 when the user says no;
/// - any other pin mismatch ends pairing (exit 5) even when another route worked: a
///   known pin that does not match means someone else answers for this gateway, and the
///   setup code's pin admits no "trust anyway";
/// - when no route worked and one failed only because its certificate is not trusted, the
///   earliest such route may be trusted explicitly (``PairingTrustOptions``: `--trust` when it
///   matches, first use, or the user's confirmation), and is opened again held to that
///   certificate's fingerprint (or the `--trust` key). Never silently.
struct PairingRouteSelector<C: Clock>: Sendable where C.Duration == Duration {
    let connector: PairingRouteConnector
    let pins: PairingPins
    let trust: PairingTrustOptions
    let stagger: Duration
    let clock: C

    /// The chosen route, or the error that explains why there is none.
    func select(_ routes: [GatewayRoute], onEvent: @Sendable (PairingEvent) -> Void) async throws(ClawPairError) -> PairingOpenedRoute {
        let connector = self.connector
        let pins = try await acceptingSetupCodePin(onEvent: onEvent)
        let attempts = routes.map { route in
            { @Sendable () async throws -> PairingOpenedRoute in try await connector.open(route, pin: pins.pin(for: route)) }
        }
        let report = await StaggeredRace(stagger: stagger, clock: clock).run(attempts)
        let failures = report.attempts.compactMap { $0.outcome.error as? PairingRouteFailure }
        for failure in failures { onEvent(.routeFailed(failure.route, failure.error)) }

        if let mismatch = failures.first(where: { $0.error.code == .tlsPinMismatch }) {
            if let winner = report.winner { await winner.websocket.close(code: .normalClosure, reason: "pin mismatch") }
            guard let peer = mismatch.peer, let change = pins.storedPinChange(mismatch.route, peer: peer) else { throw mismatch.error }
            let pin = try await decide(change)
            onEvent(.pinChanged(change))
            do { return try await connector.open(mismatch.route, pin: pin) } catch { throw error.error }
        }
        if let winner = report.winner { return winner }

        if let untrusted = failures.first(where: { Self.needsUserTrust($0) }), let peer = untrusted.peer {
            let question = TLSTrustQuestion(route: untrusted.route, peer: peer, reason: untrusted.error)
            let accepted: Bool
            var pin = TLSPin.certificate(peer.fingerprint.hex)
            if let explicit = trust.fingerprint {
                // --trust: the user vouched for one certificate (or key); anything else is refused.
                if case .rejected(let error) = TLSTrustPolicy.evaluate(peer, pin: explicit, now: WallClock.nowMs() / 1000) {
                    throw ClawPairError(
                        error.code, "\(error.message) (--trust)",
                        remedy: "check the fingerprint on the gateway host (`openssl x509 -noout -fingerprint -sha256 -in CERT`) and pass that one to --trust")
                }
                pin = explicit
                accepted = true
            } else if trust.trustOnFirstUse {
                accepted = true
            } else if let confirm = trust.confirm {
                accepted = await confirm(question)
                if !accepted {
                    throw ClawPairError(
                        .tlsTrustDeclined, "the certificate of \(untrusted.route.url) (SHA-256 \(peer.fingerprint.hex)) was not trusted",
                        remedy: peer.fingerprint.verifyRemedy(then: "pair"))
                }
            } else {
                accepted = false
            }
            if accepted {
                onEvent(.certificateTrusted(untrusted.route, peer.fingerprint))
                do {
                    return try await connector.open(untrusted.route, pin: pin)
                } catch {
                    throw error.error
                }
            }
            throw ClawPairError(
                untrusted.error.code, untrusted.error.message,
                remedy: peer.fingerprint.verifyRemedy(then: "pair") + ", or accept it with --trust-on-first-use")
        }
        // A trust failure (plaintext refused, …) says more than a dead route; else the first route's story.
        if let trustFailure = failures.first(where: { $0.error.code.category == .trust }) { throw trustFailure.error }
        if let first = failures.first { throw first.error }
        throw ClawPairError(.tcpFailed, "no route to the gateway could be tried")
    }

    /// ``pins``, unless the setup code's pin would replace the stored one: decided before any
    /// connection, and once accepted the new pin holds wherever the old one did.
    func acceptingSetupCodePin(onEvent: @Sendable (PairingEvent) -> Void) async throws(ClawPairError) -> PairingPins {
        guard let change = pins.setupCodeChange else { return pins }
        _ = try await decide(change)
        onEvent(.pinChanged(change))
        var accepted = pins
        accepted.stored = .certificate(change.new.hex)
        return accepted
    }

    /// Accepts `change` or throws: `--trust` must name the new certificate (the pin returned
    /// is the one to hold the route to), else the user is asked, else exit 5.
    func decide(_ change: TLSPinChange) async throws(ClawPairError) -> TLSPin {
        let new = TLSPin.certificate(change.new.hex)
        if let explicit = trust.fingerprint {
            var matches = PairingPins.same(explicit, change.new)
            if let peer = change.peer, case .accepted = TLSTrustPolicy.evaluate(peer, pin: explicit, now: WallClock.nowMs() / 1000) {
                matches = true  // a public-key pin of the new certificate counts too
            }
            guard matches else { throw change.wrongTrust(explicit) }
            return explicit
        }
        guard let confirm = trust.confirmPinChange else { throw change.refusal }
        guard await confirm(change) else { throw change.declined }
        return new
    }

    /// Untrusted, wrong name or out of date with no pin: the cases a user may vouch for.
    static func needsUserTrust(_ failure: PairingRouteFailure) -> Bool {
        guard failure.peer != nil else { return false }
        return [ClawPairError.Code.tlsUntrusted, .tlsNameMismatch, .tlsExpired].contains(failure.error.code)
    }
}
