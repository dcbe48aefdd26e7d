extension ClawPairError.Code {
    /// The registry file is not a database, or is damaged (exit 8). It is left untouched.
    public static let registryCorrupt = Self("REGISTRY_CORRUPT", .internal)
    /// The registry was written by a newer clawpair (its schema version is higher than this
    /// one knows). It is left untouched.
    public static let registryTooNew = Self("REGISTRY_TOO_NEW", .internal)
    /// Another process held the registry's write lock past the busy timeout.
    public static let registryBusy = Self("REGISTRY_BUSY", .internal)
    /// Any other storage failure (permissions, disk full, I/O).
    public static let registryStorage = Self("REGISTRY_STORAGE", .internal)
    /// No registry entry matches an ID argument (exit 3). Named apart from discovery's
    /// `gatewayNotFound` (same raw code, exit 1 for an instance not found), which this one
    /// shadowed inside ClawPairKit and the CLI.
    public static let registryEntryNotFound = Self("GATEWAY_NOT_FOUND", .invalidInput)
    /// Several registry entries match an ID argument (exit 3).
    public static let gatewayAmbiguous = Self("GATEWAY_AMBIGUOUS", .invalidInput)
    /// The request conflicts with the focus: unbolting the focused gateway (exit 3).
    public static let gatewayFocused = Self("GATEWAY_FOCUSED", .invalidInput)
    /// A gateway name, address or other registry value is not acceptable (exit 3).
    public static let gatewayInvalid = Self("GATEWAY_INVALID", .invalidInput)
}
