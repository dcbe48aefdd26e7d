/// A TLS connection whose peer passed the trust policy: the only way to send or receive
/// application data over TLS. Made by ``TLSConnection/accept(pin:now:)``.
///
/// Reads and writes mirror ``TCPConnection``'s (a deadline each, ``NetworkError`` on
/// failure, an empty read at the end of the stream), so the HTTP and WebSocket layers can
/// run over either. One read may run alongside one write; two writes at once trap.
public final class TLSSession: Sendable {
    /// The peer's facts from the handshake.
    public let peer: TLSPeerCertificate
    /// Why the peer was trusted.
    public let trust: TLSTrustPolicy.Basis

    private let engine: TLSEngine

    init(engine: TLSEngine, peer: TLSPeerCertificate, trust: TLSTrustPolicy.Basis) {
        self.engine = engine
        self.peer = peer
        self.trust = trust
    }

    /// The TCP peer.
    public var remoteAddress: SocketAddress { engine.transport.remoteAddress }
    /// The local end of the TCP connection.
    public var localAddress: SocketAddress { engine.transport.localAddress }

    /// Encrypts and sends all of `bytes`, or throws ``NetworkError``
    /// (``NetworkError/Code/timedOut``, ``NetworkError/Code/closedByPeer``,
    /// ``NetworkError/Code/tlsFailure``).
    public func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) async throws {
        try await engine.write(bytes, until: deadline)
    }

    /// Whatever plaintext arrives first, at most `maxBytes`; an empty array means the peer
    /// ended the TLS session (close_notify). Throws ``NetworkError``:
    /// ``NetworkError/Code/timedOut`` when nothing came by the deadline,
    /// ``NetworkError/Code/closedByPeer`` when the socket ended without close_notify,
    /// ``NetworkError/Code/tlsFailure`` for a TLS error.
    public func read(upTo maxBytes: Int, until deadline: ContinuousClock.Instant) async throws -> [UInt8] {
        try await engine.read(upTo: maxBytes, until: deadline)
    }

    /// Sends close_notify (and anything still queued), best effort, by `deadline`, then shuts
    /// the socket down so the peer sees the end at once; the descriptor closes when the last
    /// reference to the session goes.
    public func close(until deadline: ContinuousClock.Instant) async {
        await engine.shutdown(until: deadline)
        engine.transport.shutdown()
    }
}
