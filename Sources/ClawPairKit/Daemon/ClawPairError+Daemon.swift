// Error codes for `clawpair daemon` and `clawpair status` (spec/cli.md).

extension ClawPairError.Code {
    /// `status` (or a command showing live state) found no daemon on the state directory's
    /// socket (exit 7).
    public static let daemonNotRunning = Self("DAEMON_NOT_RUNNING", .environment)
    /// Another daemon holds the state directory's lock (exit 7).
    public static let daemonAlreadyRunning = Self("DAEMON_ALREADY_RUNNING", .environment)
    /// The daemon's status socket answered something that is not its status (exit 8).
    public static let daemonProtocolError = Self("DAEMON_PROTOCOL_ERROR", .internal)
    /// A session the registry asks for has nothing to connect with: no route, or no device
    /// token and no shared credential (shown in `status`; the gateway needs pairing).
    public static let daemonSessionUnpaired = Self("DAEMON_SESSION_UNPAIRED", .authorization)
}
