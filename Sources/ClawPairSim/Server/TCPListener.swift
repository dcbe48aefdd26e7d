import ClawPairKit

/// A listening TCP socket: the server side of ``TCPConnection``, for the simulated gateway
/// and for loopback test servers.
public final class TCPListener: Sendable {
    /// The address listened on (with the kernel-chosen port when bound to port 0).
    public let localAddress: SocketAddress

    private let descriptor: FileDescriptor
    private let reactor: IOReactor

    /// How many finished handshakes the kernel queues before `accept`; a test server or the
    /// simulator never sees more at once, and the kernel caps it at `somaxconn` anyway.
    public static let defaultBacklog: Int32 = 128

    /// Binds `local` (with `SO_REUSEADDR`, so a port just released can be bound again) and
    /// listens.
    public init(bindingTo local: SocketAddress, backlog: Int32 = TCPListener.defaultBacklog, reactor: IOReactor)
        throws(NetworkError)
    {
        do {
            let descriptor = FileDescriptor(taking: try Syscalls.socket(family: local.family, type: .stream))
            try Syscalls.setReuseAddress(descriptor.rawValue)
            if !local.ip.isIPv4 { try Syscalls.setIPv6Only(descriptor.rawValue) }
            try Syscalls.bind(descriptor.rawValue, to: local)
            try Syscalls.listen(descriptor.rawValue, backlog: backlog)
            self.localAddress = try Syscalls.localAddress(descriptor.rawValue) ?? local
            self.descriptor = descriptor
            self.reactor = reactor
        } catch {
            throw NetworkError(error, while: "listening on TCP \(local)")
        }
    }

    /// The next connection, or nil when `deadline` (if any) passes first.
    public func accept(until deadline: ContinuousClock.Instant? = nil) async throws -> TCPConnection? {
        while true {
            let result: Syscalls.IOResult<(Int32, SocketAddress?)>
            do { result = try Syscalls.accept(descriptor.rawValue) } catch {
                throw NetworkError(error, while: "accepting on \(localAddress)")
            }
            switch result {
            case .processed(let (accepted, peer)):
                let connection = FileDescriptor(taking: accepted)
                guard let peer else { continue }
                return TCPConnection(
                    descriptor: connection, localAddress: localAddress, remoteAddress: peer, reactor: reactor)
            case .wouldBlock:
                guard try await reactor.wait(for: descriptor.rawValue, .readable, until: deadline) else { return nil }
            }
        }
    }
}
