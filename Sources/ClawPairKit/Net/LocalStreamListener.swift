/// A listening local (`AF_UNIX`) stream socket at a path, 0600: the daemon's status socket.
/// A stale socket file left by a killed daemon is replaced (the caller holds the instance
/// lock, so no live daemon owns it); the file is removed when the listener goes away.
public final class LocalStreamListener: Sendable {
    public let path: String
    private let descriptor: FileDescriptor
    private let reactor: IOReactor

    public init(path: String, reactor: IOReactor) throws(ClawPairError) {
        FileIO.remove(path)
        do {
            let descriptor = FileDescriptor(taking: try Syscalls.socket(family: UnixSocketAddress.path(path).family, type: .stream))
            try Syscalls.bind(descriptor.rawValue, to: .path(path))
            try FileIO.setMode(StateDirectory.fileMode, of: path)
            try Syscalls.listen(descriptor.rawValue, backlog: 64)
            self.descriptor = descriptor
        } catch let error as SystemError {
            throw ClawPairError(.ioError, "cannot listen on \(path): \(error.message)")
        } catch {
            throw (error as? ClawPairError) ?? ClawPairError(.ioError, "cannot listen on \(path): \(error)")
        }
        self.path = path
        self.reactor = reactor
    }

    deinit { FileIO.remove(path) }

    /// The next connection.
    public func accept() async throws -> LocalStreamConnection {
        while true {
            let result: Syscalls.IOResult<(Int32, SocketAddress?)>
            do { result = try Syscalls.accept(descriptor.rawValue) } catch {
                throw ClawPairError(.ioError, "accepting on \(path): \(error.message)")
            }
            switch result {
            case .processed(let (accepted, _)):
                return LocalStreamConnection(descriptor: FileDescriptor(taking: accepted), path: path, reactor: reactor)
            case .wouldBlock:
                _ = try await reactor.wait(for: descriptor.rawValue, .readable, until: nil)
            }
        }
    }
}

/// A connected local stream socket, both ends (the daemon's side and `clawpair status`'s).
public final class LocalStreamConnection: Sendable {
    private let io: StreamSocketIO

    init(descriptor: FileDescriptor, path: String, reactor: IOReactor) {
        io = StreamSocketIO(descriptor: descriptor, reactor: reactor, peer: path)
    }

    /// Connects to the socket at `path`; throws ``SystemError`` (`ENOENT`, `ECONNREFUSED`:
    /// nobody listens) or `ClawPairError`.
    public static func connect(to path: String, reactor: IOReactor) throws -> LocalStreamConnection {
        let descriptor = FileDescriptor(taking: try Syscalls.socket(family: UnixSocketAddress.path(path).family, type: .stream))
        _ = try Syscalls.connect(descriptor.rawValue, to: .path(path))
        return LocalStreamConnection(descriptor: descriptor, path: path, reactor: reactor)
    }

    public func write(_ text: String, until deadline: ContinuousClock.Instant) async throws {
        try await io.write(Array(text.utf8), until: deadline)
    }

    /// Whatever arrives first; empty at end of stream.
    public func read(upTo maxBytes: Int = 65536, until deadline: ContinuousClock.Instant?) async throws -> [UInt8] {
        try await io.read(upTo: maxBytes, until: deadline)
    }
}
