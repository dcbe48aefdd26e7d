import ClawPairKit

/// `clawpair gateways add URL|HOST[:PORT]`: a manual entry, not paired yet.
enum GatewaysAddCommand: Command {
    static let spec = CommandSpec(
        name: "add", summary: "Add a manual entry (no pairing yet); the same gateway twice updates it.",
        usage: "URL|HOST[:PORT] [--name N] [--tls|--no-tls] [--json]", positionals: 1...1,
        options: [.name, .tls, .noTLS] + GatewaysCommand.sharedOptions,
        discussion: """
            The entry's id is manual|HOST|PORT (plus |PATH for a context path), with the route's
            effective port, so adding the same gateway again updates the entry (and renames it
            only with --name). Without a scheme, TLS is on for port 443, for a *.ts.net host
            without a port (Tailscale Serve) and for every host that is not local, and off for a
            local one (localhost, loopback, *.local, 10/8, 172.16/12, 192.168/16, 169.254/16,
            fe80::/10, fc00::/7), unless --tls or --no-tls says. Plaintext to any other host
            (ws://8.8.8.8, --no-tls) is refused as probe and pair refuse it: exit 5,
            PLAINTEXT_NOT_ALLOWED, and nothing is stored.
            """,
        runs: Self.self)

    struct Options: Sendable {
        let address: String
        /// nil: as the address implies.
        let tls: Bool?
        let name: String?
        let home: String?
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        if arguments[.tls] && arguments[.noTLS] { throw UsageError("--tls and --no-tls exclude each other") }
        return Options(
            address: arguments.positionals[0], tls: arguments[.tls] ? true : arguments[.noTLS] ? false : nil, name: try arguments.gatewayName(.name),
            home: arguments.value(.home))
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        let registry = try GatewaysCommand.registry(home: options.home, context)
        let route = try route(options.address, tls: options.tls)
        let outcome = try registry.upsert(GatewayEntry.manual(route: route, name: options.name), rename: options.name != nil)
        let id = GatewayID.manual(host: route.host, port: route.port, contextPath: route.contextPath)
        let summary = try registry.summary(id)
        if context.json {
            var object: [(String, JSONValue)] = [("added", .bool(outcome == .inserted))]
            if let summary, case .object(let members) = GatewaysRendering.json(summary) { object += members }
            context.printJSON(.object(object))
        } else {
            let verb = outcome == .inserted ? "added" : "updated"
            context.console.print(
                "\(verb) \(TerminalText.escape(summary?.entry.name ?? route.authority)) (\(TerminalText.escape(id.rawValue))) → \(route.url)\n")
        }
        return .success
    }

    /// A route from `URL` or `HOST[:PORT]` (``GatewayRoute/init(manual:tls:)``, as probe
    /// reads a host). Without a scheme or `tls`, a host that is not local gets TLS, the only
    /// way probe, pair and the daemon may reach it; a plaintext route to one is refused
    /// with the rule decode and probe apply (``GatewayRoute/plaintextRefusal(_:)``, exit 5).
    static func route(_ text: String, tls: Bool?) throws -> GatewayRoute {
        if let tls, text.contains("://"), let parsed = try? GatewayRoute(url: text), parsed.tls != tls {
            throw UsageError("--\(parsed.tls ? "no-tls" : "tls") contradicts the URL's scheme")
        }
        var route: GatewayRoute
        do {
            route = try GatewayRoute(manual: text, tls: tls)
        } catch {
            throw ClawPairError(.registryInvalid, "'\(text)' is not a gateway address: \(error.reason)",
                remedy: "give a URL (wss://host:443, ws://host:18789) or HOST[:PORT]")
        }
        if tls == nil, !text.contains("://"), !route.plaintextAllowed, let secure = route.schemeCandidates.first {
            route = secure
        }
        if let refusal = route.plaintextRefusal() { throw refusal }
        return route
    }
}

extension OptionSpec {
    fileprivate static let name = OptionSpec(value: "name", metavar: "N", help: "The entry's name (default host:port).")
    fileprivate static let tls = OptionSpec(
        flag: "tls", help: "Connect with TLS (wss); the default for a HOST without a scheme on port 443.")
    fileprivate static let noTLS = OptionSpec(flag: "no-tls", help: "Connect without TLS (ws); the default for a HOST on any other port.")
}
