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
    /// No registry entry matches an ID argument (exit 3).
    public static let registryNotFound = Self("REGISTRY_NOT_FOUND", .invalidInput)
    /// The request conflicts with the focus: unbolting the focused gateway (exit 3).
    public static let registryFocused = Self("REGISTRY_FOCUSED", .invalidInput)
    /// The name is another entry's: names are unique, so an ID argument never has to guess
    /// (exit 3).
    public static let registryNameInUse = Self("REGISTRY_NAME_IN_USE", .invalidInput)
    /// A gateway name, address or other registry value is not acceptable (exit 3).
    public static let registryInvalid = Self("REGISTRY_INVALID", .invalidInput)
}
