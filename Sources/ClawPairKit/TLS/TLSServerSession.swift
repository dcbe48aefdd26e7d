internal import CClawShims
internal import COpenSSL
import Synchronization

/// The server end of a TLS connection over a ``TCPConnection``: the one owner of its `SSL`,
/// for `clawpair sim`. Memory BIOs carry the bytes, so every wait goes through the
/// ``IOReactor`` with a deadline, as in the client's engine (which stays untouched).
///
/// Every OpenSSL call happens under ``lock`` and never across a suspension point. One read
/// may run alongside one write; writers are serialised by the caller (the WebSocket write
/// gate), and ``shutdown`` goes through the same path.
public final class TLSServerSession: @unchecked Sendable {
    // @unchecked: `ssl` and the BIOs are only touched inside `lock`.

    static let transportReadSize = 16_384 + 2_048 + 5

    /// The TCP connection underneath.
    public let transport: TCPConnection

    private let ssl: OpaquePointer
    private let input: OpaquePointer
    private let output: OpaquePointer
    private let lock = Mutex(false)  // true once the socket reached end of stream

    private struct Step {
        var result: Int32
        var error: Int32
        var queue: OpenSSLError
        var outgoing: [UInt8]
        var endOfStream: Bool
    }

    /// Runs the server handshake with a client that connected to us, by `deadline`.
    /// Throws ``ClawPairError/Code/tlsHandshakeFailed`` when the client leaves, speaks
    /// something else, or is too slow.
    public static func accept(
        over transport: TCPConnection, context: TLSServerContext, until deadline: ContinuousClock.Instant
    ) async throws -> TLSServerSession {
        let session = try TLSServerSession(context: context, transport: transport)
        try await session.handshake(until: deadline)
        return session
    }

    private init(context: TLSServerContext, transport: TCPConnection) throws(ClawPairError) {
        OpenSSLError.clear()
        guard let ssl = clawpair_SSL_new(context.handle) else {
            throw ClawPairError(.internalError, "OpenSSL could not create a TLS connection: \(OpenSSLError.drain())")
        }
        guard let input = clawpair_BIO_new(clawpair_BIO_s_mem()), let output = clawpair_BIO_new(clawpair_BIO_s_mem()) else {
            clawpair_SSL_free(ssl)
            throw ClawPairError(.internalError, "OpenSSL could not create memory BIOs: \(OpenSSLError.drain())")
        }
        clawpair_SSL_set_bio(ssl, input, output)
        clawpair_SSL_set_accept_state(ssl)
        self.ssl = ssl
        self.input = input
        self.output = output
        self.transport = transport
    }

    deinit { clawpair_SSL_free(ssl) }

    private func handshake(until deadline: ContinuousClock.Instant) async throws {
        while true {
            let step = perform { clawpair_SSL_do_handshake($0) }
            if !step.outgoing.isEmpty { try await transport.write(step.outgoing, until: deadline) }
            switch step.error {
            case SSL_ERROR_NONE:
                return
            case SSL_ERROR_WANT_READ where !step.endOfStream:
                try await receive(until: deadline)
            case SSL_ERROR_WANT_WRITE:
                continue
            default:
                throw ClawPairError(
                    .tlsHandshakeFailed,
                    "the TLS handshake with \(transport.remoteAddress) failed (\(TLSEngine.errorName(step.error))): \(step.queue)")
            }
        }
    }

    /// Up to `maxBytes` of plaintext; empty when the client ended the session.
    public func read(upTo maxBytes: Int, until deadline: ContinuousClock.Instant) async throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: min(maxBytes, 1 << 20))
        while true {
            let step = buffer.withUnsafeMutableBytes { raw in
                perform { clawpair_SSL_read($0, raw.baseAddress, Int32(raw.count)) }
            }
            // Only a TLS 1.3 KeyUpdate answer can appear here (the context issues no
            // session tickets), so a reader's write racing a writer's is not expected.
            if !step.outgoing.isEmpty { try await writeRaw(step.outgoing, until: deadline) }
            switch step.error {
            case SSL_ERROR_NONE: return Array(buffer[..<Int(step.result)])
            case SSL_ERROR_ZERO_RETURN: return []
            case SSL_ERROR_WANT_READ where !step.endOfStream: try await receive(until: deadline)
            default:
                if step.endOfStream { return [] }
                throw NetworkError(.tlsFailure, "reading TLS from \(transport.remoteAddress): \(step.queue)")
            }
        }
    }

    /// Encrypts and sends all of `bytes`.
    public func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) async throws {
        guard !bytes.isEmpty else { return }
        let step = bytes.withUnsafeBytes { raw in perform { clawpair_SSL_write($0, raw.baseAddress, Int32(raw.count)) } }
        guard step.error == SSL_ERROR_NONE, Int(step.result) == bytes.count else {
            throw NetworkError(.tlsFailure, "writing TLS to \(transport.remoteAddress): \(step.queue)")
        }
        try await writeRaw(step.outgoing, until: deadline)
    }

    /// Sends close_notify, best effort.
    public func close(until deadline: ContinuousClock.Instant) async {
        let step = perform { clawpair_SSL_shutdown($0) }
        try? await writeRaw(step.outgoing, until: deadline)
    }

    /// Writes ciphertext to the socket; callers serialise application writes.
    private func writeRaw(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) async throws {
        guard !bytes.isEmpty else { return }
        try await transport.write(bytes, until: deadline)
    }

    private func perform(_ call: (OpaquePointer) -> Int32) -> Step {
        lock.withLock { endOfStream in
            OpenSSLError.clear()
            let result = call(ssl)
            let error = result > 0 ? SSL_ERROR_NONE : clawpair_SSL_get_error(ssl, result)
            let queue = error == SSL_ERROR_NONE ? OpenSSLError(entries: []) : OpenSSLError.drain()
            return Step(result: result, error: error, queue: queue, outgoing: takeOutput(), endOfStream: endOfStream)
        }
    }

    private func takeOutput() -> [UInt8] {
        let pending = Int(clawpair_BIO_ctrl_pending(output))
        guard pending > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: pending)
        let read = clawpair_BIO_read(output, &bytes, Int32(pending))
        return Array(bytes.prefix(max(0, Int(read))))
    }

    private func receive(until deadline: ContinuousClock.Instant) async throws {
        let bytes = try await transport.read(upTo: Self.transportReadSize, until: deadline)
        lock.withLock { endOfStream in
            if bytes.isEmpty {
                endOfStream = true
                CClawShims_BIO_set_mem_eof_return(input, 0)
                return
            }
            _ = clawpair_BIO_write(input, bytes, Int32(bytes.count))
        }
    }
}

extension TLSServerSession: ByteStream {}
