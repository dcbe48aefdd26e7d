/// How pairing may trust a gateway certificate that neither a pin nor the system vouches for
/// (spec/routes-and-tls.md, "TLS pinning", policy step 2: never silently).
public struct PairingTrustOptions: Sendable {
    /// `--trust HEX`: the certificate (or key) the user checked out of band. It is the
    /// explicit trust of policy step 2: a `wss` route with no pin whose certificate the
    /// system does not trust is accepted when it matches, and fails with
    /// ``ClawPairError/Code/tlsPinMismatch`` when it does not.
    public var fingerprint: TLSPin?
    /// `--trust-on-first-use`: accept an untrusted certificate on its first sight, and pin it.
    public var trustOnFirstUse: Bool
    /// A question to the user (a TTY prompt showing the fingerprint); nil when nobody can
    /// be asked, in which case an untrusted certificate fails with exit 5.
    public var confirm: (@Sendable (TLSTrustQuestion) async -> Bool)?

    public init(fingerprint: TLSPin? = nil, trustOnFirstUse: Bool = false, confirm: (@Sendable (TLSTrustQuestion) async -> Bool)? = nil) {
        self.fingerprint = fingerprint
        self.trustOnFirstUse = trustOnFirstUse
        self.confirm = confirm
    }
}

/// What the user is asked to confirm: this route presented this certificate, which the
/// system does not trust for it (``reason``).
public struct TLSTrustQuestion: Sendable {
    public let route: GatewayRoute
    public let peer: TLSPeerCertificate
    /// Why the system does not trust it (the policy's words).
    public let reason: ClawPairError
}

/// Which pin (if any) a route's certificate must match while pairing, strongest first: the
/// setup code's pin (its primary route only; authoritative, a mismatch is final), then the
/// pin stored for this gateway (the routes it was proven on). Routes without either start
/// on system trust; `--trust` is the user's explicit trust for the ones the system refuses.
public struct PairingPins: Sendable {
    public var setupCode: TLSPin?
    public var setupCodeRoute: GatewayRoute?
    public var stored: TLSPin?
    /// The routes the stored pin covers: the gateway's primary and its last proven route.
    public var storedRoutes: [GatewayRoute]

    public init(setupCode: TLSPin? = nil, setupCodeRoute: GatewayRoute? = nil, stored: TLSPin? = nil, storedRoutes: [GatewayRoute] = []) {
        self.setupCode = setupCode
        self.setupCodeRoute = setupCodeRoute
        self.stored = stored
        self.storedRoutes = storedRoutes
    }

    /// The pin `route` must match; nil means system trust (or the user's explicit trust).
    public func pin(for route: GatewayRoute) -> TLSPin? {
        guard route.tls else { return nil }
        if let setupCode, route == setupCodeRoute { return setupCode }
        if let stored, storedRoutes.contains(route) { return stored }
        return nil
    }
}
