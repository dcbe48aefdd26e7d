import ClawPairKit
internal import CClawShims
internal import COpenSSL

/// The simulated gateway's own certificate: self-signed RSA-2048 with CN
/// `openclaw-gateway`, like a real gateway's (spec/routes-and-tls.md), made with OpenSSL on
/// first start and kept as two PEM files (0600) in the sim's home, so its fingerprint, and
/// every pin a client stored, survive restarts.
public struct SelfSignedCertificate: Sendable {
    /// The certificate file (PEM).
    public let certificatePath: String
    /// The private key file (PEM, unencrypted, 0600).
    public let keyPath: String
    /// SHA-256 of the certificate's DER bytes: the pin clients compare.
    public let fingerprint: CertificateFingerprint

    /// The common name a real gateway's certificate carries.
    public static let commonName = "openclaw-gateway"
    /// File names inside the home directory.
    public static let certificateFileName = "sim-tls-cert.pem"
    public static let keyFileName = "sim-tls-key.pem"
    /// Ten years: the real gateway's certificate is long-lived too; clients pin it.
    static let validityDays = 3650

    /// Loads the certificate kept in `directory`, or makes and stores a new one when there
    /// is none. Throws ``ClawPairError`` (`stateDirectoryUnavailable`, `ioError`,
    /// `internalError` with OpenSSL's queue).
    public static func loadOrCreate(in directory: StateDirectory) throws(ClawPairError) -> SelfSignedCertificate {
        try directory.ensure()
        let certificatePath = directory.appending(certificateFileName)
        let keyPath = directory.appending(keyFileName)
        let pem: [UInt8]
        if let existing = try? FileIO.readAll(path: certificatePath), (try? FileIO.readAll(path: keyPath)) != nil {
            pem = existing
        } else {
            let made = try generate()
            try FileIO.writeFile(made.key, to: keyPath, mode: StateDirectory.fileMode)
            try FileIO.writeFile(made.certificate, to: certificatePath, mode: StateDirectory.fileMode)
            pem = made.certificate
        }
        return SelfSignedCertificate(
            certificatePath: certificatePath, keyPath: keyPath, fingerprint: try fingerprint(ofPEM: pem, path: certificatePath))
    }

    /// The SHA-256 fingerprint of the first certificate in `pem`.
    static func fingerprint(ofPEM pem: [UInt8], path: String) throws(ClawPairError) -> CertificateFingerprint {
        try CLibrary.libcrypto.require()
        OpenSSLError.clear()
        guard let bio = pem.withUnsafeBytes({ clawpair_BIO_new_mem_buf($0.baseAddress, Int32($0.count)) }) else {
            throw ClawPairError(.internalError, "OpenSSL could not read memory: \(OpenSSLError.drain())")
        }
        defer { clawpair_BIO_free(bio) }
        guard let certificate = clawpair_PEM_read_bio_X509(bio, nil, nil, nil) else {
            throw ClawPairError(.fileUnreadable, "\(path) holds no PEM certificate: \(OpenSSLError.drain())",
                remedy: "remove it (and the key beside it) to have a new one made")
        }
        defer { clawpair_X509_free(certificate) }
        return CertificateFingerprint(derCertificate: try der(certificate))
    }

    private static func der(_ certificate: OpaquePointer) throws(ClawPairError) -> [UInt8] {
        let length = clawpair_i2d_X509(certificate, nil)
        guard length > 0 else { throw ClawPairError(.internalError, "OpenSSL could not encode the certificate") }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            _ = clawpair_i2d_X509(certificate, &cursor)
        }
        return bytes
    }

    /// A new RSA-2048 key and a self-signed SHA-256 certificate for it, both PEM.
    static func generate() throws(ClawPairError) -> (certificate: [UInt8], key: [UInt8]) {
        try CLibrary.libcrypto.require()
        OpenSSLError.clear()
        func failure(_ what: String) -> ClawPairError {
            ClawPairError(.internalError, "OpenSSL could not \(what): \(OpenSSLError.drain())")
        }
        guard let context = clawpair_EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, nil) else { throw failure("start an RSA key") }
        defer { clawpair_EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard clawpair_EVP_PKEY_keygen_init(context) == 1, clawpair_EVP_PKEY_CTX_set_rsa_keygen_bits(context, 2048) == 1,
            clawpair_EVP_PKEY_keygen(context, &key) == 1, let key
        else { throw failure("make an RSA-2048 key") }
        defer { clawpair_EVP_PKEY_free(key) }

        guard let certificate = clawpair_X509_new() else { throw failure("make a certificate") }
        defer { clawpair_X509_free(certificate) }
        var serial = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in serial.indices { serial[index] = generator.next() }
        serial[0] &= 0x7F  // a positive serial number (RFC 5280 §4.1.2.2)
        guard clawpair_X509_set_version(certificate, 2) == 1,
            let serialNumber = clawpair_BN_bin2bn(serial, Int32(serial.count), nil)
        else { throw failure("set the certificate's version and serial") }
        defer { clawpair_BN_free(serialNumber) }
        guard clawpair_BN_to_ASN1_INTEGER(serialNumber, clawpair_X509_get_serialNumber(certificate)) != nil,
            clawpair_X509_gmtime_adj(clawpair_X509_getm_notBefore(certificate), -3600) != nil,
            clawpair_X509_gmtime_adj(clawpair_X509_getm_notAfter(certificate), Int(validityDays) * 86_400) != nil,
            clawpair_X509_set_pubkey(certificate, key) == 1,
            let name = clawpair_X509_get_subject_name(certificate),
            clawpair_X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, commonName, -1, -1, 0) == 1,
            clawpair_X509_set_issuer_name(certificate, name) == 1,
            clawpair_X509_sign(certificate, key, clawpair_EVP_sha256()) > 0
        else { throw failure("build and sign the certificate") }

        guard let certificateBIO = clawpair_BIO_new(clawpair_BIO_s_mem()) else { throw failure("make a memory BIO") }
        defer { clawpair_BIO_free(certificateBIO) }
        guard clawpair_PEM_write_bio_X509(certificateBIO, certificate) == 1 else { throw failure("write the certificate") }
        guard let keyBIO = clawpair_BIO_new(clawpair_BIO_s_mem()) else { throw failure("make a memory BIO") }
        defer { clawpair_BIO_free(keyBIO) }
        guard clawpair_PEM_write_bio_PrivateKey(keyBIO, key, nil, nil, 0, nil, nil) == 1 else { throw failure("write the key") }
        return (drain(certificateBIO), drain(keyBIO))
    }

    private static func drain(_ bio: OpaquePointer) -> [UInt8] {
        let pending = Int(clawpair_BIO_ctrl_pending(bio))
        var bytes = [UInt8](repeating: 0, count: pending)
        let read = clawpair_BIO_read(bio, &bytes, Int32(pending))
        return Array(bytes.prefix(max(0, Int(read))))
    }
}
