internal import CClawShims

/// A fresh X25519 key pair for one Access session transfer (spec/cloudflare-access.md step
/// 1): the public half goes into the sign-in URL, the secret half opens the transfer's NaCl
/// box (`crypto_box_open_easy`, libsodium) and is wiped when this object goes. Never stored.
public final class NaClBoxKeyPair: @unchecked Sendable {
    public static let keyBytes = 32

    /// The public key, raw.
    public let publicKey: [UInt8]
    /// Owned by this object alone; zeroed in deinit (sodium_memzero, which the compiler
    /// cannot optimise away).
    private let secretKey: UnsafeMutableBufferPointer<UInt8>

    /// Generates a key pair; throws `LIBRARY_UNAVAILABLE` without libsodium.
    public init() throws(ClawPairError) {
        try CLibrary.libsodium.require()
        guard clawpair_sodium_init() >= 0 else {
            throw ClawPairError(.internalError, "libsodium could not initialise (sodium_init failed)")
        }
        var publicKey = [UInt8](repeating: 0, count: Self.keyBytes)
        secretKey = .allocate(capacity: Self.keyBytes)
        secretKey.initialize(repeating: 0)
        _ = clawpair_crypto_box_keypair(&publicKey, secretKey.baseAddress)
        self.publicKey = publicKey
    }

    /// A key pair given whole: for known-answer tests with a fixture's keys.
    package init(publicKey: [UInt8], secretKey: [UInt8]) throws(ClawPairError) {
        try CLibrary.libsodium.require()
        precondition(publicKey.count == Self.keyBytes && secretKey.count == Self.keyBytes, "X25519 keys are 32 bytes")
        self.publicKey = publicKey
        self.secretKey = .allocate(capacity: Self.keyBytes)
        _ = self.secretKey.initialize(from: secretKey)
    }

    deinit {
        clawpair_sodium_memzero(secretKey.baseAddress, secretKey.count)
        secretKey.deallocate()
    }

    /// The plaintext of `envelope`, sealed by its service key to ours; throws
    /// `ACCESS_ENVELOPE_INVALID` when the MAC does not verify (tampered, or another key).
    public func open(_ envelope: AccessTransferEnvelope) throws(ClawPairError) -> [UInt8] {
        let macBytes = AccessTransferEnvelope.macBytes
        var plaintext = [UInt8](repeating: 0, count: max(envelope.sealed.count - macBytes, 0))
        let status = clawpair_crypto_box_open_easy(
            &plaintext, envelope.sealed, UInt64(envelope.sealed.count), envelope.nonce, envelope.servicePublicKey, secretKey.baseAddress)
        guard status == 0 else {
            throw ClawPairError(
                .accessEnvelopeInvalid, "the transfer envelope does not open with this attempt's key (bad MAC: tampered or for another key)")
        }
        return plaintext
    }
}
