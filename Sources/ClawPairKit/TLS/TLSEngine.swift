internal import CClawShims
internal import COpenSSL
import Synchronization

/// The one owner of an `SSL`: a TLS state machine over a ``TCPConnection``, as the client
/// (``TLSConnection``) or as the server (the simulated gateway's `TLSServerSession`).
///
/// OpenSSL reads and writes two memory BIOs (owned by the `SSL`, freed with it); this type
/// moves their bytes to and from the socket through ``TCPConnection``, so every wait goes
/// through the ``IOReactor`` with a deadline. Not OpenSSL's socket BIO: that one writes
/// with plain `write(2)`, and a peer that has gone away would kill the process with
/// SIGPIPE (``Syscalls`` sends with `MSG_NOSIGNAL`).
///
/// Concurrency: every OpenSSL call happens under ``lock`` and never across a suspension
/// point, so the thread-local error queue is drained on the thread that filled it. One read
/// may run alongside one write. Bytes OpenSSL produces while reading (an answer to a
/// TLS 1.3 KeyUpdate) wait in the output BIO and go out, in order, with the next write or
/// close; only writers touch the socket's sending side, so records never interleave.
package final class TLSEngine: @unchecked Sendable {
    // @unchecked: `ssl` and the BIOs are only touched inside `lock`; the recorder is
    // mutated only by the verify callback, inside SSL_do_handshake, inside `lock`.

    /// Which end of the connection this engine is.
    package enum Role: Sendable {
        /// Connects to `serverName`: SNI for a host name, and the facts the trust policy
        /// judges (``peerCertificate()``).
        case client(TLSServerName)
        /// Accepts a client that connected to us; the context carries the certificate.
        case server
    }

    /// Bytes asked of the socket per read: one full TLS record (2^14 bytes of plaintext
    /// plus up to 256 of expansion, RFC 8446 §5.2, and the 5-byte header), rounded up to
    /// cover TLS 1.2's 2048 bytes of allowed expansion (RFC 5246 §6.2.3).
    static let transportReadSize = 16_384 + 2_048 + 5

    package let transport: TCPConnection
    let role: Role

    private let ssl: OpaquePointer
    private let input: OpaquePointer
    private let output: OpaquePointer
    private let verification = TLSVerificationRecorder()
    private let lock = Mutex(State())
    private let writing = Atomic<Bool>(false)

    private struct State {
        /// The socket reached end of stream and the input BIO was told so.
        var endOfStream = false
        /// Bytes received from the socket, for messages ("sent nothing at all").
        var bytesReceived = 0
    }

    /// One OpenSSL call's outcome, taken under the lock.
    private struct Step {
        var result: Int32
        /// `SSL_get_error`'s verdict (`SSL_ERROR_NONE` on success).
        var error: Int32
        var queue: OpenSSLError
        /// Output collected from the output BIO, to be sent next.
        var outgoing: [UInt8]
        var endOfStream: Bool
        var bytesReceived: Int
    }

    /// A client engine for `serverName` from a client ``TLSContext``.
    convenience init(context: TLSContext, transport: TCPConnection, serverName: TLSServerName) throws(ClawPairError) {
        try self.init(sslContext: context.handle, role: .client(serverName), transport: transport)
    }

    /// An engine over `transport` with an `SSL` made from `sslContext` (an `SSL_CTX` whose
    /// method fits `role`; each `SSL` holds its own reference to it).
    package init(sslContext: OpaquePointer, role: Role, transport: TCPConnection) throws(ClawPairError) {
        OpenSSLError.clear()
        guard let ssl = clawpair_SSL_new(sslContext) else {
            throw ClawPairError(.internalError, "OpenSSL could not create a TLS connection: \(OpenSSLError.drain())")
        }
        guard let input = clawpair_BIO_new(clawpair_BIO_s_mem()), let output = clawpair_BIO_new(clawpair_BIO_s_mem()) else {
            // Neither BIO belongs to the SSL yet; BIO_free(nil) is a no-op for the one made.
            let queue = OpenSSLError.drain()
            clawpair_SSL_free(ssl)
            throw ClawPairError(.internalError, "OpenSSL could not create memory BIOs: \(queue)")
        }
        clawpair_SSL_set_bio(ssl, input, output)  // the SSL owns both from here
        self.ssl = ssl
        self.input = input
        self.output = output
        self.transport = transport
        self.role = role
        // From here a throw runs deinit, which frees the SSL.

        switch role {
        case .server:
            clawpair_SSL_set_accept_state(ssl)
        case .client(let serverName):
            clawpair_SSL_set_connect_state(ssl)
            if let sni = serverName.sni, CClawShims_SSL_set_tlsext_host_name(ssl, sni) != 1 {
                throw ClawPairError(.tlsHandshakeFailed, "OpenSSL refused \(sni) as a TLS server name: \(OpenSSLError.drain())")
            }
            guard verification.attach(to: ssl) else {
                throw ClawPairError(.internalError, "OpenSSL could not attach the verify recorder: \(OpenSSLError.drain())")
            }
        }
    }

    /// Who is at the other end, for messages: the server's name, or the client's address.
    private var peerName: String {
        switch role {
        case .client(let serverName): serverName.text
        case .server: "\(transport.remoteAddress)"
        }
    }

    deinit { clawpair_SSL_free(ssl) }

    // MARK: Handshake

    /// Runs the handshake to its end. Throws ``ClawPairError/Code/tlsHandshakeFailed`` (with
    /// OpenSSL's queue) when the peer closes, resets, sends an alert, does not speak TLS, or
    /// the deadline passes; `CancellationError` when the task is cancelled.
    package func handshake(until deadline: ContinuousClock.Instant) async throws {
        let name = peerName
        while true {
            let step = perform(collectingOutput: true) { clawpair_SSL_do_handshake($0) }
            switch step.error {
            case SSL_ERROR_NONE:
                try await sendDuringHandshake(step.outgoing, until: deadline)
                return
            case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE:
                // Memory BIOs never refuse a write, so WANT_WRITE only means "send what is
                // queued", which happens here in both cases.
                try await sendDuringHandshake(step.outgoing, until: deadline)
                if step.error == SSL_ERROR_WANT_READ {
                    guard !step.endOfStream else { throw handshakeFailure(step, name: name) }
                    do {
                        try await receive(until: deadline)
                    } catch let error as NetworkError {
                        throw transportFailure(error, name: name, bytesReceived: step.bytesReceived)
                    }
                }
            default:
                // An alert OpenSSL queued for the peer is worth a try; the failure is the news.
                if !step.outgoing.isEmpty { try? await transport.write(step.outgoing, until: deadline) }
                throw handshakeFailure(step, name: name)
            }
        }
    }

    /// A client's facts about the server after ``handshake(until:)``: its certificate, and
    /// what the verify callback recorded.
    func peerCertificate() throws(ClawPairError) -> TLSPeerCertificate {
        guard case .client(let serverName) = role else { preconditionFailure("a TLS server does not judge its client") }
        return try lock.withLock { _ throws(ClawPairError) in
            try TLSPeerCertificate.read(from: ssl, serverName: serverName, verification: verification)
        }
    }

    private func sendDuringHandshake(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) async throws {
        guard !bytes.isEmpty else { return }
        do {
            try await transport.write(bytes, until: deadline)
        } catch let error as NetworkError {
            throw transportFailure(error, name: peerName, bytesReceived: lock.withLock { $0.bytesReceived })
        }
    }

    private func transportFailure(_ error: NetworkError, name: String, bytesReceived: Int) -> ClawPairError {
        if error.code == .timedOut {
            let progress = bytesReceived == 0
                ? "it accepted the TCP connection but sent nothing back (not a TLS server, or one that ignores this client)"
                : "it stopped answering after \(bytesReceived) bytes"
            return ClawPairError(.tlsHandshakeFailed, "the TLS handshake with \(name) timed out: \(progress)")
        }
        return ClawPairError(.tlsHandshakeFailed, "the TLS handshake with \(name) failed: \(error)")
    }

    private func handshakeFailure(_ step: Step, name: String) -> ClawPairError {
        let queue = step.queue.isEmpty ? "" : " (OpenSSL: \(step.queue))"
        if step.endOfStream {
            let when = step.bytesReceived == 0 ? "before answering" : "after \(step.bytesReceived) bytes"
            return ClawPairError(.tlsHandshakeFailed, "\(name) closed the connection during the TLS handshake, \(when)\(queue)")
        }
        if case .client = role, step.queue.entries.contains(where: { ERR_GET_REASON($0.code) == SSL_R_WRONG_VERSION_NUMBER }) {
            return ClawPairError(
                .tlsHandshakeFailed, "\(name) did not answer in TLS; is it a plaintext (ws://) port?\(queue)",
                remedy: "use ws:// for a plaintext gateway on a local host, or the gateway's TLS port")
        }
        return ClawPairError(
            .tlsHandshakeFailed, "the TLS handshake with \(name) failed (\(Self.errorName(step.error)))\(queue)")
    }

    /// `SSL_get_error`'s verdict by name, for messages.
    package static func errorName(_ code: Int32) -> String {
        switch code {
        case SSL_ERROR_SSL: "SSL_ERROR_SSL"
        case SSL_ERROR_SYSCALL: "SSL_ERROR_SYSCALL"
        case SSL_ERROR_ZERO_RETURN: "SSL_ERROR_ZERO_RETURN"
        case SSL_ERROR_WANT_READ: "SSL_ERROR_WANT_READ"
        case SSL_ERROR_WANT_WRITE: "SSL_ERROR_WANT_WRITE"
        default: "SSL error \(code)"
        }
    }

    // MARK: Application data (only through TLSSession, after the trust policy accepted)

    /// Up to `maxBytes` of plaintext; empty when the peer closed the TLS session cleanly
    /// (close_notify). Throws ``NetworkError``: `timedOut` at the deadline, `closedByPeer`
    /// when the socket ended without close_notify (a possible truncation), `tlsFailure`
    /// for a TLS protocol error. A server takes a client's bare close as the end: the
    /// client was done, and no answer of the server's is cut short by it.
    package func read(upTo maxBytes: Int, until deadline: ContinuousClock.Instant) async throws -> [UInt8] {
        precondition(maxBytes > 0, "read(upTo: \(maxBytes))")
        var buffer = [UInt8](repeating: 0, count: min(maxBytes, Int(Int32.max)))
        while true {
            let step = buffer.withUnsafeMutableBytes { raw in
                perform(collectingOutput: false) { clawpair_SSL_read($0, raw.baseAddress, Int32(raw.count)) }
            }
            switch step.error {
            case SSL_ERROR_NONE:
                return Array(buffer[..<Int(step.result)])
            case SSL_ERROR_ZERO_RETURN:
                return []
            case SSL_ERROR_WANT_READ where !step.endOfStream:
                try await receive(until: deadline)
            default:
                let queue = step.queue.isEmpty ? "" : ": \(step.queue)"
                if step.endOfStream {
                    if case .server = role { return [] }
                    throw NetworkError(.closedByPeer, "reading TLS from \(transport.remoteAddress): the peer closed the connection without close_notify\(queue)")
                }
                throw NetworkError(.tlsFailure, "reading TLS from \(transport.remoteAddress) (\(Self.errorName(step.error)))\(queue)")
            }
        }
    }

    /// Encrypts and sends all of `bytes`. Throws ``NetworkError`` (`timedOut`,
    /// `closedByPeer`, `tlsFailure`). One write at a time: a second concurrent call traps.
    package func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) async throws {
        try await exclusiveWrite {
            let step = bytes.withUnsafeBytes { raw in
                perform(collectingOutput: true) { clawpair_SSL_write($0, raw.baseAddress, Int32(raw.count)) }
            }
            guard bytes.isEmpty || (step.error == SSL_ERROR_NONE && Int(step.result) == bytes.count) else {
                let queue = step.queue.isEmpty ? "" : ": \(step.queue)"
                throw NetworkError(.tlsFailure, "writing TLS to \(transport.remoteAddress) (\(Self.errorName(step.error)))\(queue)")
            }
            if !step.outgoing.isEmpty { try await transport.write(step.outgoing, until: deadline) }
        }
    }

    /// Sends close_notify (and anything still queued), best effort, without waiting for the
    /// peer's. The socket itself closes when the last owner of the connection goes.
    package func shutdown(until deadline: ContinuousClock.Instant) async {
        try? await exclusiveWrite {
            let step = perform(collectingOutput: true) { clawpair_SSL_shutdown($0) }
            if !step.outgoing.isEmpty { try await transport.write(step.outgoing, until: deadline) }
        }
    }

    private func exclusiveWrite(_ body: () async throws -> Void) async throws {
        let (claimed, _) = writing.compareExchange(expected: false, desired: true, ordering: .acquiring)
        precondition(claimed, "TLSSession: two writes (or a write and a close) at the same time")
        defer { writing.store(false, ordering: .releasing) }
        try await body()
    }

    // MARK: Moving bytes

    /// Calls OpenSSL under the lock, drains its error queue on failure, and (when asked)
    /// takes what it queued for the peer.
    private func perform(collectingOutput: Bool, _ call: (OpaquePointer) -> Int32) -> Step {
        lock.withLock { state in
            OpenSSLError.clear()
            let result = call(ssl)
            let error = result > 0 ? SSL_ERROR_NONE : clawpair_SSL_get_error(ssl, result)
            let queue = error == SSL_ERROR_NONE ? OpenSSLError(entries: []) : OpenSSLError.drain()
            return Step(
                result: result, error: error, queue: queue, outgoing: collectingOutput ? takeOutput() : [],
                endOfStream: state.endOfStream, bytesReceived: state.bytesReceived)
        }
    }

    /// Everything in the output BIO. Called under the lock.
    private func takeOutput() -> [UInt8] {
        let pending = Int(clawpair_BIO_ctrl_pending(output))
        guard pending > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: pending)
        let read = clawpair_BIO_read(output, &bytes, Int32(pending))
        return Array(bytes.prefix(max(0, Int(read))))
    }

    /// Reads what the socket has into the input BIO; at end of stream, tells the BIO so
    /// OpenSSL reports it instead of asking for more. Throws ``NetworkError``.
    private func receive(until deadline: ContinuousClock.Instant) async throws {
        let bytes = try await transport.read(upTo: Self.transportReadSize, until: deadline)
        lock.withLock { state in
            if bytes.isEmpty {
                state.endOfStream = true
                CClawShims_BIO_set_mem_eof_return(input, 0)
                return
            }
            state.bytesReceived += bytes.count
            // A memory BIO grows to take everything; it fails only without memory.
            let written = clawpair_BIO_write(input, bytes, Int32(bytes.count))
            precondition(written == Int32(bytes.count), "BIO_write to a memory BIO took \(written) of \(bytes.count) bytes")
        }
    }
}
