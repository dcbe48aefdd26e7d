import ClawPairKit
internal import CClawShims
internal import COpenSSL

/// The one owner of a server `SSL_CTX`: `clawpair sim`'s certificate and key, TLS 1.3 at
/// least (as current gateways), no client certificates. A context of its own, not the
/// client's `TLSContext`: it shares nothing with it (no trust store, no verify callback),
/// and only the sim needs it. Each ``TLSServerSession`` runs the library's TLS engine on it.
public final class TLSServerContext: Sendable {
    nonisolated(unsafe) let handle: OpaquePointer
    // Sendable: after init the context is only read (SSL_new takes a reference), which
    // OpenSSL allows from any thread.

    /// A context serving `certificate`. Throws ``ClawPairError`` (`fileUnreadable` when the
    /// PEM files do not load or do not match, `internalError` otherwise).
    public init(certificate: SelfSignedCertificate) throws(ClawPairError) {
        try CLibrary.libcrypto.require()
        try CLibrary.libssl.require()
        OpenSSLError.clear()
        guard let handle = clawpair_SSL_CTX_new(clawpair_TLS_server_method()) else {
            throw ClawPairError(.internalError, "OpenSSL could not create a TLS server context: \(OpenSSLError.drain())")
        }
        self.handle = handle
        guard CClawShims_SSL_CTX_set_min_proto_version(handle, TLS1_3_VERSION) == 1 else {
            throw ClawPairError(.internalError, "OpenSSL refused TLS 1.3 as the minimum: \(OpenSSLError.drain())")
        }
        // No session tickets: nothing is written after the handshake except on request, so
        // a session's reader never races its writer on the socket.
        _ = clawpair_SSL_CTX_set_num_tickets(handle, 0)
        guard clawpair_SSL_CTX_use_certificate_chain_file(handle, certificate.certificatePath) == 1 else {
            throw ClawPairError(.fileUnreadable, "cannot load \(certificate.certificatePath): \(OpenSSLError.drain())")
        }
        guard clawpair_SSL_CTX_use_PrivateKey_file(handle, certificate.keyPath, SSL_FILETYPE_PEM) == 1,
            clawpair_SSL_CTX_check_private_key(handle) == 1
        else {
            throw ClawPairError(.fileUnreadable, "cannot load the key \(certificate.keyPath) for the certificate: \(OpenSSLError.drain())")
        }
    }

    deinit { clawpair_SSL_CTX_free(handle) }
}
