/// Probes one route stage by stage — `dns`, `tcp`, `tls` (wss only), `http` (the WebSocket
/// upgrade), `gateway` (`connect.challenge`) — and records each stage with its timing and
/// facts (spec/routes-and-tls.md, "Stages of a probe").
///
/// Never sends a credential: the upgrade carries only the handshake fields and the user's
/// `--header`s, and no `connect` request follows the challenge. A failure is recorded, not
/// thrown; a cancelled probe leaves its running stage pending. Every socket opened is closed
/// before ``probe(_:pin:recorder:)`` returns (or released with its owner when cancelled).
public struct RouteProber: Sendable {
    /// What a probe may do and how long each stage may take.
    public struct Options: Sendable {
        /// Bound of each network stage (`dns`, `tcp`, `tls`, `http`): 3 s by default, `--timeout`.
        ///
        /// A LAN or tailnet gateway answers each step in milliseconds; 3 s leaves room for a
        /// slow relay (DERP) or a cold Cloudflare tunnel while keeping `--all` short. A `dns`
        /// stage past it is `DNS_TIMEOUT` even though glibc would try on (10 s by default).
        public var stageTimeout: Duration = RouteProber.defaultStageTimeout
        /// How long the gateway may take to send `connect.challenge` after the upgrade: 6 s,
        /// the client's wait in spec/gateway-protocol.md.
        public var challengeTimeout: Duration = RouteProber.challengeTimeout
        /// A pin for every `wss` route (`--fingerprint`); replaces system trust.
        public var pin: TLSPin?
        /// Extra request headers for the upgrade (`--header`, `--header-file`).
        public var extraHeaders = HTTPHeaders()
        /// A registry entry's custom headers and the stored Access sessions
        /// (``GatewayRequestHeaders``); `--header`s come after them and win.
        public var gatewayHeaders = GatewayHeaderSources()
        /// `--show-secrets`: header values with secret-looking names are recorded as they are,
        /// not as `<redacted>`.
        public var showSecrets = false
        /// Trust store and TLS minimum.
        public var tls = TLSConfiguration()
        /// `CLAWPAIR_RESOLVE`.
        public var overrides = ResolveOverrides()
        /// The stagger between addresses of one host (Happy Eyeballs).
        public var addressStagger: Duration = HappyEyeballs.connectionAttemptDelay
        /// The whole probe's bound (`--timeout` from the command's start): every stage of
        /// every route ends by then, the challenge's wait included; nil: only the stages' own.
        public var deadline: CommandDeadline?

        public init() {}
    }

    public static let defaultStageTimeout: Duration = .seconds(3)
    public static let challengeTimeout: Duration = .seconds(6)
    /// 500 ms to say goodbye (TLS close_notify, a refused upgrade's socket, the WebSocket's
    /// closing handshake): best effort; the peer's manners must not hold the report.
    static let closeGrace = CommandDeadline.closeGrace

    public var options: Options
    let reactor: IOReactor

    public init(options: Options = Options(), reactor: IOReactor) {
        self.options = options
        self.reactor = reactor
    }

