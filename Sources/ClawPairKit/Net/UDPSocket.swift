/// A non-blocking UDP socket whose sends and receives take a deadline and wait through an
/// ``IOReactor`` (never blocking a cooperative thread).
///
/// Made either connected to one peer (``connected(to:reactor:)``: a client; the kernel drops
/// datagrams from anyone else and reports an ICMP port-unreachable as
/// ``NetworkError/Code/connectionRefused``) or bound to a local address
/// (``bound(to:reactor:)``: a server, or a client that talks to several peers).
public final class UDPSocket: Sendable {
    /// One datagram and where it came from.
    public struct Datagram: Sendable, Hashable {
        /// The payload.
        public var bytes: [UInt8]
        /// The sender.
        public var source: SocketAddress

        public init(bytes: [UInt8], source: SocketAddress) {
            self.bytes = bytes
            self.source = source
        }
    }

    /// A UDP payload is at most 65,507 bytes over IPv4 and 65,527 over IPv6 (a 16-bit length
    /// minus headers), so a buffer this size never cuts a datagram; it is also the most any
    /// receive reads, whatever a caller asks for.
    public static let maximumDatagramSize = 65_536

    /// The address the socket is bound to (a kernel-chosen port for a client).
    public let localAddress: SocketAddress
    /// The peer of a connected socket; nil for a bound one.
    public let remoteAddress: SocketAddress?

    private let descriptor: FileDescriptor
    private let reactor: IOReactor

    private init(
        descriptor: FileDescriptor, localAddress: SocketAddress, remoteAddress: SocketAddress?, reactor: IOReactor
    ) {
        self.descriptor = descriptor
        self.localAddress = localAddress
        self.remoteAddress = remoteAddress
        self.reactor = reactor
    }

    /// A socket on a kernel-chosen local port, connected to `remote`: a fresh random port
    /// per socket is part of what makes a DNS reply hard to forge (RFC 5452 §9.2).
    public static func connected(to remote: SocketAddress, reactor: IOReactor) throws(NetworkError) -> UDPSocket {
        let descriptor = try makeSocket(for: remote, action: "opening a UDP socket to \(remote)")
        do {
            // For UDP, connect only sets the peer; it never blocks.
            _ = try Syscalls.connect(descriptor.rawValue, to: remote)
        } catch {
            throw NetworkError(error, while: "setting UDP peer \(remote)")
        }
        let local = try localAddress(of: descriptor, action: "reading the local address for \(remote)")
        return UDPSocket(descriptor: descriptor, localAddress: local, remoteAddress: remote, reactor: reactor)
    }

    /// A socket bound to `local` (port 0: the kernel picks one; see ``localAddress``).
    public static func bound(to local: SocketAddress, reactor: IOReactor) throws(NetworkError) -> UDPSocket {
        let descriptor = try makeSocket(for: local, action: "opening a UDP socket on \(local)")
        do {
            if !local.ip.isIPv4 { try Syscalls.setIPv6Only(descriptor.rawValue) }
            try Syscalls.bind(descriptor.rawValue, to: local)
        } catch {
            throw NetworkError(error, while: "binding UDP \(local)")
        }
        let bound = try localAddress(of: descriptor, action: "reading the address bound for \(local)")
        return UDPSocket(descriptor: descriptor, localAddress: bound, remoteAddress: nil, reactor: reactor)
    }

    /// Sends one datagram, to the connected peer when `destination` is nil. A datagram is
    /// sent whole or not at all; waiting happens only when the send buffer is full.
    public func send(_ bytes: [UInt8], to destination: SocketAddress? = nil, until deadline: ContinuousClock.Instant)
        async throws
    {
        guard let target = destination ?? remoteAddress else {
            preconditionFailure("UDPSocket.send without a destination on an unconnected socket")
        }
        while true {
            let result: Syscalls.IOResult<Int>
            do {
                result =
                    destination == nil
                    ? try Syscalls.send(descriptor.rawValue, bytes[...])
                    : try Syscalls.send(descriptor.rawValue, bytes, to: target)
            } catch {
                throw NetworkError(error, while: "sending \(bytes.count) bytes to \(target)")
            }
            switch result {
            case .processed: return
            case .wouldBlock:
                guard try await reactor.wait(for: descriptor.rawValue, .writable, until: deadline) else {
                    throw NetworkError(.timedOut, "sending to \(target): send buffer still full at the deadline")
                }
            }
        }
    }

    /// The next datagram, or nil when `deadline` passes first. Reads at most `maxBytes`
    /// (capped at ``maximumDatagramSize``); the rest of a longer datagram is discarded.
    public func receive(maxBytes: Int = UDPSocket.maximumDatagramSize, until deadline: ContinuousClock.Instant)
        async throws -> Datagram?
    {
        let capacity = max(1, min(maxBytes, Self.maximumDatagramSize))
        while true {
            var source: SocketAddress?
            var result: Syscalls.IOResult<Int> = .wouldBlock
            var failure: SystemError?
            // Uninitialised storage: zeroing 64 KiB per datagram would cost more than the read.
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                do throws(SystemError) {
                    switch try Syscalls.receiveFrom(descriptor.rawValue, into: UnsafeMutableRawBufferPointer(buffer)) {
                    case .processed(let (received, from)):
                        count = min(received, capacity)
                        source = from
                        result = .processed(count)
                    case .wouldBlock:
                        result = .wouldBlock
                    }
                } catch {
                    failure = error
                }
            }
            if let failure {
                throw NetworkError(
                    failure, while: "receiving from \(remoteAddress?.description ?? localAddress.description)")
            }
            switch result {
            case .processed:
                // An address the kernel cannot express (not IP) cannot be a peer; skip it.
                guard let source else { continue }
                return Datagram(bytes: bytes, source: source)
            case .wouldBlock:
                guard try await reactor.wait(for: descriptor.rawValue, .readable, until: deadline) else { return nil }
            }
        }
    }

    private static func makeSocket(for address: SocketAddress, action: String) throws(NetworkError) -> FileDescriptor {
        do {
            return FileDescriptor(taking: try Syscalls.socket(family: address.family, type: .datagram))
        } catch {
            throw NetworkError(error, while: action)
        }
    }

    private static func localAddress(of descriptor: FileDescriptor, action: String) throws(NetworkError)
        -> SocketAddress
    {
        do {
            guard let address = try Syscalls.localAddress(descriptor.rawValue) else {
                throw NetworkError(.system, "\(action): the kernel returned a non-IP address")
            }
            return address
        } catch let error as SystemError {
            throw NetworkError(error, while: action)
        } catch let error as NetworkError {
            throw error
        } catch {
            throw NetworkError(.system, "\(action): \(error)")
        }
    }
}
