#if canImport(Glibc)
internal import Glibc
#endif

/// Tells whether something accepts connections on a local stream socket: connect, then close
/// without a word. A daemon that is alive completes a local connect in microseconds even
/// before it calls `accept`, so this is a cheap liveness check.
public enum UnixSocketProbe {
    /// A live daemon's kernel queue completes a local connect at once; only a full backlog
    /// (a wedged daemon) makes connect wait, and a second is plenty to tell the two apart
    /// without holding up `clawpair doctor`.
    public static let connectTimeout: Duration = .seconds(1)

    /// What a connect attempt found.
    public enum Outcome: Sendable, Hashable {
        /// The connection was made.
        case accepted
        /// connect() failed; `errno` is the C code (`ENOENT`, `ECONNREFUSED`, `EACCES` …).
        case failed(errno: Int32, reason: String)
        /// The listener's backlog stayed full for the whole timeout.
        case timedOut

        /// True for "nothing is there": no socket file, or no listener on it.
        public var isAbsent: Bool {
            if case .failed(let code, _) = self { return code == ENOENT || code == ECONNREFUSED }
            return false
        }

        /// True for a permission problem on the socket or its directory.
        public var isPermissionDenied: Bool {
            if case .failed(let code, _) = self { return code == EACCES || code == EPERM }
            return false
        }

        /// One phrase for a report: `accepts connections`, `no such file`, …
        public var summary: String {
            switch self {
            case .accepted: "accepts connections"
            case .timedOut: "did not accept a connection in time"
            case .failed(let code, let reason):
                switch code {
                case ENOENT: "no such socket"
                case ECONNREFUSED: "connection refused (nothing is listening)"
                case EACCES, EPERM: "permission denied"
                default: reason
                }
            }
        }
    }

    /// Connects to `address` and closes the connection again.
    public static func probe(_ address: UnixSocketAddress, timeout: Duration = connectTimeout) -> Outcome {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failed(errno: errno, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }

        // For AF_UNIX a blocking connect waits on a full backlog for at most SO_SNDTIMEO,
        // then fails with EAGAIN (net/unix/af_unix.c, unix_stream_connect).
        let (seconds, attoseconds) = timeout.components
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        if limit.tv_sec == 0 && limit.tv_usec == 0 { limit.tv_usec = 1 }
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))

        while true {
            guard let result = address.withSockAddr({ connect(descriptor, $0, $1) }) else {
                return .failed(errno: ENAMETOOLONG, reason: String(cString: strerror(ENAMETOOLONG)))
            }
            if result == 0 { return .accepted }
            let code = errno
            switch code {
            case EINTR: continue
            case EISCONN: return .accepted
            case EAGAIN, EINPROGRESS: return .timedOut
            default: return .failed(errno: code, reason: String(cString: strerror(code)))
            }
        }
    }
}
