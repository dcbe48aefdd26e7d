/// The status socket's protocol: the client sends one request line, `status` or `watch`;
/// the daemon answers `status` with one JSON line (every gateway, ``DaemonSupervisor/snapshot()``)
/// and closes, and `watch` with one JSON line per gateway change until either side leaves.
public enum DaemonStatusProtocol {
    public static let socketFileName = "daemon.sock"
    public static let statusRequest = "status"
    public static let watchRequest = "watch"
    /// A request line is a word; anything longer is not a client of ours.
    static let maximumRequestBytes = 64
    /// 5 s for a client to send its request line or take an answer.
    static let ioTimeout: Duration = .seconds(5)

    public static func socketPath(in directory: StateDirectory) -> String { directory.appending(socketFileName) }
}
