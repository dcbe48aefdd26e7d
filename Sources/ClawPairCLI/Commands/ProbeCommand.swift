import ClawPairKit

/// `clawpair probe TARGET`: why can (or can't) this machine reach a gateway, layer by layer.
enum ProbeCommand: Command {
    static let spec = CommandSpec(
        name: "probe",
        summary: "Diagnose the routes to a gateway: dns, tcp, tls, WebSocket upgrade, connect.challenge.",
        usage: "TARGET|- [--timeout S] [--all] [--json] [--fingerprint HEX] [--header 'Name: value']… [--header-file FILE|-] [--domain D]… [--dns SERVER[:PORT]] [--show-secrets]",
        positionals: 1...1, completing: [.gateway],
        options: [.timeout, .all, .fingerprint, .header, .headerFile, .service, .domain, .dns, .home, .json, .showSecrets],
        discussion: """
            TARGET is a paired gateway's registry id, name or unique id prefix (its last proven
            route first, its stored pin kept), a setup code (- reads it from standard input; an
            expired one is still probed, with a warning that it cannot pair), a ws:// or wss://
            URL, host[:port] (port 18789, 443 for *.ts.net), or a name as browse prints it in
            NAME (display name or instance name; quote it). A host without a scheme is probed
            as wss:// first, then as ws:// if the host is local (localhost, loopback, *.local,
            10/8, 172.16/12, 192.168/16, 169.254/16, fe80::/10, fc00::/7); the verdict names the
            route that worked. A one-word name without dots that a gateway on --domain (default
            local.; --dns asks that server for unicast domains) is known by is that gateway. A
            name that matches several registry entries or gateways is exit 3,
            REGISTRY_AMBIGUOUS, with the candidates: the probe never guesses.
            Every route is probed stage by stage: dns, tcp, tls (wss only; the setup code's or
            stored pin, --fingerprint, else system trust), http (the WebSocket upgrade) and gateway (a connect.challenge event
            within 6 s). Routes start 250 ms apart, or as soon as the one before failed, so a
            dead route costs the stagger, not a timeout. No credential is ever sent.
            --timeout bounds the whole probe: every stage of every route ends within S seconds
            of its start (the challenge's wait too), and the command exits at most 0.5 s later
            (closing connections); an instance name is first looked up for up to 2 s.

            Secret headers (Authorization, cookies, tokens, keys, CF-Access-Client-Secret, …) go
            in --header-file FILE (- reads standard input), one 'Name: value' per line (blank
            lines and lines starting with # are skipped): on the command line other users see
            them, so --header warns about one. Their values, and a paired gateway's stored
            tokens, are shown as <redacted> wherever a captured header, body or message holds
            them, unless --show-secrets.

            By default the probe ends when a route reaches the gateway; routes still running are
            reported pending (ok null). --all waits for every route. CLAWPAIR_RESOLVE
            (host:port:address[,…]) pins names to addresses as curl's --resolve does.

            --json prints {target, verdict:{ok, route, layer, code, message, remedy},
            routes:[{url, source, order, ok, stages:[{layer, ok, ms, detail}], failure}]}, and
            warnings:[{code, message}] when there is one (SETUP_CODE_EXPIRED).

            Exit status: 0 when some route reached the gateway; 5 for TLS_UNTRUSTED,
            TLS_NAME_MISMATCH, TLS_EXPIRED, TLS_PIN_MISMATCH and PLAINTEXT_NOT_ALLOWED; 6 for
            HTTP_ACCESS_CHALLENGE; 4 for every other failure; 3 when TARGET cannot be read; 1
            when an instance name was not found; 130 on Ctrl-C, after the report of what each
            route had reached (the running stage pending).
            """,
        runs: Self.self)

    /// A mistyped `--timeout 3000` (meant as ms) should not hang a script for an hour.
    static let maximumTimeoutSeconds = 600.0

