import ClawPairKit

/// The server end of a TLS connection over a ``TCPConnection``, for `clawpair sim`: the
/// library's one TLS engine in its server role (every OpenSSL call, the BIO pump and the
/// waits live there, shared with the client).
///
/// One read may run alongside one write; writers are serialised by the caller (the
/// WebSocket write gate), and ``close(until:)`` goes through the same path.
public final class TLSServerSession: Sendable {
    private let engine: TLSEngine

    /// The TCP connection underneath.
    public var transport: TCPConnection { engine.transport }

    /// The client.
    public var remoteAddress: SocketAddress { engine.transport.remoteAddress }

    private init(engine: TLSEngine) {
        self.engine = engine
    }

    /// Runs the server handshake with a client that connected to us, by `deadline`.
    /// Throws ``ClawPairError/Code/tlsHandshakeFailed`` when the client leaves, speaks
    /// something else, or is too slow.
    public static func accept(
        over transport: TCPConnection, context: TLSServerContext, until deadline: ContinuousClock.Instant
    ) async throws -> TLSServerSession {
        let engine = try TLSEngine(sslContext: context.handle, role: .server, transport: transport)
        try await engine.handshake(until: deadline)
        return TLSServerSession(engine: engine)
    }

    /// Up to `maxBytes` of plaintext; empty when the client ended the session.
    public func read(upTo maxBytes: Int, until deadline: ContinuousClock.Instant) async throws -> [UInt8] {
        try await engine.read(upTo: maxBytes, until: deadline)
    }

    /// Encrypts and sends all of `bytes`.
    public func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) async throws {
        try await engine.write(bytes, until: deadline)
    }

    /// Sends close_notify, best effort.
    public func close(until deadline: ContinuousClock.Instant) async {
        await engine.shutdown(until: deadline)
    }
}

extension TLSServerSession: ByteStream {}
