/// What a TLS handshake showed about the peer, captured before anything is decided: the
/// leaf certificate's identity and validity, what this system's trust store and the
/// hostname check made of it, and what was negotiated. The input of ``TLSTrustPolicy``, and
/// the `tls` stage detail of a probe (spec/cli.md `probe`).
public struct TLSPeerCertificate: Sendable, Hashable {
    /// The name the certificate was checked against: the host, or an IP literal.
    public var serverName: String
    /// SHA-256 of the leaf's DER bytes: the pin OpenClaw stores.
    public var fingerprint: CertificateFingerprint
    /// SHA-256 of the leaf's DER SubjectPublicKeyInfo, standard base64 (a curl-style pin is
    /// `sha256//` followed by this).
    public var publicKeySHA256: String
    /// The leaf's subject on one line, RFC 2253 style (`CN=openclaw-gateway`).
    public var subject: String
    /// The leaf's issuer, same form (equal to ``subject`` for a self-signed certificate).
    public var issuer: String
    /// Start of the validity period, Unix seconds.
    public var notBefore: Int64
    /// End of the validity period (inclusive, RFC 5280 §4.1.2.5), Unix seconds.
    public var notAfter: Int64
    /// Whether the chain leads to a certificate in the trust store, every check passing
    /// except the leaf's validity period (that one is judged from ``notBefore`` and
    /// ``notAfter``).
    public var systemTrusted: Bool
    /// Whether the leaf is for ``serverName`` (subjectAltName, else CN; wildcards only as
    /// a whole left-most label; IP literals against IP entries only).
    public var hostnameMatched: Bool
    /// OpenSSL's words for what failed in chain verification (e.g. `self-signed
    /// certificate`), or nil when every check passed.
    public var verifyError: String?
    /// The negotiated protocol, e.g. `TLSv1.3`.
    public var protocolVersion: String
    /// The negotiated cipher suite, e.g. `TLS_AES_256_GCM_SHA384`.
    public var cipher: String

    public init(
        serverName: String, fingerprint: CertificateFingerprint, publicKeySHA256: String, subject: String,
        issuer: String, notBefore: Int64, notAfter: Int64, systemTrusted: Bool, hostnameMatched: Bool,
        verifyError: String?, protocolVersion: String, cipher: String
    ) {
        self.serverName = serverName
        self.fingerprint = fingerprint
        self.publicKeySHA256 = publicKeySHA256
        self.subject = subject
        self.issuer = issuer
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.systemTrusted = systemTrusted
        self.hostnameMatched = hostnameMatched
        self.verifyError = verifyError
        self.protocolVersion = protocolVersion
        self.cipher = cipher
    }

    /// The peer's public key as a curl-style pin.
    public var publicKeyPin: TLSPin { .publicKey(publicKeySHA256) }

    /// The peer's certificate as an OpenClaw pin.
    public var certificatePin: TLSPin { .certificate(fingerprint.hex) }
}
