/// Opens one route up to an upgraded WebSocket whose peer passed the trust policy:
/// `dns`/`tcp` (``TCPRouteConnector``), `tls` (``TLSConnection``, judged by
/// ``TLSTrustPolicy`` before any HTTP byte), `http` (``WebSocketUpgrade``). No credential
/// is sent here; the handshake that follows sends them.
struct PairingRouteConnector: Sendable {
    /// 5 s for the TLS handshake: a gateway (RSA-2048, TLS 1.3) finishes in milliseconds on a
    /// LAN or tailnet; a relay or cold tunnel gets headroom, a dead peer does not hold pairing.
    static let tlsTimeout: Duration = .seconds(5)
    /// 5 s for the WebSocket upgrade, for the same reasons.
    static let upgradeTimeout: Duration = .seconds(5)
    /// 500 ms to close a refused connection politely: best effort.
    static let closeGrace = CommandDeadline.closeGrace

    let reactor: IOReactor
    var overrides: ResolveOverrides
    var tls: TLSConfiguration
    var extraHeaders: HTTPHeaders
    var gatewayHeaders: GatewayHeaderSources
    /// The pairing's `--wait`: every step ends by then; nil: only the steps' own bounds.
    var deadline: CommandDeadline?

    /// Opens `route`, requiring `pin` when given (else system trust). Never sends a credential.
    func open(_ route: GatewayRoute, pin: TLSPin?) async throws(PairingRouteFailure) -> PairingOpenedRoute {
        // Credentials follow on this connection: plaintext only to local hosts (spec/setup-codes.md).
        if let refusal = route.plaintextRefusal() {
            throw PairingRouteFailure(route: route, error: refusal)
        }
        guard let port = UInt16(exactly: route.port) else {
            throw PairingRouteFailure(route: route, error: ClawPairError(.setupCodeInvalid, "\(route.url) has no usable port"))
        }
        var tcpConnector = TCPRouteConnector(reactor: reactor, overrides: overrides)
        tcpConnector.deadline = deadline
        let tcpReport = await tcpConnector.connect(host: route.host, port: port)
        guard let tcp = tcpReport.connection else {
            throw PairingRouteFailure(route: route, error: tcpReport.error ?? ClawPairError(.tcpFailed, "no address of \(route.host) could be tried"))
        }
        var stream: any ByteStream = tcp
        var peer: TLSPeerCertificate?
        var basis: TLSTrustPolicy.Basis?
        if route.tls {
            let connection: TLSConnection
            do {
                connection = try await TLSConnection.handshake(over: tcp, serverName: route.host, configuration: tls, until: CommandDeadline.end(of: Self.tlsTimeout, within: deadline))
            } catch {
                throw PairingRouteFailure(route: route, error: (error as? ClawPairError) ?? ClawPairError(.tlsHandshakeFailed, "\(error)"))
            }
            peer = connection.peer
            do {
                let session = try connection.accept(pin: pin)
                basis = session.trust
                stream = session
            } catch {
                await connection.close(until: .now + Self.closeGrace)
                throw PairingRouteFailure(route: route, error: error, peer: connection.peer)
            }
        }
        let sent = gatewayHeaders.headers(for: route.url)
        if let expired = sent.expiredSession {
            await stream.close(until: .now + Self.closeGrace)
            throw PairingRouteFailure(route: route, error: AccessSessionCheck.expiredError(expired, url: route.url), peer: peer)
        }
        let result: WebSocketUpgradeResult
        do {
            result = try await WebSocketUpgrade(route: route, extraHeaders: sent.headers(overriddenBy: extraHeaders))
                .perform(on: stream, until: CommandDeadline.end(of: Self.upgradeTimeout, within: deadline))
        } catch {
            await stream.close(until: .now + Self.closeGrace)
            throw PairingRouteFailure(route: route, error: RouteProber.upgradeFailure(error, timeout: Self.upgradeTimeout), peer: peer)
        }
        switch result {
        case .rejected(let rejection):
            await stream.close(until: .now + Self.closeGrace)
            throw PairingRouteFailure(
                route: route, error: RouteProber.rejectionError(rejection, route: route, sentSession: sent.accessSession), peer: peer)
        case .upgraded(let websocket):
            return PairingOpenedRoute(route: route, websocket: websocket, peer: peer, trust: basis, pin: pin)
        }
    }
}

/// A route opened to an upgraded WebSocket, its TLS peer trusted.
struct PairingOpenedRoute: Sendable {
    let route: GatewayRoute
    let websocket: WebSocketClient
    /// The TLS peer; nil for `ws`.
    let peer: TLSPeerCertificate?
    /// Why the peer was trusted; nil for `ws`.
    let trust: TLSTrustPolicy.Basis?
    /// The pin the peer was held to, if any.
    let pin: TLSPin?
}

/// Why a route could not be opened, with the TLS peer when the handshake got that far (so an
/// untrusted certificate's fingerprint can be shown and trusted).
struct PairingRouteFailure: Error, Sendable {
    let route: GatewayRoute
    let error: ClawPairError
    var peer: TLSPeerCertificate? = nil
}