    /// Probes `recorder.candidate`'s route with `pin` (nil: system trust). Returns true when
    /// the gateway stage passed; `onReached` runs as soon as it did, before the WebSocket's
    /// closing handshake, so a race can stop the other routes without waiting for it.
    func probe(pin: TLSPin?, recorder: RouteProbeRecorder, onReached: @Sendable () -> Void = {}) async -> Bool {
        let route = recorder.candidate.route
        // Refused before any packet: the session after a probe would carry credentials.
        if let refusal = route.plaintextRefusal() {
            recorder.begin(.tls)
            recorder.fail(.tls, refusal, detail: ["scheme": "ws", "host": .string(route.host)])
            return false
        }
        guard let port = UInt16(exactly: route.port) else { return false }
        var connector = TCPRouteConnector(
            reactor: reactor, overrides: options.overrides, stagger: options.addressStagger, timeout: options.stageTimeout)
        connector.resolveTimeout = options.stageTimeout
        connector.deadline = options.deadline

        // dns
        recorder.begin(.dns)
        let source: TCPRouteConnector.AddressSource
        let addresses: [SocketAddress]
        do {
            (source, addresses) = try await connector.resolve(host: route.host, port: port)
        } catch {
            if Task.isCancelled { return false }
            recorder.fail(.dns, error, detail: ["host": .string(route.host)])
            return false
        }
        if Task.isCancelled { return false }
        recorder.pass(
            .dns, detail: ["source": .string(source.rawValue), "addresses": .array(addresses.map { .string($0.ip.description) })])

        // tcp
        recorder.begin(.tcp)
        let tcpReport = await connector.connect(host: route.host, port: port, source: source, addresses: addresses)
        guard let tcp = tcpReport.connection else {
            if Task.isCancelled { return false }
            let attempts: [JSONValue] = tcpReport.attempts.map { attempt in
                ["address": .string(attempt.address.description), "code": JSONValue(attempt.error?.code.rawValue)]
            }
            recorder.fail(
                .tcp, tcpReport.error ?? ClawPairError(.tcpFailed, "no address of \(route.host) could be tried"),
                detail: ["attempts": .array(attempts)])
            return false
        }
        if Task.isCancelled { return false }
        recorder.pass(.tcp, detail: ["address": .string(tcp.remoteAddress.description)])

        // tls
        var stream: any ByteStream = tcp
        if route.tls {
            recorder.begin(.tls)
            let connection: TLSConnection
            do {
                connection = try await TLSConnection.handshake(
                    over: tcp, serverName: route.host, configuration: options.tls, until: CommandDeadline.end(of: options.stageTimeout, within: options.deadline))
            } catch {
                if Task.isCancelled { return false }
                let failure = (error as? ClawPairError) ?? ClawPairError(.tlsHandshakeFailed, "\(error)")
                recorder.fail(.tls, failure)
                return false
            }
            let detail = Self.tlsDetail(connection.peer, pin: pin)
            do {
                let session = try connection.accept(pin: pin)
                recorder.pass(.tls, detail: detail)
                stream = session
            } catch {
                recorder.fail(.tls, error, detail: detail)
                await connection.close(until: .now + Self.closeGrace)
                return false
            }
        }

        // access
        let sent = options.gatewayHeaders.headers(for: route.url)
        let nowMs = options.gatewayHeaders.nowMs
        if let expired = sent.expiredSession {
            recorder.begin(.access)
            recorder.fail(.access, AccessSessionCheck.expiredError(expired, url: route.url), detail: AccessSessionCheck.detail(expired, nowMs: nowMs))
            await stream.close(until: .now + Self.closeGrace)
            return false
        }
        if let session = sent.accessSession {
            recorder.begin(.access)
            recorder.pass(.access, detail: AccessSessionCheck.detail(session, nowMs: nowMs))
        }
        let headers = sent.headers(overriddenBy: options.extraHeaders)

        // http
        recorder.begin(.http)
        let upgrade = WebSocketUpgrade(route: route, extraHeaders: headers)
        let result: WebSocketUpgradeResult
        let upgradeStart = ContinuousClock.now
        do {
            result = try await upgrade.perform(on: stream, until: CommandDeadline.end(of: options.stageTimeout, within: options.deadline))
        } catch {
            if Task.isCancelled { return false }
            recorder.fail(.http, Self.upgradeFailure(error, timeout: Self.waited(since: upgradeStart)), detail: Self.upgradeFailureDetail(error))
            await stream.close(until: .now + Self.closeGrace)
            return false
        }
        let client: WebSocketClient
        switch result {
        case .rejected(let rejection):
            recorder.fail(
                .http, Self.rejectionError(rejection, route: route, sentSession: sent.accessSession),
                detail: Self.rejectionDetail(rejection, showSecrets: options.showSecrets))
            await stream.close(until: .now + Self.closeGrace)
            return false
        case .upgraded(let upgraded):
            client = upgraded
            recorder.pass(
                .http, detail: ["status": 101, "requestHeaders": Self.headersJSON(headers, secretNames: sent.headers, showSecrets: options.showSecrets)])
        }

        // gateway
        recorder.begin(.gateway)
        let outcome = await Self.awaitChallenge(on: client, until: CommandDeadline.end(of: options.challengeTimeout, within: options.deadline))
        switch outcome {
        case .passed(let detail):
            recorder.pass(.gateway, detail: detail)
            onReached()
        case .failed(let error, let detail): recorder.fail(.gateway, error, detail: detail)
        case .cancelled: break
        }
        // The closing handshake is part of being polite, not of the verdict.
        _ = await client.close(code: .normalClosure, reason: "probe", until: .now + Self.closeGrace)
        if case .passed = outcome { return true }
        return false
    }

