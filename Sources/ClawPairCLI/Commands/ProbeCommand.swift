import ClawPairKit

/// `clawpair probe TARGET`: why can (or can't) this machine reach a gateway, layer by layer.
enum ProbeCommand: Command {
    static let spec = CommandSpec(
        name: "probe",
        summary: "Diagnose the routes to a gateway: dns, tcp, tls, WebSocket upgrade, connect.challenge.",
        usage: "TARGET [--timeout S] [--all] [--json] [--fingerprint HEX] [--header 'Name: value']…",
        positionals: 1...1,
        options: [
            .value("timeout", "S", "Bound of each network stage in seconds (default 3; decimals allowed)."),
            .flag("all", "Wait for every route instead of ending at the first that reaches the gateway."),
            .value("fingerprint", "HEX", "Pin: the gateway certificate's SHA-256 (or sha256//BASE64 of its key) for every wss route."),
            .repeated("header", "'Name: value'", "Add a header to the WebSocket upgrade (repeatable; secret-looking values are redacted in output)."),
            .value("service", "TYPE", "Service type for an instance-name TARGET (default _openclaw-gw._tcp)."),
            .repeated("domain", "D", "Browse domain for an instance-name TARGET (repeatable; default local.)."),
            .json,
        ],
        discussion: """
            TARGET is a paired gateway's registry id, name or unique id prefix (its last proven
            route first, its stored pin kept), a setup code, a ws:// or wss:// URL, host[:port]
            (port 18789, 443 for *.ts.net), or an instance name as browse shows it (quote it).
            Every route is probed stage by stage: dns, tcp, tls (wss only; the setup code's or
            stored pin, --fingerprint, else system trust), http (the WebSocket upgrade) and gateway (a connect.challenge event
            within 6 s). Routes start 250 ms apart, or as soon as the one before failed, so a
            dead route costs the stagger, not a timeout. No credential is ever sent.

            By default the probe ends when a route reaches the gateway; routes still running are
            reported pending (ok null). --all waits for every route. CLAWPAIR_RESOLVE
            (host:port:address[,…]) pins names to addresses as curl's --resolve does.

            --json prints {target, verdict:{ok, route, layer, code, message, remedy},
            routes:[{url, source, order, ok, stages:[{layer, ok, ms, detail}], failure}]}.

            Exit status: 0 when some route reached the gateway; 5 for TLS_UNTRUSTED,
            TLS_NAME_MISMATCH, TLS_EXPIRED, TLS_PIN_MISMATCH and PLAINTEXT_NOT_ALLOWED; 6 for
            HTTP_ACCESS_CHALLENGE; 4 for every other failure; 3 when TARGET cannot be read; 1
            when an instance name was not found.
            """)

    /// A mistyped `--timeout 3000` (meant as ms) should not hang a script for an hour.
    static let maximumTimeoutSeconds = 600.0

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let environment = context.console.environment
        var options = RouteProber.Options()
        if let text = arguments.value("timeout") {
            guard let seconds = Double(text), seconds > 0, seconds <= maximumTimeoutSeconds else {
                throw UsageError("--timeout takes seconds between 0 and \(Int(maximumTimeoutSeconds)), not '\(text)'")
            }
            options.stageTimeout = .milliseconds(Int64(seconds * 1000))
        }
        if let text = arguments.value("fingerprint") {
            guard let pin = TLSPin(parsing: text) else {
                throw UsageError("--fingerprint takes 64 hex digits (SHA-256 of the certificate) or sha256//BASE64, not '\(TerminalText.escape(text))'")
            }
            options.pin = pin
        }
        options.extraHeaders = try headers(arguments.allValues("header"))
        if let text = environment[ResolveOverrides.environmentVariable] {
            options.overrides = try ResolveOverrides(parsing: text)
        }