    struct Options: Sendable {
        let target: String
        let prober: RouteProber.Options
        let mode: GatewayProber<ContinuousClock>.Mode
        /// Where an instance-name TARGET is looked for.
        let serviceType: String?
        /// `--domain`s as given: read only for an instance-name TARGET.
        let domains: [String]
        /// `--dns`: the server unicast domains are asked (nil: the system resolver's).
        let dnsServers: [DNSServerAddress]?
        let home: String?
        /// Secret values among the headers given (all of `--header-file`'s, `--header`'s
        /// secret-looking ones): hidden in the report unless `--show-secrets`.
        let secrets: [String]
    }

    /// A header file holds a few lines, not a document.
    static let maximumHeaderFileBytes = 64 * 1024

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        let environment = context.console.environment
        var options = RouteProber.Options()
        if let timeout = try arguments.seconds(.timeout, maximum: maximumTimeoutSeconds) { options.stageTimeout = timeout }
        if let text = arguments.value(.fingerprint) {
            guard let pin = TLSPin(parsing: text) else {
                throw UsageError("--fingerprint takes 64 hex digits (SHA-256 of the certificate) or sha256//BASE64, not '\(TerminalText.escape(text))'")
            }
            options.pin = pin
        }
        let argvHeaders = try headers(arguments.values(.header), option: "--header")
        var secrets: [String] = []
        for (name, value) in argvHeaders where HeaderRedaction.isSecret(name: name, value: value) {
            secrets.append(value)
            context.console.printError(
                "clawpair probe: warning: --header \(TerminalText.escape(name)) puts a secret on the command line, where other users "
                    + "can read it (ps, /proc, shell history); give it with --header-file FILE or --header-file - (standard input)\n")
        }
        options.extraHeaders = argvHeaders
        if let file = arguments.value(.headerFile) {
            let bytes = file == "-"
                ? try context.console.readStdin(maximumHeaderFileBytes)
                : try FileIO.readAll(path: file, limit: maximumHeaderFileBytes)
            // \n or \r\n (one Character in Swift); blank and # lines are skipped.
            let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
                .filter { !$0.allSatisfy(\.isWhitespace) && !$0.hasPrefix("#") }
            for (name, value) in try headers(lines, option: "--header-file") {
                options.extraHeaders.add(name: name, value: value)
                secrets.append(value)
            }
        }
        if arguments.positionals[0] == "-" && arguments.value(.headerFile) == "-" {
            throw UsageError("TARGET - and --header-file - both read standard input: give the headers in a file")
        }
        options.showSecrets = arguments[.showSecrets]
        if let text = environment[ResolveOverrides.environmentVariable] {
            options.overrides = try ResolveOverrides(parsing: text)
        }
        return Options(
            target: arguments.positionals[0], prober: options, mode: arguments[.all] ? .all : .firstSuccess,
            serviceType: arguments.value(.service), domains: arguments.values(.domain), dnsServers: try DiscoveryOptions.dnsServers(arguments),
            home: arguments.value(.home), secrets: secrets)
    }

    static func run(_ probe: Options, _ context: CommandContext) async throws -> ExitStatus {
        var options = probe.prober
        // `-`: the setup code (or any target) from standard input, as decode and pair read it.
        let text = probe.target == "-" ? try context.console.readPastedCode(command: "probe").trimmingWhitespace() : probe.target
        let nowMs = context.console.nowMs()
        let plan: ProbePlan
        let paired = try registryTarget(text, home: probe.home, context)
        var secrets = probe.secrets
        // A registry id or name (issue #6) wins over a host or instance name of the same spelling.
        if let paired {
            plan = paired.plan(fingerprint: options.pin)
            secrets += paired.storedSecrets.map(\.revealed)
        } else {
            var target = try ProbeTarget.classify(text, nowMs: nowMs, acceptExpired: true)
            var discovered: [DiscoveredGateway] = []
            switch target {
            case .instanceName(let name):
                guard let gateway = try await discover(name, probe, context) else { throw notFound(name, probe, context) }
                discovered = [gateway]
            case .host where Self.mayBeInstanceName(text):
                // `kitchen`: a gateway browse shows by that name, before a host of that name.
                if let gateway = try await discover(text, probe, context, required: false) {
                    target = .instanceName(text)
                    discovered = [gateway]
                }
            default: break
            }
            plan = ProbePlan(target: target, discovered: discovered, fingerprint: options.pin, nowMs: nowMs)
        }
        for warning in plan.warnings {
            context.console.printError("clawpair probe: warning: \(warning.message)" + (warning.remedy.map { "; \($0)" } ?? "") + "\n")
        }
        guard !plan.candidates.isEmpty else {
            throw ClawPairError(
                .gatewayNotFound, "\(plan.target) has no route that can be probed"
                    + (plan.skipped.isEmpty ? "" : ": " + plan.skipped.joined(separator: "; ")))
        }

        options.gatewayHeaders = gatewayHeaders(for: paired, home: probe.home, context)
        // The Access tokens the probe may send are secrets too, wherever a server echoes them.
        secrets += options.gatewayHeaders.accessSessions.map(\.token.revealed)
        // --timeout bounds the probing as a whole, not only each stage (issue 16, item 6).
        options.deadline = CommandDeadline(after: options.stageTimeout)
        let prober = GatewayProber(prober: RouteProber(options: options, reactor: IOReactor()), mode: probe.mode)
        let showProgress = context.console.stderrIsTerminal
        let console = context.console
        // What the network sent back may hold what we know is secret (a reflected request).
        let known = KnownSecrets(options.showSecrets ? [] : secrets)
        let interruption = Interruption()
        let work = Task {
            await prober.run(plan) { candidate, stage in
                var shown = stage
                shown.detail = known.redact(stage.detail)
                if showProgress { console.printError(ProbeRendering.progressLine(candidate, shown)) }
            }
        }
        // Ctrl-C ends the probe early, not the process: the report says what each route had
        // reached by then (the running stage pending), and the exit status is 130.
        interruption.cancels(work)
        let report = await work.value.redacting(known)
        if context.json {
            context.printJSON(report.json)
        } else {
            context.console.print(ProbeRendering(report: report).text(style: context.style))
        }
        if interruption.happened {
            console.printError("clawpair probe: interrupted; the report shows what each route had reached (pending: ok null)\n")
            return .interrupted
        }
        return exitStatus(report.verdict)
    }

    /// The paired gateway `text` names, when it is not a setup code or URL (those classify
    /// on their own) and the registry (never created here) knows it; a name several entries
    /// match is `REGISTRY_AMBIGUOUS`.
    static func registryTarget(_ text: String, home: String?, _ context: CommandContext) throws(ClawPairError) -> PairedGatewayTarget? {
        switch try? ProbeTarget.classify(text, nowMs: context.console.nowMs(), acceptExpired: true) {
        case .setupCode?, .url?: return nil
        case .host?, .instanceName?, nil: break
        }
        guard let directory = try? StateDirectory.resolve(home: home, environment: context.console.environment)
        else { return nil }
        return try PairedGatewayTarget.lookup(text, in: directory)
    }

    /// What every request carries (``GatewayRequestHeaders``): a paired target's custom
    /// headers, and the stored Access session of each route's origin.
    static func gatewayHeaders(for paired: PairedGatewayTarget?, home: String?, _ context: CommandContext) -> GatewayHeaderSources {
        let sessions = (try? StateDirectory.resolve(home: home, environment: context.console.environment))
            .map(GatewayRegistry.storedAccessSessions) ?? []
        return GatewayHeaderSources(customHeaders: paired?.customHeaders ?? [], accessSessions: sessions, nowMs: context.console.nowMs())
    }

    /// spec/cli.md `probe`: 0 reached; 5 trust codes; 6 Access; 4 everything else.
    static func exitStatus(_ verdict: ProbeVerdict) -> ExitStatus {
        if verdict.ok { return .success }
        switch verdict.code?.category {
        case .trust?: return .trust
        case .authorization?: return .authorization
        default: return .unreachable
        }
    }

    /// `Name: value` pairs; names are HTTP tokens, values single lines. `option` names where
    /// they came from in errors (which never show a value: it may be a secret).
    static func headers(_ texts: [String], option: String = "--header") throws(UsageError) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for text in texts {
            guard let colon = text.firstIndex(of: ":") else {
                throw UsageError("\(option) takes 'Name: value' lines; one has no colon")
            }
            let name = String(text[..<colon])
            let value = String(text[text.index(after: colon)...]).drop { $0 == " " || $0 == "\t" }
            let tokenCharacters = "!#$%&'*+-.^_`|~"
            guard !name.isEmpty,
                name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || tokenCharacters.unicodeScalars.contains($0)) })
            else { throw UsageError("\(option): '\(TerminalText.escape(name))' is not a header name") }
            guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0.value != 0x09 || $0.value == 0x7F }) else {
                throw UsageError("\(option) \(name): the value must be one line without control characters")
            }
            headers.add(name: name, value: String(value))
        }
        return headers
    }

    /// One word, no dots, no port, not an address or `localhost`: what could be a one-word
    /// instance name as well as a host name.
    static func mayBeInstanceName(_ text: String) -> Bool {
        let word = HostPolicy.normalize(text)
        return !word.isEmpty && !text.contains { ".:[%".contains($0) } && !HostPolicy.isLoopback(word) && IPAddress(word) == nil
    }

    /// The gateway browse shows as `name` (``GatewayNameMatch``), nil when none answered;
    /// several are `REGISTRY_AMBIGUOUS`. When `required`, a browse that could not run (no
    /// avahi-daemon) is its error; otherwise a host of that name is probed instead.
    private static func discover(
        _ name: String, _ probe: Options, _ context: CommandContext, required: Bool = true
    ) async throws -> DiscoveredGateway? {
        var options = GatewayDiscovery.Options()
        if let service = probe.serviceType { options.serviceType = service }
        options.domains = try DiscoveryOptions.domains(probe.domains, environment: context.console.environment)
        options.dnsServers = probe.dnsServers
        context.progress("looking for \(TerminalText.escape(name))…\r")
        let result = try await GatewayDiscovery(options: options).browse()
        context.progress(String(repeating: " ", count: 60) + "\r")
        if let gateway = try GatewayNameMatch.find(name, in: result.gateways) { return gateway }
        if required, let failure = result.problems.first(where: { $0.error.code.category == .environment })?.error { throw failure }
        return nil
    }

    private static func notFound(_ name: String, _ probe: Options, _ context: CommandContext) -> ClawPairError {
        let domains = (try? DiscoveryOptions.domains(probe.domains, environment: context.console.environment)) ?? []
        return ClawPairError(
            .gatewayNotFound, "no gateway instance \"\(name)\" in \(domains.map(\.name).joined(separator: ", "))",
            remedy: "run `clawpair browse` to see the names, or probe the gateway's host or URL")
    }
}

extension OptionSpec {
    fileprivate static let timeout = OptionSpec(
        value: "timeout", metavar: "S", help: "Bound of the whole probe in seconds (default 3; decimals allowed).")
    fileprivate static let all = OptionSpec(flag: "all", help: "Wait for every route instead of ending at the first that reaches the gateway.")
    fileprivate static let fingerprint = OptionSpec(
        value: "fingerprint", metavar: "HEX", help: "Pin: the gateway certificate's SHA-256 (or sha256//BASE64 of its key) for every wss route.")
    fileprivate static let header = OptionSpec(
        repeated: "header", metavar: "'Name: value'",
        help: "Add a header to the WebSocket upgrade (repeatable; warns about a secret one: use --header-file).")
    fileprivate static let headerFile = OptionSpec(
        value: "header-file", metavar: "FILE", completing: .file,
        help: "Headers for the upgrade from FILE (- = standard input), one 'Name: value' per line; for secret ones.")
    fileprivate static let service = OptionSpec(
        value: "service", metavar: "TYPE", help: "Service type for an instance-name TARGET (default _openclaw-gw._tcp).")
}
