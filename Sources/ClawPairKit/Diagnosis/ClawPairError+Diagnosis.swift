// Error codes for the state directory and `clawpair doctor` (spec/cli.md).

extension ClawPairError.Code {
    /// The state directory cannot be resolved (no `HOME`), created or used.
    public static let stateDirectoryUnavailable = Self("STATE_DIRECTORY_UNAVAILABLE", .internal)
    /// The state directory or a registry file is a symbolic link or another user's (exit 7).
    public static let stateFileUnsafe = Self("STATE_FILE_UNSAFE", .environment)
    /// `clawpair doctor` found a failing check: a service discovery needs is absent.
    public static let machineCheckFailed = Self("MACHINE_CHECK_FAILED", .environment)
}