        let text = arguments.positionals[0]
        let plan: ProbePlan
        // A registry id or name (issue #6) wins over a host or instance name of the same spelling.
        if let paired = registryTarget(text, arguments, context) {
            plan = paired.plan(fingerprint: options.pin)
        } else {
            let target = try ProbeTarget.classify(text, nowMs: context.console.nowMs())
            var discovered: [DiscoveredGateway] = []
            if case .instanceName(let name) = target {
                discovered = [try await discover(name, arguments, context)]
            }
            plan = ProbePlan(target: target, discovered: discovered, fingerprint: options.pin)
        }
        guard !plan.candidates.isEmpty else {
            throw ClawPairError(
                .gatewayNotFound, "\(plan.target) has no route that can be probed"
                    + (plan.skipped.isEmpty ? "" : ": " + plan.skipped.joined(separator: "; ")))
        }

        let prober = GatewayProber(
            prober: RouteProber(options: options, reactor: IOReactor()), mode: arguments.flag("all") ? .all : .firstSuccess)
        let showProgress = context.console.stderrIsTerminal
        let console = context.console
        let report = await prober.run(plan) { candidate, stage in
            if showProgress { console.printError(ProbeRendering.progressLine(candidate, stage)) }
        }
        if context.json {
            context.printJSON(report.json)
        } else {
            context.console.print(ProbeRendering(report: report).text(style: context.style))
        }
        return exitStatus(report.verdict)
    }

    /// The paired gateway `text` names, when it is not a setup code or URL (those classify
    /// on their own) and the registry (never created here) knows it.
    static func registryTarget(_ text: String, _ arguments: ParsedArguments, _ context: CommandContext) -> PairedGatewayTarget? {
        switch try? ProbeTarget.classify(text, nowMs: context.console.nowMs()) {
        case .setupCode?, .url?: return nil
        case .host?, .instanceName?, nil: break
        }
        guard let directory = try? StateDirectory.resolve(home: arguments.value("home"), environment: context.console.environment)
        else { return nil }
        return PairedGatewayTarget.lookup(text, in: directory)
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

    /// `Name: value` pairs; names are HTTP tokens, values single lines.
    static func headers(_ texts: [String]) throws(UsageError) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for text in texts {
            guard let colon = text.firstIndex(of: ":") else {
                throw UsageError("--header takes 'Name: value', not '\(TerminalText.escape(text))'")
            }
            let name = String(text[..<colon])
            let value = String(text[text.index(after: colon)...]).drop { $0 == " " || $0 == "\t" }
            let tokenCharacters = "!#$%&'*+-.^_`|~"
            guard !name.isEmpty,
                name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || tokenCharacters.unicodeScalars.contains($0)) })
            else { throw UsageError("--header: '\(TerminalText.escape(name))' is not a header name") }
            guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0.value != 0x09 || $0.value == 0x7F }) else {
                throw UsageError("--header \(name): the value must be one line without control characters")
            }
            headers.add(name: name, value: String(value))
        }
        return headers
    }

    private static func discover(_ name: String, _ arguments: ParsedArguments, _ context: CommandContext) async throws -> DiscoveredGateway {
        var options = GatewayDiscovery.Options()
        if let service = arguments.value("service") { options.serviceType = service }
        var texts = arguments.allValues("domain")
        if texts.isEmpty { texts = [GatewayService.localDomain] }
        if let wideArea = context.console.environment["OPENCLAW_WIDE_AREA_DOMAIN"], !wideArea.allSatisfy(\.isWhitespace) {
            texts.append(wideArea)
        }
        var domains: [BrowseDomain] = []
        for text in texts {
            do {
                let domain = try BrowseDomain(text)
                if !domains.contains(where: { $0.name == domain.name }) { domains.append(domain) }
            } catch {
                throw UsageError(error.message)
            }
        }
        options.domains = domains
        context.progress("looking for \(TerminalText.escape(name))…\r")
        let result = try await GatewayDiscovery(options: options).browse()
        context.progress(String(repeating: " ", count: 60) + "\r")
        let wanted = name.collapsingWhitespace().lowercased()
        guard let gateway = result.gateways.first(where: { $0.instance.collapsingWhitespace().lowercased() == wanted }) else {
            if let failure = result.problems.first(where: { $0.error.code.category == .environment })?.error { throw failure }
            throw ClawPairError(
                .gatewayNotFound, "no gateway instance \"\(name)\" in \(domains.map(\.name).joined(separator: ", "))",
                remedy: "run `clawpair browse` to see the names, or probe the gateway's host or URL")
        }
        return gateway
    }
}
