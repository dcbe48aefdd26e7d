/// A connected, non-blocking TCP socket whose every operation has a deadline and waits
/// through an ``IOReactor``.
///
/// ``connect(to:until:reactor:)`` gives a verdict a probe can report: refused (the host
/// answered with a reset), timed out (no answer: filtered or down), unreachable (no route, or
/// a local rule). Reads and writes on a stream are partial by nature; ``write(_:until:)`` and
/// ``read(exactly:until:)`` loop until all the bytes moved or the deadline passed.
public final class TCPConnection: Sendable {
    /// This end's address (the kernel-chosen port).
    public let localAddress: SocketAddress
    /// The peer's address.
    public let remoteAddress: SocketAddress

    private let descriptor: FileDescriptor
    private let reactor: IOReactor

    package init(descriptor: FileDescriptor, localAddress: SocketAddress, remoteAddress: SocketAddress, reactor: IOReactor) {
        self.descriptor = descriptor
        self.localAddress = localAddress
        self.remoteAddress = remoteAddress
        self.reactor = reactor
    }

    /// Connects to `remote`, giving up at `deadline`. Throws ``NetworkError`` with code
    /// ``NetworkError/Code/connectionRefused``, ``NetworkError/Code/timedOut`` or
    /// ``NetworkError/Code/unreachable`` (or another code, with the errno kept), and
    /// `CancellationError` when the task is cancelled (the half-open socket is closed).
    public static func connect(
        to remote: SocketAddress, until deadline: ContinuousClock.Instant, reactor: IOReactor
    ) async throws -> TCPConnection {
        let action = "connecting to \(remote)"
        let descriptor: FileDescriptor
        let started: Syscalls.ConnectResult
        do {
            descriptor = FileDescriptor(taking: try Syscalls.socket(family: remote.family, type: .stream))
            // Clients send a few small writes and then wait (TLS Finished then the upgrade
            // request; a WebSocket frame): with Nagle the second waits for the peer's delayed
            // ACK, about 40 ms on Linux. Best effort, as on the server side.
            try? Syscalls.setNoDelay(descriptor.rawValue)
            started = try Syscalls.connect(descriptor.rawValue, to: remote)
        } catch {
            throw NetworkError(error, while: action)
        }
        if case .inProgress = started {
            guard try await reactor.wait(for: descriptor.rawValue, .writable, until: deadline) else {
                throw NetworkError(.timedOut, "\(action): no answer before the deadline")
            }
            // Writable means the handshake ended; SO_ERROR says how (RFC 793 has no other way
            // to learn it on a non-blocking socket).
            let pending: Int32
            do { pending = try Syscalls.pendingError(descriptor.rawValue) } catch {
                throw NetworkError(error, while: action)
            }
            if pending != 0 {
                throw NetworkError(SystemError(call: "connect", errno: pending), while: action)
            }
        }
        let local: SocketAddress?
        do { local = try Syscalls.localAddress(descriptor.rawValue) } catch { throw NetworkError(error, while: action) }
        return TCPConnection(
            descriptor: descriptor, localAddress: local ?? remote, remoteAddress: remote, reactor: reactor)
    }

    /// Sends small writes at once (`TCP_NODELAY`), as a server of small frames wants (Node's
    /// `ws`, the gateway's WebSocket library, does the same). Best effort.
    package func setNoDelay() {
        try? Syscalls.setNoDelay(descriptor.rawValue)
    }

    /// Whether `TCP_NODELAY` is on (for tests; false when it cannot be read).
    var noDelay: Bool {
        (try? Syscalls.noDelay(descriptor.rawValue)) ?? false
    }

    /// Ends the connection in both directions now (the descriptor is closed on release): how
    /// a server drops a client another task is reading from.
    package func shutdown() {
        Syscalls.shutdown(descriptor.rawValue)
    }

    private var io: StreamSocketIO { StreamSocketIO(descriptor: descriptor, reactor: reactor, peer: remoteAddress.description) }

    /// Writes all of `bytes`, or throws (``NetworkError/Code/timedOut`` at the deadline,
    /// ``NetworkError/Code/closedByPeer`` when the peer went away).
    public func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) async throws {
        try await io.write(bytes, until: deadline)
    }

    /// Reads whatever arrives first, at most `maxBytes`; an empty array means the peer closed
    /// its side. Throws ``NetworkError/Code/timedOut`` when nothing came by the deadline.
    public func read(upTo maxBytes: Int, until deadline: ContinuousClock.Instant) async throws -> [UInt8] {
        try await io.read(upTo: maxBytes, until: deadline)
    }
}
