import ClawPairKit
import ClawPairSim

/// `clawpair sim`: a simulated OpenClaw gateway for tests and for developers of other clients.
enum SimCommand: Command {
    /// The environment variable holding the shared gateway token (never argv).
    static let tokenVariable = "CLAWPAIR_SIM_TOKEN"
    /// The environment variable holding the gateway password (never argv).
    static let passwordVariable = "CLAWPAIR_SIM_PASSWORD"

    static let spec = CommandSpec(
        name: "sim",
        summary: "Run a simulated OpenClaw gateway (ws/wss, pairing, device tokens, ticks, admin endpoint).",
        usage: "[--port P] [--tls] [--name N] [--advertise mdns|none] [--zone FILE] [--auto-approve] [--admin-port P] "
            + "[--home DIR] [--bind ADDR] [--zone-domain D] [--tick-interval-ms MS] [--pairing-ttl-ms MS] [--auth-failure-limit N] "
            + "[--local-node-id ID] [--gateway-version V] [--allow-tailscale] [--old-gateway] [--count N] [--log-format text|json] [--json]",
        positionals: 0...0,
        options: [
            .port, .tls, .name, .advertise, .zone, .zoneDomain, .autoApprove, .allowTailscale, .oldGateway, .count, .adminPort, .bind, .tickIntervalMs,
            .pairingTtlMs, .authFailureLimit, .localNodeId, .gatewayVersion, .logFormat,
            .home, .json,
        ],
        discussion: """
            Prints one JSON line on stdout once it serves:
            {"ready":true,"url":…,"adminUrl":…,"setupCode":…,"tlsFingerprint":…|null}
            and, when stderr is a terminal, the setup code as a QR code on stderr. The setup
            code carries a single-use bootstrap token valid for 10 minutes. Runs until SIGINT
            or SIGTERM, then exits 0.

            Pairing requests filed (pairing-pending), approvals (pairing-approved) and
            authenticated connections (connected) are logged on stderr, one line each:
            TIME EVENT key=value … (requestId, deviceId, role, connId), or one JSON object per
            line with --log-format json, as the daemon logs.

            A pairing request nobody answers within --pairing-ttl-ms (default 5 minutes, as on
            the gateway) expires: the device's next attempt gets PAIRING_EXPIRED once.

            A shared gateway token is read from $CLAWPAIR_SIM_TOKEN and a gateway password from
            $CLAWPAIR_SIM_PASSWORD (never from argv); a client presenting either is paired at
            once. Without them, a signed device identity plus pairing is the credential.

            After --auth-failure-limit wrong credentials (token, password, device token,
            bootstrap token) from one client address within 60 s, that address gets
            AUTH_RATE_LIMITED with retryAfterMs for 5 minutes (loopback included, unlike the
            gateway, which exempts it).

            With --local-node-id, a node session from loopback whose client.instanceId is that
            id and whose client.version is another released (YYYY.M.D) version than
            --gateway-version is refused with CLIENT_VERSION_MISMATCH and closed 1008, as the
            gateway refuses its own outdated node host.

            With --allow-tailscale, a connect without a token or password that came through
            the host's own Tailscale Serve proxy (a loopback peer with X-Forwarded-For,
            X-Forwarded-Proto and X-Forwarded-Host) and carries Tailscale-User-Login is
            authenticated as that login when a whois lookup of the forwarded client address
            names the same login; the device still pairs (the Control UI's operator excepted).
            As on the gateway, a failed check falls through to the token or password checks
            (AUTH_TOKEN_MISSING, or AUTH_TOKEN_NOT_CONFIGURED with neither configured): the
            AUTH_TAILSCALE_* codes are never sent, and GET /attempts records the reason
            ("tailscale": identity-missing, proxy-missing, whois-failed, identity-mismatch,
            verified, local-direct). Test hook standing in for tailscaled:
            $CLAWPAIR_SIM_TAILSCALE_WHOIS="ADDR=LOGIN[,ADDR=LOGIN…]"; other addresses fail
            the lookup.

            Admin endpoint (loopback, JSON): POST /setup-code [{"urls":[…],"ttlMs":N,
            "fingerprint":bool}], GET /pending, POST /approve/ID, POST /reject/ID, GET
            /connections, GET /attempts, GET /devices, GET /presence (node.event beacons
            received), GET /ended (ended sessions with the close code their client sent), POST
            /revoke/DEVICE_ID (forgets the device and its device tokens, closes its sessions
            with 1008), POST /fault/NAME with NAME one of drop-ticks, close-1008,
            close-mid-handshake, slow-challenge, no-challenge, access-challenge, rate-limit,
            startup (armed until reset), garbage-frames, oversized-frame, flood (once, to every
            authenticated session), reset. So that no web page can drive it, the endpoint
            answers only requests whose Host is 127.0.0.1, localhost or [::1] with its port,
            refuses a foreign Origin (403) and takes only Content-Type: application/json POSTs
            (415).

            node.event answers {ok, event, handled, reason}: handled true for a paired node's
            node.presence.alive, false otherwise; with --old-gateway a bare {ok:true}.

            --count N runs N gateways in one process (for benchmarks): gateway i keeps its
            certificate in DIR/gateway-i, is named "NAME i", listens on --port + i and
            --admin-port + i when those are given (else on free ports), and prints its own
            ready line with "index": i, in order.
            """,
        runs: Self.self)

