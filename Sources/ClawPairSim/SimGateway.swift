import ClawPairKit
import Synchronization

/// `clawpair sim`: a stand-in OpenClaw gateway that behaves like the real one on the wire.
///
/// ``start(_:)`` makes (or loads) the certificate, binds the gateway and admin ports, writes
/// the zone file and registers the mDNS service; ``run()`` then serves until its task is
/// cancelled. Each client is a task waiting through one ``IOReactor`` (no thread per
/// connection), so hundreds of idle sessions cost only their buffers.
public final class SimGateway: Sendable {
    /// `ws://host:port` or `wss://host:port`.
    public let url: String
    /// `http://127.0.0.1:port`: the admin endpoint.
    public let adminURL: String
    /// The certificate's fingerprint with `--tls`.
    public let tlsFingerprint: CertificateFingerprint?
    /// The gateway's port.
    public let port: UInt16
    public let state: SimState

    private let configuration: SimConfiguration
    private let listener: TCPListener
    /// The IPv6 wildcard on the same port, when advertising (``SimConfiguration/listensOnIPv6Too``).
    private let listenerIPv6: TCPListener?
    private let adminListener: TCPListener
    /// Connections accepted so far on either listener: each session's number.
    private let accepted = Atomic<Int>(0)
    private let context: SimGatewayContext
    private let advertiser: SimAdvertiser?

    private init(
        configuration: SimConfiguration, listener: TCPListener, listenerIPv6: TCPListener?, adminListener: TCPListener,
        context: SimGatewayContext, url: String, fingerprint: CertificateFingerprint?, advertiser: SimAdvertiser?
    ) {
        self.configuration = configuration
        self.listener = listener
        self.listenerIPv6 = listenerIPv6
        self.adminListener = adminListener
        self.context = context
        self.state = context.state
        self.url = url
        self.port = listener.localAddress.port
        self.adminURL = "http://\(adminListener.localAddress)"
        self.tlsFingerprint = fingerprint
        self.advertiser = advertiser
    }

    /// Sets the gateway up. Throws ``ClawPairError`` (a port in use is `ioError`; mDNS
    /// without avahi-daemon is an environment error) or ``NetworkError``.
    public static func start(_ configuration: SimConfiguration, reactor: IOReactor = IOReactor()) async throws -> SimGateway {
        // Every client's device block is checked with it (Ed25519, SHA-256).
        try CLibrary.libcrypto.require()
        var fingerprint: CertificateFingerprint?
        var tls: TLSServerContext?
        if configuration.tls {
            let certificate = try SelfSignedCertificate.loadOrCreate(in: configuration.home)
            tls = try TLSServerContext(certificate: certificate)
            fingerprint = certificate.fingerprint
        }
        let bind = configuration.effectiveBindAddress
        let listener: TCPListener
        let adminListener: TCPListener
        do {
            listener = try TCPListener(bindingTo: SocketAddress(bind, port: configuration.port), backlog: 1024, reactor: reactor)
        } catch {
            throw ClawPairError(.ioError, "cannot listen for clients: \(error)", remedy: "choose another --port or --bind")
        }
        // The advertised IPv6 addresses must answer too. A machine without IPv6 (the socket
        // family missing, no address to bind) serves IPv4 alone, as before.
        var listenerIPv6: TCPListener?
        if configuration.listensOnIPv6Too {
            listenerIPv6 = try? TCPListener(
                bindingTo: SocketAddress(.v6([UInt8](repeating: 0, count: 16)), port: listener.localAddress.port), backlog: 1024, reactor: reactor)
        }
        do {
            adminListener = try TCPListener(bindingTo: .loopbackIPv4(port: configuration.adminPort), reactor: reactor)
        } catch {
            throw ClawPairError(.ioError, "cannot listen for the admin endpoint: \(error)", remedy: "choose another --admin-port")
        }
        let host = Self.urlHost(for: bind)
        let url = "\(configuration.tls ? "wss" : "ws")://\(host):\(listener.localAddress.port)"
        let origin = "https://\(host):\(listener.localAddress.port)"
        let state = SimState(autoApprove: configuration.autoApprove, pairingTTLMs: configuration.pairingTTLMs, log: configuration.log)
        let evaluator = SimConnectEvaluator(
            state: state, sharedToken: configuration.sharedToken, sharedPassword: configuration.sharedPassword,
            limiter: SimAuthFailureLimiter(limit: configuration.authFailureLimit), localNodeId: configuration.localNodeId,
            gatewayVersion: configuration.gatewayVersion,
            tailscale: configuration.allowTailscale ? SimTailscaleServe(whois: configuration.tailscaleWhois) : nil)
        let context = SimGatewayContext(
            state: state, evaluator: evaluator, tls: tls, tickInterval: configuration.tickInterval,
            origin: origin, oldGateway: configuration.oldGateway)

        let description = SimServiceDescription(
            name: configuration.name, port: listener.localAddress.port, tlsFingerprint: fingerprint?.hex)
        if let zonePath = configuration.zonePath {
            try SimZoneFile.write(description, to: zonePath, domain: configuration.zoneDomain, address: Self.zoneAddress(for: bind))
        }
        var advertiser: SimAdvertiser?
        if configuration.advertising == .mdns {
            advertiser = try await SimAdvertiser.register(description)
        }
        return SimGateway(
            configuration: configuration, listener: listener, listenerIPv6: listenerIPv6, adminListener: adminListener, context: context,
            url: url, fingerprint: fingerprint, advertiser: advertiser)
    }

