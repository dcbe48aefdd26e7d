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
            only with --name). Without a scheme, TLS is on for port 443 and for a *.ts.net host
            without a port (Tailscale Serve), and off otherwise, unless --tls or --no-tls says.
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

    /// A route from `URL` or `HOST[:PORT]`. Without a scheme, TLS is what `tls` says, else
    /// on for port 443 and for a `*.ts.net` host without a port, and off otherwise (a
    /// gateway's own port, 18789, is plaintext).
    static func route(_ text: String, tls: Bool?) throws -> GatewayRoute {
        do {
            if text.contains("://") {
                let parsed = try GatewayRoute(url: text)
                guard tls == nil || tls == parsed.tls else {
                    throw UsageError("--\(parsed.tls ? "no-tls" : "tls") contradicts the URL's scheme")
                }
                return parsed
            }
            var host = Substring(text)
            var portText: Substring? = nil
            if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
                // [v6] or [v6]:port
                let after = text[text.index(after: close)...]
                host = text[...close]
                if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty {
                    throw ClawPairError(.registryInvalid, "unexpected text after ']' in '\(text)'")
                }
            } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
                // host:port; more than one colon is a bare IPv6 address without a port.
                host = text[..<colon]
                portText = text[text.index(after: colon)...]
            }
            var port: Int? = nil
            if let portText {
                guard portText.allSatisfy({ ("0"..."9").contains($0) }), portText.count <= 5, let value = Int(portText) else {
                    throw ClawPairError(.registryInvalid, "invalid port '\(portText)' in '\(text)' (expected 1–65535)")
                }
                port = value
            }
            // Tailscale Serve hosts (*.ts.net) answer on 443 with TLS (spec/discovery.md:
            // their default port is 443).
            let tailnet = port == nil && (host.lowercased().hasSuffix(".ts.net") || host.lowercased().hasSuffix(".ts.net."))
            let useTLS = tls ?? (port == GatewayRoute.defaultTLSPort || tailnet)
            return try GatewayRoute(host: String(host), port: port, tls: useTLS)
        } catch let error as GatewayRoute.SyntaxError {
            throw ClawPairError(.registryInvalid, "'\(text)' is not a gateway address: \(error.reason)",
                remedy: "give a URL (wss://host:443, ws://host:18789) or HOST[:PORT]")
        }
    }
}

extension OptionSpec {
    fileprivate static let name = OptionSpec(value: "name", metavar: "N", help: "The entry's name (default host:port).")
    fileprivate static let tls = OptionSpec(
        flag: "tls", help: "Connect with TLS (wss); the default for a HOST without a scheme on port 443.")
    fileprivate static let noTLS = OptionSpec(flag: "no-tls", help: "Connect without TLS (ws); the default for a HOST on any other port.")
}
