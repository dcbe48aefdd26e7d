import Glibc
@testable import ClawPairKit

/// A listening unix stream socket for the socket checks: it never accepts, which a live
/// daemon's kernel queue makes no difference to until the backlog is full.
final class UnixSocketListener {
    let descriptor: Int32
    private let path: String?

    /// Binds `path` (or an abstract `name`) and, unless `listening` is false, listens with
    /// `backlog`. A bound socket that does not listen refuses connections.
    init(path: String? = nil, abstract name: String? = nil, backlog: Int32 = 16, listening: Bool = true) {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        precondition(descriptor >= 0, "socket failed")
        self.path = path
        let address: UnixSocketAddress = path.map { .path($0) } ?? .abstract(name ?? "")
        let bound = address.withSockAddr { bind(descriptor, $0, $1) }
        precondition(bound == 0, "bind failed: errno \(errno)")
        if listening { precondition(listen(descriptor, backlog) == 0, "listen failed") }
    }

    deinit {
        close(descriptor)
        if let path { unlink(path) }
    }
}
