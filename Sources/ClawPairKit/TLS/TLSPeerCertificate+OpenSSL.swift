internal import CClawShims
internal import COpenSSL

// MARK: Reading the facts out of OpenSSL

extension TLSPeerCertificate {
    /// The facts of a finished handshake on `ssl`. Called with the engine's lock held.
    static func read(
        from ssl: OpaquePointer, serverName: TLSServerName, verification: TLSVerificationRecorder
    ) throws(ClawPairError) -> TLSPeerCertificate {
        guard let leaf = clawpair_SSL_get0_peer_certificate(ssl) else {
            // Anonymous suites are off by default, so a finished handshake has a certificate.
            throw ClawPairError(.tlsHandshakeFailed, "\(serverName.text) finished the TLS handshake without a certificate")
        }
        guard let der = encode(leaf, with: { clawpair_i2d_X509($0, $1) }),
            let publicKey = clawpair_X509_get_X509_PUBKEY(leaf),
            let spki = encode(publicKey, with: { clawpair_i2d_X509_PUBKEY($0, $1) })
        else {
            throw ClawPairError(.tlsHandshakeFailed, "cannot encode the certificate of \(serverName.text): \(OpenSSLError.drain())")
        }
        guard let notBefore = unixSeconds(clawpair_X509_get0_notBefore(leaf)), let notAfter = unixSeconds(clawpair_X509_get0_notAfter(leaf)) else {
            throw ClawPairError(.tlsHandshakeFailed, "the certificate of \(serverName.text) has an unreadable validity period")
        }

        let trustIssues = verification.trustIssues
        var seen: Set<TLSVerificationRecorder.Issue> = []
        let described = verification.issues.filter { seen.insert($0).inserted }.map { "\($0.text) (depth \($0.depth))" }

        return TLSPeerCertificate(
            serverName: serverName.text,
            fingerprint: CertificateFingerprint(derCertificate: der),
            publicKeySHA256: TLSPin.base64(SHA256.hash(spki)),
            subject: oneLine(clawpair_X509_get_subject_name(leaf)),
            issuer: oneLine(clawpair_X509_get_issuer_name(leaf)),
            notBefore: notBefore,
            notAfter: notAfter,
            systemTrusted: trustIssues.isEmpty,
            hostnameMatched: matches(leaf, serverName),
            verifyError: described.isEmpty ? nil : described.joined(separator: "; "),
            protocolVersion: String(cString: clawpair_SSL_get_version(ssl)),
            cipher: clawpair_SSL_get_current_cipher(ssl).flatMap { clawpair_SSL_CIPHER_get_name($0) }.map { String(cString: $0) } ?? "unknown")
    }

    /// DER bytes from an `i2d_*` function: called once for the length, once to write.
    private static func encode(
        _ object: OpaquePointer, with i2d: (OpaquePointer, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
    ) -> [UInt8]? {
        let length = i2d(object, nil)
        guard length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d(object, &cursor)
        }
        return written == length ? bytes : nil
    }

    /// An ASN1_TIME (UTCTime or GeneralizedTime, always UTC in certificates) as Unix seconds.
    private static func unixSeconds(_ time: UnsafePointer<ASN1_TIME>?) -> Int64? {
        guard let time else { return nil }
        var parts = tm()
        guard clawpair_ASN1_TIME_to_tm(time, &parts) == 1 else { return nil }
        return UTCTime.unixSeconds(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }

    /// A name in RFC 2253 form (`CN=gateway.test,O=Example`), most specific first.
    private static func oneLine(_ name: OpaquePointer?) -> String {
        guard let name, let bio = clawpair_BIO_new(clawpair_BIO_s_mem()) else { return "" }
        defer { clawpair_BIO_free(bio) }
        guard clawpair_X509_NAME_print_ex(bio, name, 0, CClawShims_XN_FLAG_RFC2253()) >= 0 else { return "" }
        let pending = Int(clawpair_BIO_ctrl_pending(bio))
        guard pending > 0 else { return "" }
        var bytes = [UInt8](repeating: 0, count: pending)
        let read = clawpair_BIO_read(bio, &bytes, Int32(pending))
        return String(decoding: bytes.prefix(max(0, Int(read))), as: UTF8.self)
    }

    /// The hostname check (RFC 6125): a DNS name against the subjectAltName DNS entries (CN
    /// only when there are none), a wildcard only as the whole left-most label; an IP
    /// literal against the IP entries.
    private static func matches(_ leaf: OpaquePointer, _ serverName: TLSServerName) -> Bool {
        switch serverName {
        case .dns(let name):
            return clawpair_X509_check_host(leaf, name, 0, UInt32(X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS), nil) == 1
        case .ip(let address):
            return clawpair_X509_check_ip_asc(leaf, address, 0) == 1
        }
    }
}
