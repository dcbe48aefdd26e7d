/// One request on avahi-daemon's line protocol (``AvahiSimpleProtocol``): the first address
/// of one type for a browsed host, which the daemon answers from its cache at once, while
/// the record browser for the same host (answered about 10 ms late) is still on its way. Owns its socket; the event loop polls it.
final class AvahiHostnameLookup {
    let query: MDNSHostQuery
    private let descriptor: FileDescriptor
    private var received: [UInt8] = []

    var socket: Int32 { descriptor.rawValue }

    private init(query: MDNSHostQuery, descriptor: FileDescriptor) {
        self.query = query
        self.descriptor = descriptor
    }

    /// Connects and sends the request; nil when that cannot be done at once (no daemon, a
    /// full backlog, a name the protocol cannot carry). Never blocks: the lookup is only a
    /// head start, and the record query answers without it.
    static func start(_ query: MDNSHostQuery, socketPath: String) -> AvahiHostnameLookup? {
        let address = UnixSocketAddress.path(socketPath)
        guard let request = AvahiSimpleProtocol.request(host: query.host, recordType: query.recordType),
            let raw = try? Syscalls.socket(family: address.family, type: .stream)
        else { return nil }
        let lookup = AvahiHostnameLookup(query: query, descriptor: FileDescriptor(taking: raw))
        // A non-blocking local connect either completes or fails (EAGAIN: backlog full).
        guard case .connected? = try? Syscalls.connect(raw, to: address),
            case .processed(let sent)? = try? Syscalls.send(raw, request[...]), sent == request.count
        else { return nil }
        return lookup
    }

    /// Reads what has arrived: the reply once its line is complete, nil while it is not.
    /// The daemon closing early, or a read failing, is a failed reply.
    func read() -> AvahiSimpleProtocol.Reply? {
        var buffer = [UInt8](repeating: 0, count: 512)
        let result = buffer.withUnsafeMutableBytes { try? Syscalls.receive(socket, into: $0) }
        switch result {
        case .wouldBlock?: return nil
        case .processed(let count)? where count > 0: received += buffer[..<count]
        default: return .failed("avahi-daemon closed the connection")
        }
        if let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
            return AvahiSimpleProtocol.parse(Array(received[..<newline]))
        }
        return received.count > Self.longestReply ? .failed("reply too long") : nil
    }

    /// A reply is one short line; this much without a newline is not one.
    static let longestReply = 1024
}
