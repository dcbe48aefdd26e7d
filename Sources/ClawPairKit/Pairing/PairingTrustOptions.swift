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
    /// A question to the user before the stored pin is replaced (a TTY prompt showing the old
    /// and the new pin); nil when nobody can be asked: a pin change then needs `--trust` with
    /// the new certificate, else exit 5. `--trust-on-first-use` never replaces a pin.
    public var confirmPinChange: (@Sendable (TLSPinChange) async -> Bool)?

    public init(
        fingerprint: TLSPin? = nil, trustOnFirstUse: Bool = false, confirm: (@Sendable (TLSTrustQuestion) async -> Bool)? = nil,
        confirmPinChange: (@Sendable (TLSPinChange) async -> Bool)? = nil
    ) {
        self.fingerprint = fingerprint
        self.trustOnFirstUse = trustOnFirstUse
        self.confirm = confirm
        self.confirmPinChange = confirmPinChange
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
/// Neither pin replaces the stored one silently (``TLSPinChange``).
public struct PairingPins: Sendable {
    public var setupCode: TLSPin?
    public var setupCodeRoute: GatewayRoute?
    public var stored: TLSPin?
    /// The routes the stored pin covers: the gateway's primary and its last proven route.
    public var storedRoutes: [GatewayRoute]
    /// The registry entry the stored pin belongs to, for the words of a pin change.
    public var gateway: GatewayID?

    public init(
        setupCode: TLSPin? = nil, setupCodeRoute: GatewayRoute? = nil, stored: TLSPin? = nil, storedRoutes: [GatewayRoute] = [],
        gateway: GatewayID? = nil
    ) {
        self.setupCode = setupCode
        self.setupCodeRoute = setupCodeRoute
        self.stored = stored
        self.storedRoutes = storedRoutes
        self.gateway = gateway
    }

    /// The change a setup code's pin makes to the stored one, known before any connection.
    var setupCodeChange: TLSPinChange? {
        guard let stored, let setupCodeRoute, case .certificate(let hex)? = setupCode, let new = CertificateFingerprint(normalizing: hex),
            !Self.same(stored, new)
        else { return nil }
        return TLSPinChange(gateway: gateway ?? GatewayEntry.manual(route: setupCodeRoute).id, route: setupCodeRoute, old: stored, new: new, peer: nil)
    }

    /// The change a route held to the stored pin makes by presenting `peer` instead.
    func storedPinChange(_ route: GatewayRoute, peer: TLSPeerCertificate) -> TLSPinChange? {
        // The setup code's own pin admits no change: it is authoritative for its route.
        guard let stored, setupCode == nil || route != setupCodeRoute, pin(for: route) == stored, !Self.same(stored, peer.fingerprint) else { return nil }
        return TLSPinChange(gateway: gateway ?? GatewayEntry.manual(route: route).id, route: route, old: stored, new: peer.fingerprint, peer: peer)
    }

    static func same(_ pin: TLSPin, _ fingerprint: CertificateFingerprint) -> Bool {
        guard case .certificate(let hex) = pin else { return false }
        return CertificateFingerprint(normalizing: hex) == fingerprint
    }

    /// The pin `route` must match; nil means system trust (or the user's explicit trust).
    public func pin(for route: GatewayRoute) -> TLSPin? {
        guard route.tls else { return nil }
        if let setupCode, route == setupCodeRoute { return setupCode }
        if let stored, storedRoutes.contains(route) { return stored }
        return nil
    }
}
