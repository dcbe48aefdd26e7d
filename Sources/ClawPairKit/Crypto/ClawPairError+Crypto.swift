// Error codes of the device identity (spec/gateway-protocol.md, "Device identity").

extension ClawPairError.Code {
    /// A stored device key that cannot be used (wrong length, rejected by OpenSSL): the
    /// state directory is damaged. Exit 8 (storage).
    public static let deviceKeyInvalid = Self("DEVICE_KEY_INVALID", .internal)
    /// OpenSSL failed to make or use an Ed25519 key (out of memory, algorithm missing).
    public static let cryptoFailure = Self("CRYPTO_FAILURE", .internal)
}