    /// The gateways to run: `count` of them from one configuration.
    struct Options: Sendable {
        var configuration: SimConfiguration
        var count: Int
    }

    /// 1000 gateways: beyond what a benchmark needs, within a process's descriptors.
    static let maximumCount: Int64 = 1000

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        let count = Int(try arguments.integer(.count, in: 1...maximumCount) ?? 1)
        if count > 1, arguments.value(.zone) != nil || arguments.value(.advertise) == "mdns" {
            throw UsageError("--count runs several gateways on loopback; it does not combine with --zone or --advertise mdns")
        }
        return Options(configuration: try configuration(arguments, context), count: count)
    }

    static func configuration(_ arguments: ParsedArguments, _ context: CommandContext) throws -> SimConfiguration {
        let environment = context.console.environment
        let home = try StateDirectory.resolve(home: arguments.value(.home), environment: environment)
        var configuration = SimConfiguration(home: home)
        configuration.port = try arguments.integer(.port, in: 0...65535).map { UInt16($0) } ?? 0
        configuration.adminPort = try arguments.integer(.adminPort, in: 0...65535).map { UInt16($0) } ?? 0
        configuration.tls = arguments[.tls]
        configuration.autoApprove = arguments[.autoApprove]
        configuration.log = DaemonLog(format: try DaemonCommand.logFormat(arguments), escape: TerminalText.escape)
        if let name = arguments.value(.name) {
            guard !name.isEmpty, name.utf8.count <= 63, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { throw UsageError("--name must be 1–63 bytes without control characters") }
            configuration.name = name
        }
        switch arguments.value(.advertise) {
        case nil, "none": configuration.advertising = .none
        case "mdns": configuration.advertising = .mdns
        case let other?: throw UsageError("--advertise must be mdns or none, not '\(other)'")
        }
        configuration.zonePath = arguments.value(.zone)
        if let domain = arguments.value(.zoneDomain) { configuration.zoneDomain = domain }
        if let bind = arguments.value(.bind) {
            guard let address = IPAddress(bind) else { throw UsageError("--bind must be an IP address, not '\(bind)'") }
            configuration.bindAddress = address
        }
        if let ms = try arguments.integer(.tickIntervalMs, in: 10...86_400_000) {
            configuration.tickInterval = .milliseconds(ms)
        }
        if let ms = try arguments.integer(.pairingTtlMs, in: 1...86_400_000) {
            configuration.pairingTTLMs = Int64(ms)
        }
        if let limit = try arguments.integer(.authFailureLimit, in: 0...1_000_000) {
            configuration.authFailureLimit = Int(limit)
        }
        if let id = arguments.value(.localNodeId) {
            guard !id.isEmpty, id.utf8.count <= 256 else { throw UsageError("--local-node-id must be 1–256 bytes") }
            configuration.localNodeId = id
        }
        if let version = arguments.value(.gatewayVersion) {
            guard !version.isEmpty, version.utf8.count <= 64, !version.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { throw UsageError("--gateway-version must be 1–64 bytes without control characters") }
            configuration.gatewayVersion = version
        }
        if let token = environment[tokenVariable], !token.isEmpty {
            configuration.sharedToken = Secret(token)
        }
        if let password = environment[passwordVariable], !password.isEmpty {
            configuration.sharedPassword = Secret(password)
        }

        configuration.allowTailscale = arguments[.allowTailscale]
        configuration.oldGateway = arguments[.oldGateway]
        if let text = environment[SimTailscaleServe.whoisVariable] {
            switch SimTailscaleServe.parseWhois(text) {
            case .success(let answers): configuration.tailscaleWhois = answers
            case .failure(let error):
                throw UsageError("$\(SimTailscaleServe.whoisVariable) must be ADDR=LOGIN pairs separated by commas, not '\(error.pair)'")
            }
        }
        return configuration
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        // One reactor for all of them: --count 200 must not mean 200 poll threads.
        let reactor = IOReactor()
        var gateways: [SimGateway] = []
        var readyLines: [JSONValue] = []
        for index in 0..<options.count {
            let configuration = options.count == 1 ? options.configuration : numbered(options.configuration, index)
            let gateway = try await SimGateway.start(configuration, reactor: reactor)
            let setupCode = try gateway.mintSetupCode()
            var members: [(String, JSONValue)] = [
                ("ready", true), ("url", .string(gateway.url)), ("adminUrl", .string(gateway.adminURL)),
                ("setupCode", .string(setupCode.text)), ("tlsFingerprint", JSONValue(gateway.tlsFingerprint?.hex)),
            ]
            if options.count > 1 { members.append(("index", .integer(Int64(index)))) }
            gateways.append(gateway)
            readyLines.append(.object(members))
        }
        let first = gateways[0]
        let setupCode = readyLines[0]["setupCode"]?.stringValue ?? ""
        let console = context.console
        let showQR = console.stderrIsTerminal && !context.json && options.count == 1
        // The ready lines go out only once SIGINT/SIGTERM is being waited for, so a script
        // that stops the sim right after reading them still sees exit status 0.
        let (waiting, waitingContinuation) = AsyncStream.makeStream(of: Void.self)
        await withTaskGroup(of: Void.self) { group in
            for gateway in gateways { group.addTask { await gateway.run() } }
            group.addTask {
                _ = await SignalMonitor.nextTermination { waitingContinuation.yield() }
            }
            for await _ in waiting { break }
            console.print(readyLines.map { $0.serialized() + "\n" }.joined())
            if showQR, let matrix = try? QRMatrix(encoding: setupCode) {
                let colored = context.colorAllowed
                console.printError(QRTerminalRenderer(style: colored ? .ansiColor : .plain).render(matrix))
                console.printError("clawpair sim: serving \(first.url); admin \(first.adminURL); Ctrl-C to stop\n")
            }
            await group.next()
            group.cancelAll()
        }
        return .success
    }

    /// Gateway `index` of a `--count` run: its own state directory (certificate) under
    /// `--home`, its own name, and ports counted up from `--port`/`--admin-port` when given.
    static func numbered(_ configuration: SimConfiguration, _ index: Int) -> SimConfiguration {
        var numbered = configuration
        numbered.home = StateDirectory(path: configuration.home.appending("gateway-\(index)"), source: configuration.home.source)
        numbered.name = "\(configuration.name) \(index)"
        if configuration.port != 0 { numbered.port = configuration.port &+ UInt16(index) }
        if configuration.adminPort != 0 { numbered.adminPort = configuration.adminPort &+ UInt16(index) }
        return numbered
    }
}

