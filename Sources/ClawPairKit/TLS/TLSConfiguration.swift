/// How a client TLS connection is set up: which certificates it trusts without a pin, and
/// the oldest protocol it accepts.
public struct TLSConfiguration: Sendable, Hashable {
    /// Where trusted root certificates come from when no pin is known.
    public enum TrustStore: Sendable, Hashable {
        /// OpenSSL's default locations (Debian: `/etc/ssl/certs`), which honour the
        /// `SSL_CERT_FILE` and `SSL_CERT_DIR` environment variables.
        case system
        /// Only the PEM certificates in this file, instead of the system's. For tests (a
        /// per-test CA, without changing the process-wide environment that parallel tests
        /// share) and for a user's private CA.
        case certificateFile(String)
    }

    /// The oldest TLS version offered.
    public enum MinimumVersion: Sendable, Hashable {
        /// TLS 1.2 (RFC 5246): older gateways' minimum.
        case tls12
        /// TLS 1.3 (RFC 8446): current gateways' minimum.
        case tls13
    }

    public var trustStore: TrustStore
    public var minimumVersion: MinimumVersion

    /// System trust, TLS 1.2 or newer (spec/routes-and-tls.md, `tls` stage).
    public init(trustStore: TrustStore = .system, minimumVersion: MinimumVersion = .tls12) {
        self.trustStore = trustStore
        self.minimumVersion = minimumVersion
    }
}
