extension ClawPairError.Code {
    /// libzbar could not be loaded: `scan` (and pairing from a picture) need it, nothing else.
    public static let zbarUnavailable = Self("ZBAR_UNAVAILABLE", .environment)
}
