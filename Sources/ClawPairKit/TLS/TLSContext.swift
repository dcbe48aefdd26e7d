internal import CClawShims
internal import COpenSSL

/// The one owner of an `SSL_CTX`: the client settings shared by the connections made from
/// it. Each `SSL` made from it holds its own reference (OpenSSL counts them), so the context
/// may be released while they live.
final class TLSContext {
    let handle: OpaquePointer

    /// A client context for `configuration`. Throws ``ClawPairError`` when a trust file
    /// cannot be loaded (``ClawPairError/Code/fileUnreadable``) or OpenSSL cannot make a
    /// context at all.
    init(_ configuration: TLSConfiguration) throws(ClawPairError) {
        OpenSSLError.clear()
        guard let handle = SSL_CTX_new(TLS_client_method()) else {
            throw ClawPairError(.internalError, "OpenSSL could not create a TLS context: \(OpenSSLError.drain())")
        }
        self.handle = handle
        // From here a throw runs deinit, which frees the context.

        let minimum = switch configuration.minimumVersion {
        case .tls12: TLS1_2_VERSION
        case .tls13: TLS1_3_VERSION
        }
        guard CClawShims_SSL_CTX_set_min_proto_version(handle, minimum) == 1 else {
            throw ClawPairError(.internalError, "OpenSSL refused TLS minimum version \(minimum): \(OpenSSLError.drain())")
        }
        CClawShims_SSL_CTX_refuse_renegotiation(handle)

        switch configuration.trustStore {
        case .system:
            // Honours SSL_CERT_FILE / SSL_CERT_DIR. Missing default locations are not an
            // error here: then nothing is system-trusted, and the policy says so per peer.
            guard SSL_CTX_set_default_verify_paths(handle) == 1 else {
                throw ClawPairError(.internalError, "OpenSSL could not use the system trust store: \(OpenSSLError.drain())")
            }
        case .certificateFile(let path):
            guard SSL_CTX_load_verify_locations(handle, path, nil) == 1 else {
                throw ClawPairError(.fileUnreadable, "cannot load trusted certificates from \(path): \(OpenSSLError.drain())")
            }
        }

        // VERIFY_NONE: the handshake completes whatever the chain is, so the facts can be
        // reported and a pin can override system trust (spec/routes-and-tls.md). The
        // callback still runs for every check and records each failure; the trust policy
        // decides before any application byte is sent.
        SSL_CTX_set_verify(handle, SSL_VERIFY_NONE) { preverified, store in
            TLSVerificationRecorder.record(preverified: preverified, store: store)
        }
    }

    deinit { SSL_CTX_free(handle) }
}