    /// Serves clients and the admin endpoint until the task is cancelled; then closes every
    /// session with 1001 and withdraws the mDNS registration.
    public func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.acceptClients(on: self.listener) }
            if let listenerIPv6 = self.listenerIPv6 { group.addTask { await self.acceptClients(on: listenerIPv6) } }
            group.addTask { await self.acceptAdmin() }
            group.addTask { await self.tick() }
        }
        advertiser?.withdraw()
    }

    /// A new setup code with a fresh bootstrap token (the one in the `ready` line, and each
    /// `POST /setup-code`). Without `urls` the code names ``url``; the fingerprint is
    /// included for a TLS primary route unless `fingerprint` is false.
    public func mintSetupCode(urls: [String]? = nil, ttlMs: Int64? = nil, fingerprint: Bool? = nil) throws(ClawPairError)
        -> SimSetupCode
    {
        try mint(SimSetupCodeRequest(urls: urls, ttlMs: ttlMs, fingerprint: fingerprint))
    }

    private func mint(_ request: SimSetupCodeRequest) throws(ClawPairError) -> SimSetupCode {
        let now = WallClock.nowMs()
        let urls = request.urls ?? [url]
        let primaryIsTLS = urls[0].lowercased().hasPrefix("wss:") || urls[0].lowercased().hasPrefix("https:")
        if request.fingerprint == true && tlsFingerprint == nil {
            throw ClawPairError(.usage, "fingerprint asked for, but the sim runs without --tls")
        }
        let pin = (request.fingerprint ?? true) && primaryIsTLS ? tlsFingerprint?.hex : nil
        if request.fingerprint == true && !primaryIsTLS {
            throw ClawPairError(.setupCodeFingerprintWithoutTLS, "a fingerprint needs a wss primary route")
        }
        // Validate the routes (and learn the access level) the way a client will read them.
        let probe = SetupCodePayload(
            url: urls[0], urls: urls, bootstrapToken: "probe", expiresAtMs: now + 60_000, tlsFingerprint: pin)
        let access = try SetupCodeReader.read(probe.encoded(), nowMs: now).access
        let minted = state.mintBootstrapToken(
            now: now, ttlMs: request.ttlMs ?? SimState.bootstrapTokenTTLMs, operatorScopes: access.operatorScopes)
        let payload = SetupCodePayload(
            url: urls[0], urls: urls, bootstrapToken: minted.token.revealed, expiresAtMs: minted.expiresAtMs,
            tlsFingerprint: pin)
        return SimSetupCode(text: payload.encoded(), bootstrapToken: minted.token, expiresAtMs: minted.expiresAtMs)
    }

    // MARK: Ticks

    /// Sends `tick` to every authenticated session each interval, as the gateway's own
    /// broadcast does: one timer for all, so idle sessions cost no wake-ups of their own. A
    /// client that cannot take its tick within the write timeout is dropped.
    private func tick() async {
        // Absolute deadlines, so sending a round does not push the next one later.
        var next = ContinuousClock.now
        while !Task.isCancelled {
            next += context.tickInterval
            if next < .now { next = .now }
            guard (try? await Task.sleep(until: next, clock: .continuous)) != nil else { return }
            guard !state.isArmed(.dropTicks) else { continue }
            let now = WallClock.nowMs()
            await withDiscardingTaskGroup { group in
                for (connection, seq) in context.ticks.nextRound() {
                    group.addTask {
                        let tick = GatewayEvent(event: GatewayEvent.tick, payload: ["ts": .integer(now)], seq: seq)
                        do {
                            try await connection.send(text: GatewayFrame.event(tick).encoded())
                        } catch {
                            await connection.drop()
                        }
                    }
                }
            }
        }
    }

    // MARK: Accept loops

    private func acceptClients(on listener: TCPListener) async {
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled {
                guard let connection = try? await listener.accept() else {
                    // EMFILE and friends: back off instead of spinning.
                    if Task.isCancelled { break }
                    try? await Task.sleep(for: .milliseconds(50))
                    continue
                }
                let number = accepted.add(1, ordering: .relaxed).newValue
                let session = SimSession(gateway: context, connectionNumber: number)
                group.addTask { await session.run(connection) }
            }
        }
    }

    /// 20 000 events: a flood that takes a client a noticeable while to read.
    public static let floodEvents = 20_000

    /// An immediate fault on the authenticated `sessions`, in the background (the admin
    /// request returns at once; a flood must not hold it).
    static func act(_ fault: SimFault, on sessions: [WebSocketServerConnection]) {
        for connection in sessions {
            Task {
                switch fault {
                case .garbageFrames:
                    try? await connection.send(text: "this is not JSON {")
                case .oversizedFrame:
                    try? await connection.send(text: String(repeating: "x", count: SimGatewayContext.maximumPayloadBytes + 1))
                case .flood:
                    for seq in 1...Self.floodEvents {
                        let event = GatewayEvent(event: "sim.flood", payload: ["n": .integer(Int64(seq))], seq: Int64(seq))
                        guard (try? await connection.send(text: GatewayFrame.event(event).encoded())) != nil else { return }
                    }
                default:
                    return
                }
            }
        }
    }

    private func acceptAdmin() async {
        let requestGuard = SimAdminRequestGuard(port: adminListener.localAddress.port)
        let router = SimAdminRouter(
            state: state,
            mintSetupCode: { [self] request throws(ClawPairError) in try mint(request) },
            closeAllConnections: { [context] in
                await withDiscardingTaskGroup { group in
                    for connection in context.connections.all {
                        group.addTask { await connection.sendClose(code: .policyViolation, reason: "fault: close-1008") }
                    }
                }
            },
            closeDeviceSessions: { [context] deviceId in
                await withDiscardingTaskGroup { group in
                    for connection in context.connections.sessions(of: deviceId) {
                        group.addTask { await connection.sendClose(code: .policyViolation, reason: "device revoked") }
                    }
                }
            },
            actOnSessions: { [context] fault in Self.act(fault, on: context.ticks.all) })
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled {
                guard let connection = try? await adminListener.accept() else {
                    if Task.isCancelled { break }
                    try? await Task.sleep(for: .milliseconds(50))
                    continue
                }
                group.addTask { await Self.serveAdmin(connection, router: router, guard: requestGuard) }
            }
        }
    }

    private static func serveAdmin(_ connection: TCPConnection, router: SimAdminRouter, guard requestGuard: SimAdminRequestGuard) async {
        let deadline = ContinuousClock.now + .seconds(10)
        let response: SimAdminRouter.Response
        do {
            guard let request = try await HTTPServerRequestReader.read(from: connection, until: deadline) else { return }
            response =
                if let refusal = requestGuard.refusal(request.head) { refusal } else {
                    await router.handle(method: request.head.method, path: request.head.path, body: request.body)
                }
        } catch let error as HTTPWireError {
            response = SimAdminRouter.error(400, SimAdminErrorCode.badRequest, error.reason)
        } catch {
            return
        }
        let reason = switch response.status {
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 415: "Unsupported Media Type"
        default: "Error"
        }
        try? await HTTPServerRequestReader.respond(
            on: connection, status: response.status, reason: reason, headers: ["Content-Type": "application/json"],
            body: Array((response.body.serialized() + "\n").utf8), until: deadline)
    }

    // MARK: Addresses

    /// The host clients are told: the bound address, or for a wildcard bind the first
    /// non-loopback IPv4 address (loopback when there is none).
    static func urlHost(for bind: IPAddress) -> String {
        guard bind.bytes.allSatisfy({ $0 == 0 }) else {
            return bind.isIPv4 ? bind.description : "[\(bind.description)]"
        }
        return (firstInterfaceIPv4() ?? .v4([127, 0, 0, 1])).description
    }

    static func zoneAddress(for bind: IPAddress) -> IPAddress {
        guard bind.bytes.allSatisfy({ $0 == 0 }) else { return bind }
        return firstInterfaceIPv4() ?? .v4([127, 0, 0, 1])
    }

    /// The first IPv4 address of an interface that is up and not loopback.
    static func firstInterfaceIPv4() -> IPAddress? {
        InterfaceAddress.all().first { $0.ip.isIPv4 && $0.isUp && !$0.isLoopback }?.ip
    }
}
