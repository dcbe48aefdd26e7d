// Error codes of the `tls` probe stage (spec/cli.md `probe`, spec/routes-and-tls.md).

extension ClawPairError.Code {
    /// The TLS handshake did not complete: the peer closed or reset the connection, sent an
    /// alert, spoke something other than TLS, offered nothing we accept (TLS < 1.2), or did
    /// not finish by the deadline. The message carries OpenSSL's drained error queue.
    public static let tlsHandshakeFailed = Self("TLS_HANDSHAKE_FAILED", .unreachable)
    /// No pin is known and the chain does not lead to a certificate this system trusts
    /// (self-signed gateways, private CAs). The message carries the leaf fingerprint so the
    /// user can compare it out of band before trusting it.
    public static let tlsUntrusted = Self("TLS_UNTRUSTED", .trust)
    /// No pin is known and the chain is trusted, but the certificate is not for this host.
    public static let tlsNameMismatch = Self("TLS_NAME_MISMATCH", .trust)
    /// No pin is known and the chain is trusted, but the leaf has expired or is not valid yet.
    public static let tlsExpired = Self("TLS_EXPIRED", .trust)
    /// A pin is known and the peer's certificate (or public key) does not match it.
    public static let tlsPinMismatch = Self("TLS_PIN_MISMATCH", .trust)
}
