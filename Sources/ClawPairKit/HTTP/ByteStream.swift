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
    /// The peer, for messages.
    var remoteAddress: SocketAddress { get }
}

extension ByteStream {
    /// Reads exactly `count` bytes. Throws ``NetworkError/Code/closedByPeer`` when the stream
    /// ends first and ``NetworkError/Code/timedOut`` at the deadline, each saying how far it got.
    public func read(exactly count: Int, until deadline: ContinuousClock.Instant) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            let chunk: [UInt8]
            do {
                chunk = try await read(upTo: count - bytes.count, until: deadline)
            } catch let error as NetworkError where error.code == .timedOut {
                throw NetworkError(
                    .timedOut, "reading from \(remoteAddress): \(bytes.count) of \(count) bytes by the deadline")
            }
            guard !chunk.isEmpty else {
                throw NetworkError(
                    .closedByPeer, "reading from \(remoteAddress): closed after \(bytes.count) of \(count) bytes")
            }
            bytes += chunk
        }
        return bytes
    }
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
