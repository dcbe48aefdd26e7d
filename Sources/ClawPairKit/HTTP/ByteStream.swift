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
    /// Ends the stream, best effort, by `deadline`. The descriptor itself is released when
    /// the last reference to the transport goes.
    func close(until deadline: ContinuousClock.Instant) async
}

extension TLSSession: ByteStream {}

extension TCPConnection: ByteStream {
    /// Nothing to flush on plain TCP: the socket closes when the connection is released
    /// (``TCPConnection`` owns its descriptor and closes it in `deinit`).
    public func close(until deadline: ContinuousClock.Instant) async {}
}
