extension ClawPairError.Code {
    /// A C library clawpair opens at run time (OpenSSL, SQLite, libpng, libjpeg,
    /// libqrencode, libavahi-client) is not installed, cannot be loaded or is too old:
    /// only the commands that use it fail. zbar has its own ``zbarUnavailable``.
    public static let libraryUnavailable = Self("LIBRARY_UNAVAILABLE", .environment)
}
