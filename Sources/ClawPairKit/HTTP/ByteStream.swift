/// A connected byte stream with a deadline on every operation: what the HTTP and WebSocket
/// layers need from a transport, so they run unchanged over plain TCP or over TLS.
///
/// Both ``TCPConnection`` and ``TLSSession`` conform. Reads are partial (whatever arrives
/// first); an empty read means the peer ended the stream. Failures are ``NetworkError``s
/// (``NetworkError/Code/timedOut`` at the deadline). At most one read and one write may be
/// in flight at once; callers serialise their own writes.
public protocol ByteStream: Sendable {
    /// Whatever arrives first, at most `maxBytes`; empty when the peer closed its side.
    func read(upTo maxBytes: Int, until deadline: ContinuousClock.Instant) async throws -> [UInt8]
    /// Writes all of `bytes` by `deadline`, or throws.
    func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) async throws
    /// Ends the stream, best effort, by `deadline`: the peer sees its end at once (TLS sends
    /// close_notify first), though the descriptor itself is released only when the last
    /// reference to the transport goes.
    func close(until deadline: ContinuousClock.Instant) async
}

extension TLSSession: ByteStream {}

extension TCPConnection: ByteStream {
    /// Shuts the socket down in both directions at once, so the peer sees the end of the
    /// stream now rather than whenever the last reference goes (``TCPConnection`` still
    /// closes its descriptor in `deinit`). Nothing to flush: queued bytes go out before FIN.
    public func close(until deadline: ContinuousClock.Instant) async {
        shutdown()
    }
}
