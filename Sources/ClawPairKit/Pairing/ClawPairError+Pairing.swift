extension ClawPairError.Code {
    /// The input names a gateway but carries no credential to pair with (a bare URL).
    public static let pairingNeedsSetupCode = Self("PAIRING_NEEDS_SETUP_CODE", .invalidInput)
    /// Only one of the node and operator credentials arrived: nothing was stored.
    public static let pairingIncomplete = Self("PAIRING_INCOMPLETE", .authorization)
    /// The gateway still reported the pairing request pending when `--wait` ran out.
    public static let pairingTimedOut = Self("PAIRING_TIMED_OUT", .authorization)
    /// A certificate needed the user's trust and the user declined (or could not be asked).
    public static let tlsTrustDeclined = Self("TLS_TRUST_DECLINED", .trust)
}
