/// What pairing reports while it runs, for progress output (stderr on a TTY, or JSON).
public enum PairingEvent: Sendable {
    /// A route could not be opened (the race goes on with the others).
    case routeFailed(GatewayRoute, ClawPairError)
    /// The user (or `--trust-on-first-use`) trusted this certificate for this route.
    case certificateTrusted(GatewayRoute, CertificateFingerprint)
    /// The user (or `--trust`) accepted a new pin in place of the stored one.
    case pinChanged(TLSPinChange)
    /// Pairing runs on this route.
    case routeSelected(GatewayRoute)
    /// The handshake as this session kind starts.
    case connecting(GatewaySessionKind)
    /// The gateway holds a pairing request for approval; its `approvalSteps` are what the
    /// gateway's operator runs (a refused id builds no command). Reported once per request id.
    case pending(GatewayConnectError.PairingRequest, kind: GatewaySessionKind)
    /// Retrying in `after` (pending, rate limited or starting up).
    case retrying(after: Duration, reason: String)
    /// The session kind's credential arrived.
    case granted(GatewaySessionKind, scopes: [String])
}