    // MARK: Stage details

    static func tlsDetail(_ peer: TLSPeerCertificate, pin: TLSPin?) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("fingerprint", .string(peer.fingerprint.hex)), ("systemTrusted", .bool(peer.systemTrusted)),
            ("subject", .string(peer.subject)), ("notAfter", .string(UTCTimestamp.format(milliseconds: peer.notAfter &* 1000))),
            ("issuer", .string(peer.issuer)), ("hostnameMatched", .bool(peer.hostnameMatched)),
            ("publicKeyPin", .string(peer.publicKeyPin.text)), ("protocol", .string(peer.protocolVersion)),
            ("cipher", .string(peer.cipher)),
        ]
        if let error = peer.verifyError { members.append(("verifyError", .string(error))) }
        if let pin { members.append(("expectedPin", .string(pin.text))) }
        return .object(members)
    }

    /// `headers` as JSON: unless `showSecrets`, secret-looking values redacted, and every
    /// value of a name in `secretNames` (the entry's custom headers and the Access token) too.
    static func headersJSON(_ headers: HTTPHeaders, secretNames: HTTPHeaders = HTTPHeaders(), showSecrets: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = []
        for (name, value) in headers {
            let shown =
                showSecrets
                ? value : secretNames.contains(name: name) ? HeaderRedaction.placeholder : HeaderRedaction.displayValue(name: name, value: value)
            if let index = members.firstIndex(where: { $0.0.lowercased() == name.lowercased() }),
                case .string(let previous) = members[index].1
            {
                members[index].1 = .string(previous + ", " + shown)
            } else {
                members.append((name, .string(shown)))
            }
        }
        return .object(members)
    }

    static func rejectionDetail(_ rejection: WebSocketUpgradeRejection, showSecrets: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("status", .integer(Int64(rejection.status))), ("reason", .string(rejection.reason)),
            ("headers", headersJSON(rejection.headers, showSecrets: showSecrets)),
            ("body", .string(String(decoding: rejection.bodyPrefix, as: UTF8.self))),
        ]
        if let challenge = rejection.accessChallenge {
            members.append(("loginHost", JSONValue(challenge.loginHost)))
            members.append(("resourceMetadata", .string(challenge.resourceMetadata)))
        }
        return .object(members)
    }

    /// Why the upgrade was refused; a challenge to a request that carried `sentSession`'s
    /// token means the session was revoked or expired early.
    static func rejectionError(_ rejection: WebSocketUpgradeRejection, route: GatewayRoute, sentSession: AccessSession? = nil) -> ClawPairError {
        if let challenge = rejection.accessChallenge {
            if let sentSession { return AccessSessionCheck.revokedError(sentSession, url: route.url) }
            return challenge.clawPairError
        }
        if rejection.status != 101 {
            return ClawPairError(
                .httpUnexpectedStatus,
                "\(route.url) answered the WebSocket upgrade with \(rejection.status) \(rejection.reason)")
        }
        return ClawPairError(.wsUpgradeRejected, "\(route.url) sent 101 but not a valid WebSocket accept: \(rejection.handshakeError)")
    }

    /// How long a wait that ended now lasted (for a message: the stage's bound, or less when
    /// the probe's deadline came first).
    static func waited(since start: ContinuousClock.Instant) -> Duration { .now - start }

    static func upgradeFailure(_ error: any Error, timeout: Duration) -> ClawPairError {
        switch error {
        case let error as NetworkError where error.code == .timedOut:
            return ClawPairError(.wsUpgradeRejected, "no answer to the WebSocket upgrade within \(timeout.roundedSecondsText) s")
        case let error as NetworkError:
            return ClawPairError(.wsUpgradeRejected, "the connection ended during the WebSocket upgrade: \(error.reason)")
        case let error as HTTPWireError:
            return ClawPairError(.wsUpgradeRejected, "the answer to the WebSocket upgrade is not valid HTTP: \(error.reason)")
        case let error as ClawPairError:
            return error
        default:
            return ClawPairError(.wsUpgradeRejected, "the WebSocket upgrade failed: \(error)")
        }
    }

    /// How the upgrade ended without an answer: `closed` (the peer hung up) or `notHTTP` (it
    /// sent something else), which is what a TLS port does to a plaintext request (the
    /// remedy then says "try wss://"); nothing for a timeout.
    static func upgradeFailureDetail(_ error: any Error) -> JSONValue {
        switch error {
        case let error as NetworkError where error.code != .timedOut: ["ended": "closed"]
        case is HTTPWireError: ["ended": "notHTTP"]
        default: .object([])
        }
    }

    // MARK: Gateway stage

    enum ChallengeOutcome {
        case passed(JSONValue)
        case failed(ClawPairError, JSONValue)
        case cancelled
    }

    /// Reads messages until `connect.challenge`, a bad frame, the end, or `deadline`.
    static func awaitChallenge(on client: WebSocketClient, until deadline: ContinuousClock.Instant) async -> ChallengeOutcome {
        let start = ContinuousClock.now
        var skipped: [JSONValue] = []
        while true {
            let message: WebSocketMessage
            do {
                message = try await client.receive(until: deadline)
            } catch {
                if Task.isCancelled { return .cancelled }
                switch error {
                case let error as NetworkError where error.code == .timedOut:
                    return .failed(
                        ClawPairError(
                            .gatewayNoChallenge,
                            "the WebSocket opened but no connect.challenge came within \(waited(since: start).roundedSecondsText) s"),
                        ["skipped": .array(skipped)])
                case let error as WebSocketProtocolError:
                    return .failed(error.clawPairError, [:])
                default:
                    return .failed(
                        ClawPairError(.gatewayNoChallenge, "the connection ended before connect.challenge: \(error)"),
                        ["skipped": .array(skipped)])
                }
            }
            switch message {
            case .text(let text):
                switch ConnectChallengeCheck.check(text) {
                case .challenge(let ts, let nonceLength):
                    return .passed(["ts": .integer(ts), "nonceLength": .integer(Int64(nonceLength))])
                case .otherFrame(let what):
                    skipped.append(.string(what))
                case .protocolError(let why):
                    return .failed(ClawPairError(.gatewayProtocolError, why), ["first": .string(String(text.prefix(200)))])
                }
            case .binary(let bytes):
                return .failed(
                    ClawPairError(.gatewayProtocolError, "the server sent a binary message (\(bytes.count) bytes), not a JSON frame"),
                    [:])
            case .close(let payload):
                return .failed(
                    ClawPairError(.gatewayNoChallenge, "the server closed the WebSocket before connect.challenge (\(payload))"),
                    ["closeCode": payload.code.map { .integer(Int64($0.rawValue)) } ?? .null, "closeReason": .string(payload.reason)])
            case .ping, .pong:
                continue
            }
        }
    }
}
