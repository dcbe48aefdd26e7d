internal import CClawShims
internal import COpenSSL

/// RSASSA-PKCS1-v1_5 with SHA-256 (JWS `RS256`, RFC 7518 §3.3) against a JWKS key: how an
/// Access JWT's signature is checked (spec/cloudflare-access.md "JWT rules").
///
/// The key reaches OpenSSL as a DER SubjectPublicKeyInfo built here from the modulus and
/// exponent, so no deprecated RSA_* call or OSSL_PARAM builder is needed.
public enum RS256Verifier {
    /// Whether `signature` signs `message` under `key`. Throws only when libcrypto cannot be
    /// loaded; a key OpenSSL refuses verifies nothing.
    public static func verify(signature: [UInt8], of message: [UInt8], key: AccessSigningKeys.Key) throws(ClawPairError) -> Bool {
        try CLibrary.libcrypto.require()
        OpenSSLError.clear()
        defer { OpenSSLError.clear() }
        let der = subjectPublicKeyInfo(modulus: key.modulus, exponent: key.exponent)
        let publicKey = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return clawpair_d2i_PUBKEY(nil, &cursor, buffer.count)
        }
        guard let publicKey else { return false }
        defer { clawpair_EVP_PKEY_free(publicKey) }
        guard let context = clawpair_EVP_MD_CTX_new() else { return false }
        defer { clawpair_EVP_MD_CTX_free(context) }
        // RSA's default padding in OpenSSL is PKCS #1 v1.5.
        guard clawpair_EVP_DigestVerifyInit(context, nil, clawpair_EVP_sha256(), nil, publicKey) == 1 else { return false }
        return signature.withUnsafeBufferPointer { sig in
            message.withUnsafeBufferPointer { msg in
                clawpair_EVP_DigestVerify(context, sig.baseAddress, sig.count, msg.baseAddress, msg.count) == 1
            }
        }
    }

    /// `SEQUENCE { SEQUENCE { rsaEncryption, NULL }, BIT STRING { RSAPublicKey } }` (RFC 3279 §2.3.1).
    static func subjectPublicKeyInfo(modulus: [UInt8], exponent: [UInt8]) -> [UInt8] {
        let rsaPublicKey = der(0x30, der(0x02, unsigned(modulus)) + der(0x02, unsigned(exponent)))
        let algorithm: [UInt8] = [0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05, 0x00]
        return der(0x30, algorithm + der(0x03, [0x00] + rsaPublicKey))
    }

    /// A positive INTEGER's content: a leading zero when the top bit is set.
    private static func unsigned(_ bytes: [UInt8]) -> [UInt8] {
        (bytes.first ?? 0x80) & 0x80 != 0 ? [0x00] + bytes : bytes
    }

    private static func der(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        let count = content.count
        let length: [UInt8] =
            count < 0x80 ? [UInt8(count)] : count < 0x100 ? [0x81, UInt8(count)] : [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
        return [tag] + length + content
    }
}
