internal import CClawShims
internal import COpenSSL

/// An Ed25519 key pair (RFC 8032) held by OpenSSL: this installation's device key.
///
/// The one owner of its `EVP_PKEY` (freed in `deinit`). It never touches the disk: whoever
/// stores the key (the registry) keeps ``rawPrivateSeed`` and rebuilds the pair with
/// ``init(rawPrivateSeed:)``.
public final class Ed25519KeyPair: Sendable {
    /// 32 bytes: a raw private key (the seed) and a raw public key alike.
    public static let keyByteCount = 32
    /// 64 bytes.
    public static let signatureByteCount = 64

    /// Immutable after init; OpenSSL's EVP_PKEY is safe to use from several threads for
    /// signing once built.
    nonisolated(unsafe) private let key: OpaquePointer

    private init(owning key: OpaquePointer) { self.key = key }

    deinit { clawpair_EVP_PKEY_free(key) }

    /// A fresh key pair from OpenSSL's CSPRNG.
    public static func generate() throws(ClawPairError) -> Ed25519KeyPair {
        try CLibrary.libcrypto.require()
        OpenSSLError.clear()
        guard let context = clawpair_EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, nil) else {
            throw ClawPairError(.cryptoFailure, "cannot make an Ed25519 key context: \(OpenSSLError.drain())")
        }
        defer { clawpair_EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard clawpair_EVP_PKEY_keygen_init(context) == 1, clawpair_EVP_PKEY_keygen(context, &key) == 1, let key else {
            throw ClawPairError(.cryptoFailure, "Ed25519 key generation failed: \(OpenSSLError.drain())")
        }
        return Ed25519KeyPair(owning: key)
    }

    /// The pair for a stored 32-byte private seed.
    public convenience init(rawPrivateSeed seed: [UInt8]) throws(ClawPairError) {
        guard seed.count == Self.keyByteCount else {
            throw ClawPairError(.deviceKeyInvalid, "an Ed25519 private key is 32 bytes, not \(seed.count)")
        }
        try CLibrary.libcrypto.require()
        OpenSSLError.clear()
        let key = seed.withUnsafeBufferPointer { clawpair_EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, $0.baseAddress, $0.count) }
        guard let key else {
            throw ClawPairError(.deviceKeyInvalid, "OpenSSL refused the Ed25519 private key: \(OpenSSLError.drain())")
        }
        self.init(owning: key)
    }

    /// The 32-byte private seed, for the key's storage. A secret: never print or log it.
    public var rawPrivateSeed: [UInt8] { rawKey(clawpair_EVP_PKEY_get_raw_private_key) }

    /// The 32-byte public key.
    public var rawPublicKey: [UInt8] { rawKey(clawpair_EVP_PKEY_get_raw_public_key) }

    private func rawKey(
        _ get: (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int>?) -> Int32
    ) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Self.keyByteCount)
        var length = bytes.count
        let ok = get(key, &bytes, &length)
        // An Ed25519 EVP_PKEY always has both raw forms of exactly 32 bytes.
        precondition(ok == 1 && length == Self.keyByteCount, "raw Ed25519 key export failed: \(OpenSSLError.drain())")
        return bytes
    }

    /// The 64-byte signature of `message` (PureEdDSA: the message itself, not a digest).
    public func sign(_ message: [UInt8]) -> [UInt8] {
        OpenSSLError.clear()
        guard let context = clawpair_EVP_MD_CTX_new() else { preconditionFailure("EVP_MD_CTX_new failed: out of memory") }
        defer { clawpair_EVP_MD_CTX_free(context) }
        var signature = [UInt8](repeating: 0, count: Self.signatureByteCount)
        var length = signature.count
        let ok = message.withUnsafeBufferPointer { input in
            clawpair_EVP_DigestSignInit(context, nil, nil, nil, key) == 1
                && clawpair_EVP_DigestSign(context, &signature, &length, input.baseAddress, input.count) == 1
        }
        // Signing with a valid Ed25519 key fails only when memory runs out.
        precondition(ok && length == Self.signatureByteCount, "Ed25519 signing failed: \(OpenSSLError.drain())")
        return signature
    }
}

/// Ed25519 verification against a raw public key: what a gateway does with a device block.
public enum Ed25519 {
    /// Whether `signature` is a valid Ed25519 signature of `message` under the raw 32-byte
    /// `publicKey`. A key of the wrong length or one OpenSSL refuses verifies nothing. Traps
    /// when libcrypto cannot be loaded (``CLibrary/requireOrTrap()``).
    public static func verify(signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard publicKey.count == Ed25519KeyPair.keyByteCount, signature.count == Ed25519KeyPair.signatureByteCount else {
            return false
        }
        CLibrary.libcrypto.requireOrTrap()
        OpenSSLError.clear()
        defer { OpenSSLError.clear() }
        let key = publicKey.withUnsafeBufferPointer { clawpair_EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, $0.baseAddress, $0.count) }
        guard let key else { return false }
        defer { clawpair_EVP_PKEY_free(key) }
        guard let context = clawpair_EVP_MD_CTX_new() else { return false }
        defer { clawpair_EVP_MD_CTX_free(context) }
        guard clawpair_EVP_DigestVerifyInit(context, nil, nil, nil, key) == 1 else { return false }
        return signature.withUnsafeBufferPointer { sig in
            message.withUnsafeBufferPointer { msg in
                clawpair_EVP_DigestVerify(context, sig.baseAddress, sig.count, msg.baseAddress, msg.count) == 1
            }
        }
    }
}
