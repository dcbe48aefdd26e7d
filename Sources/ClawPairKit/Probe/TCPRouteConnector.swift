/// The `dns` and `tcp` stages of a probe for one `host:port`: resolve, then race the
/// addresses (Happy Eyeballs, RFC 8305) and keep the earliest-ordered one that connects.
public struct TCPRouteConnector: Sendable {
    /// How long one address may take to connect: 2 s.
    ///
    /// The iOS app gives each route a 2 s TCP probe, and a LAN or tailnet gateway answers a
    /// SYN in milliseconds; past 2 s the packets are being dropped (filtered or host down)
    /// and TCP_TIMEOUT is the honest verdict. Attempts overlap (stagger), so several dead
    /// addresses still cost about 2 s in total, not 2 s each.
    public static let attemptTimeout: Duration = .seconds(2)

    /// Where a host's addresses came from.
    public enum AddressSource: String, Sendable, Hashable {
        /// The host is an IP literal.
        case literal
        /// `CLAWPAIR_RESOLVE`.
        case override
        /// The system resolver (`getaddrinfo`).
        case system
    }

    /// One address's attempt.
    public struct Attempt: Sendable {
        public let address: SocketAddress
        /// nil: connected (the winner, or a success that lost to an earlier address).
        public let error: ClawPairError?
        /// Still pending when an earlier address won, or never started.
        public let abandoned: Bool
        public let won: Bool
    }

    /// The outcome for one host.
    public struct Report: Sendable {
        public let host: String
        public let port: UInt16
        public let addressSource: AddressSource?
        /// The addresses in race order.
        public let addresses: [SocketAddress]
        public let attempts: [Attempt]
        /// The connection of the earliest-ordered address that connected.
        public let connection: TCPConnection?
        /// Why there is no connection: the DNS error, or the first address's TCP error.
        public let error: ClawPairError?
    }

    public var overrides: ResolveOverrides
    public var stagger: Duration
    public var timeout: Duration
    let reactor: IOReactor
    /// How long the system resolver may take; nil: glibc's own limit (resolv.conf
    /// `timeout` × `attempts`). A probe bounds it by its stage timeout.
    public var resolveTimeout: Duration?
    /// The whole command's bound (`probe --timeout`, `pair --wait`): resolving and every
    /// attempt end by then; nil: only their own bounds.
    public var deadline: CommandDeadline?
    /// The system resolver (host, port, `resolveTimeout`); a test seam.
    var systemResolver: @Sendable (String, UInt16, Duration?) async throws(ClawPairError) -> [SocketAddress]

    public init(
        reactor: IOReactor, overrides: ResolveOverrides = ResolveOverrides(),
        stagger: Duration = HappyEyeballs.connectionAttemptDelay, timeout: Duration = TCPRouteConnector.attemptTimeout
    ) {
        self.reactor = reactor
        self.overrides = overrides
        self.stagger = stagger
        self.timeout = timeout
        self.systemResolver = { host, port, timeout throws(ClawPairError) in
            try await SystemResolver.resolve(host: host, port: port, timeout: timeout)
        }
    }

    /// The addresses to race for `host:port`, interleaved by family (RFC 8305 §4): an IP
    /// literal as is, else a `CLAWPAIR_RESOLVE` entry, else the system resolver.
    public func resolve(host: String, port: UInt16) async throws(ClawPairError) -> (AddressSource, [SocketAddress]) {
        var address = Substring(host)
        var zone: String? = nil
        if let percent = host.firstIndex(of: "%") {
            address = host[..<percent]
            zone = String(host[host.index(after: percent)...])
        }
        if let ip = IPAddress(address) {
            do { return (.literal, [try SocketAddress(ip, port: port, zone: zone)]) } catch {
                throw ClawPairError(.dnsFailure, error.description)
            }
        }
        if let fixed = overrides.addresses(host: host, port: Int(port)) {
            return (.override, AddressOrder.interleaved(fixed).map { SocketAddress($0, port: port) })
        }
        var bound = resolveTimeout
        if let deadline { bound = deadline.remaining(atMost: bound ?? deadline.instant - .now) }
        let found = try await systemResolver(host, port, bound)
        return (.system, AddressOrder.interleaved(found) { !$0.ip.isIPv4 })
    }

    /// Resolves and races; never throws, the report says what happened.
    public func connect(host: String, port: UInt16) async -> Report {
        let source: AddressSource
        let addresses: [SocketAddress]
        do { (source, addresses) = try await resolve(host: host, port: port) } catch {
            return Report(
                host: host, port: port, addressSource: nil, addresses: [], attempts: [], connection: nil, error: error)
        }
        return await connect(host: host, port: port, source: source, addresses: addresses)
    }

    /// Races `addresses` (already resolved, in race order) for `host:port`: the `tcp` stage
    /// alone, for a caller that timed the `dns` stage itself with ``resolve(host:port:)``.
    public func connect(host: String, port: UInt16, source: AddressSource, addresses: [SocketAddress]) async -> Report {
        let reactor = self.reactor
        let timeout = self.timeout
        let deadline = self.deadline
        let race = StaggeredRace(stagger: stagger)
        let result = await race.run(
            addresses.map { address in
                { @Sendable () async throws -> TCPConnection in
                    // Cancellation closes the half-open socket (TCPConnection.connect).
                    try await TCPConnection.connect(to: address, until: CommandDeadline.end(of: timeout, within: deadline), reactor: reactor)
                }
            })
        let attempts = zip(addresses, result.attempts).map { address, attempt in
            switch attempt.outcome {
            case .won: Attempt(address: address, error: nil, abandoned: false, won: true)
            case .succeededButLost: Attempt(address: address, error: nil, abandoned: false, won: false)
            case .failed(let error): Attempt(address: address, error: Self.verdict(error, host: host, port: port), abandoned: false, won: false)
            case .cancelled, .notStarted: Attempt(address: address, error: nil, abandoned: true, won: false)
            }
        }
        let error = result.winner == nil ? attempts.first(where: { $0.error != nil })?.error : nil
        return Report(
            host: host, port: port, addressSource: source, addresses: addresses, attempts: attempts,
            connection: result.winner, error: error)
    }

    static func verdict(_ error: any Error, host: String, port: UInt16) -> ClawPairError {
        switch error {
        case let error as NetworkError: ClawPairError(connecting: error, host: host, port: port)
        case let error as ClawPairError: error
        default: ClawPairError(.tcpFailed, "\(error)")
        }
    }
}
