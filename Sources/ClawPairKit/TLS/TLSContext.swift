internal import CClawShims
internal import COpenSSL
import Synchronization

/// The one owner of an `SSL_CTX`: the client settings shared by the connections made from
/// it. Each `SSL` made from it holds its own reference (OpenSSL counts them), so the context
/// may be released while they live.
///
/// Only settings that are the same for every connection live here: the protocol floor, the
/// trusted roots and the verify callback (which finds its per-connection recorder through
/// the `SSL`'s ex-data). SNI, the name check and pins are per `SSL` (``TLSEngine``,
/// ``TLSPeerCertificate``). Once configured, OpenSSL lets any thread call `SSL_new` on it, so
/// ``shared(for:)`` hands one context to every connection with the same trust.
final class TLSContext: @unchecked Sendable {
    // @unchecked: `handle` is configured in init and only read (SSL_new) afterwards.
    let handle: OpaquePointer

    /// The context for `configuration`, made on first use and kept for the life of the
    /// process: loading the system CA bundle costs tens of milliseconds per context, and
    /// pairing opens two connections. The key resolves ``TLSConfiguration/TrustStore/system``
    /// to the `SSL_CERT_FILE` / `SSL_CERT_DIR` in effect, so a changed environment gets a
    /// new context. Failures are not kept: an unreadable trust file throws every time.
    static func shared(for configuration: TLSConfiguration) throws(ClawPairError) -> TLSContext {
        let key = Key(configuration)
        // Made under the lock: racing routes of one probe share the one load.
        return try cache.withLock { (contexts) throws(ClawPairError) -> TLSContext in
            if let context = contexts[key] { return context }
            let context = try TLSContext(configuration)
            contexts[key] = context
            return context
        }
    }

    private static let cache = Mutex<[Key: TLSContext]>([:])

    /// What makes two client contexts interchangeable.
    private struct Key: Hashable {
        let configuration: TLSConfiguration
        /// For the system store: the environment OpenSSL reads when loading it.
        let certificateFile: String?
        let certificateDirectory: String?

        init(_ configuration: TLSConfiguration) {
            self.configuration = configuration
            if case .system = configuration.trustStore {
                certificateFile = ProcessEnvironment.value(named: "SSL_CERT_FILE")
                certificateDirectory = ProcessEnvironment.value(named: "SSL_CERT_DIR")
            } else {
                certificateFile = nil
                certificateDirectory = nil
            }
        }
    }

    /// A client context for `configuration`. Throws ``ClawPairError`` when a trust file
    /// cannot be loaded (``ClawPairError/Code/fileUnreadable``) or OpenSSL cannot make a
    /// context at all.
    init(_ configuration: TLSConfiguration) throws(ClawPairError) {
        try CLibrary.libcrypto.require()
        try CLibrary.libssl.require()
        OpenSSLError.clear()
        guard let handle = clawpair_SSL_CTX_new(clawpair_TLS_client_method()) else {
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
        // No client session cache (OpenSSL's default, said outright): a resumed session skips
        // chain verification, so a shared context must never resume one connection's trust
        // into another's facts.
        _ = clawpair_SSL_CTX_ctrl(handle, SSL_CTRL_SET_SESS_CACHE_MODE, Int(SSL_SESS_CACHE_OFF), nil)

        switch configuration.trustStore {
        case .system:
            // Honours SSL_CERT_FILE / SSL_CERT_DIR. Missing default locations are not an
            // error here: then nothing is system-trusted, and the policy says so per peer.
            guard clawpair_SSL_CTX_set_default_verify_paths(handle) == 1 else {
                throw ClawPairError(.internalError, "OpenSSL could not use the system trust store: \(OpenSSLError.drain())")
            }
        case .certificateFile(let path):
            guard clawpair_SSL_CTX_load_verify_locations(handle, path, nil) == 1 else {
                throw ClawPairError(.fileUnreadable, "cannot load trusted certificates from \(path): \(OpenSSLError.drain())")
            }
        }

        // VERIFY_NONE: the handshake completes whatever the chain is, so the facts can be
        // reported and a pin can override system trust (spec/routes-and-tls.md). The
        // callback still runs for every check and records each failure; the trust policy
        // decides before any application byte is sent.
        clawpair_SSL_CTX_set_verify(handle, SSL_VERIFY_NONE) { preverified, store in
            TLSVerificationRecorder.record(preverified: preverified, store: store)
        }
    }

    deinit { clawpair_SSL_CTX_free(handle) }
}