extension OptionSpec {
    fileprivate static let port = OptionSpec(value: "port", metavar: "P", help: "Gateway port (default 0: a free port; the real gateway uses 18789).")
    fileprivate static let tls = OptionSpec(
        flag: "tls", help: "Serve wss with a self-signed RSA-2048 certificate (CN openclaw-gateway) kept in --home.")
    fileprivate static let name = OptionSpec(
        value: "name", metavar: "N", help: "Display name (default \"clawpair sim\"); the instance name adds \" (OpenClaw)\".")
    fileprivate static let advertise = OptionSpec(
        value: "advertise", metavar: "mdns|none", completing: .choices(SimConfiguration.Advertising.allCases.map(\.rawValue)),
        help: "Register _openclaw-gw._tcp with avahi-daemon, or not (default none).")
    fileprivate static let zone = OptionSpec(
        value: "zone", metavar: "FILE", completing: .file, help: "Write a unicast DNS-SD zone file in the gateway's layout (for dnsmasq or CoreDNS).")
    fileprivate static let zoneDomain = OptionSpec(value: "zone-domain", metavar: "D", help: "The zone's domain (default openclaw.internal.).")
    fileprivate static let autoApprove = OptionSpec(flag: "auto-approve", help: "Approve every pairing request at once.")
    fileprivate static let count = OptionSpec(
        value: "count", metavar: "N", help: "Run N gateways (1–1000), each with its own port, admin port and state; one ready line each.")
    fileprivate static let oldGateway = OptionSpec(
        flag: "old-gateway", help: "Answer node.event with a bare {ok:true}, as a gateway older than presence beacons.")
    fileprivate static let allowTailscale = OptionSpec(
        flag: "allow-tailscale",
        help: "Admit verified Tailscale Serve identities (gateway.auth.allowTailscale); whois answers from $CLAWPAIR_SIM_TAILSCALE_WHOIS.")
    fileprivate static let adminPort = OptionSpec(
        value: "admin-port", metavar: "P", help: "Admin endpoint port on 127.0.0.1 (default 0: a free port).")
    fileprivate static let bind = OptionSpec(
        value: "bind", metavar: "ADDR", help: "Listen address (default 127.0.0.1; 0.0.0.0 and :: with --advertise mdns or --zone).")
    fileprivate static let tickIntervalMs = OptionSpec(
        value: "tick-interval-ms", metavar: "MS", help: "policy.tickIntervalMs and the tick period (default 30000).")
    fileprivate static let pairingTtlMs = OptionSpec(
        value: "pairing-ttl-ms", metavar: "MS", help: "How long a pairing request stays pending (default 300000, the gateway's).")
    fileprivate static let authFailureLimit = OptionSpec(
        value: "auth-failure-limit", metavar: "N",
        help: "Failed authentications per client address in 60 s before AUTH_RATE_LIMITED for 5 min (default 10; 0: off).")
    fileprivate static let localNodeId = OptionSpec(
        value: "local-node-id", metavar: "ID", help: "Id of a node host installed next to the gateway (checked for CLIENT_VERSION_MISMATCH).")
    fileprivate static let gatewayVersion = OptionSpec(
        value: "gateway-version", metavar: "V", help: "server.version in hello-ok (default: clawpair's version).")
}
