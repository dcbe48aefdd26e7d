/// A finished client TLS handshake whose peer has not been trusted yet.
///
/// ``handshake(over:serverName:configuration:until:)`` runs TLS over an already connected
/// ``TCPConnection`` and captures the facts (``peer``) without judging them; ``accept(pin:now:)``
/// applies ``TLSTrustPolicy`` and only then hands out a ``TLSSession``, the one type that
/// can read and write. So no application byte (an HTTP upgrade, a token) can be sent to an
/// unverified peer, and a probe can still report the facts of a rejected one:
///
/// ```swift
/// let tls = try await TLSConnection.handshake(over: tcp, serverName: host, until: deadline)
/// report.tls = tls.peer
/// let session = try tls.accept(pin: storedPin)   // throws TLS_PIN_MISMATCH, TLS_UNTRUSTED, …
/// ```
public final class TLSConnection: Sendable {
    /// What the handshake showed about the peer.
    public let peer: TLSPeerCertificate

    let engine: TLSEngine

    private init(peer: TLSPeerCertificate, engine: TLSEngine) {
        self.peer = peer
        self.engine = engine
    }

    /// Runs a TLS client handshake over `transport` (which the connection now owns: do not
    /// read or write it directly any more), sending SNI for a host name but not for an IP
    /// literal, and checking the certificate against `serverName` (a URL host: `[v6]`
    /// brackets are fine).
    ///
    /// Throws ``ClawPairError``: ``ClawPairError/Code/tlsHandshakeFailed`` when the peer
    /// closes, resets, sends an alert, does not speak TLS 1.2+, or the deadline passes (the
    /// message says which, with OpenSSL's error queue); ``ClawPairError/Code/fileUnreadable``
    /// for an unreadable ``TLSConfiguration/TrustStore/certificateFile(_:)``. Throws
    /// `CancellationError` when the task is cancelled. Certificate problems are not errors
    /// here: they are facts in ``peer``, judged by ``accept(pin:now:)``.
    public static func handshake(
        over transport: TCPConnection, serverName: String, configuration: TLSConfiguration = TLSConfiguration(),
        until deadline: ContinuousClock.Instant
    ) async throws -> TLSConnection {
        guard let name = TLSServerName(host: serverName) else {
            throw ClawPairError(.usage, "a TLS connection needs a server name; the host is empty")
        }
        let engine = try TLSEngine(context: try TLSContext.shared(for: configuration), transport: transport, serverName: name)
        try await engine.handshake(until: deadline)
        return TLSConnection(peer: try engine.peerCertificate(), engine: engine)
    }

    /// Applies ``TLSTrustPolicy`` to ``peer``: with `pin`, the peer must match it (whatever
    /// system trust says); without, the system must trust the chain for this name and date.
    /// Returns the session to talk over, or throws the policy's ``ClawPairError``
    /// (``ClawPairError/Code/tlsPinMismatch``, ``ClawPairError/Code/tlsUntrusted``,
    /// ``ClawPairError/Code/tlsNameMismatch``, ``ClawPairError/Code/tlsExpired``). A rejected
    /// connection has sent nothing; ``close(until:)`` it or let it go.
    ///
    /// - Parameter now: Unix seconds, for the validity check.
    public func accept(pin: TLSPin?, now: Int64 = WallClock.nowMs() / 1000) throws(ClawPairError) -> TLSSession {
        switch TLSTrustPolicy.evaluate(peer, pin: pin, now: now) {
        case .accepted(let basis): return TLSSession(engine: engine, peer: peer, trust: basis)
        case .rejected(let error): throw error
        }
    }

    /// Sends close_notify, best effort, by `deadline`; for a connection the policy rejected.
    public func close(until deadline: ContinuousClock.Instant) async {
        await engine.shutdown(until: deadline)
    }
}
