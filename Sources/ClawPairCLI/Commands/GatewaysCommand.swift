import ClawPairKit

#if canImport(Glibc)
import Glibc
#endif

/// `clawpair gateways list|show|add|focus|bolt|unbolt|forget|rename|trust`: the registry of
/// paired gateways (spec/registry.md), one subcommand per verb.
enum GatewaysCommand: Command {
    /// One verb: its synopsis, arguments and the options it accepts.
    struct Verb: Sendable {
        let name: String
        let usage: String
        let positionals: ClosedRange<Int>
        let options: Set<String>
        let summary: String
    }

    static let verbs: [Verb] = [
        Verb(name: "list", usage: "list [--json]", positionals: 0...0, options: ["json"], summary: "Every gateway, the focused one first."),
        Verb(name: "show", usage: "show ID [--json] [--show-secrets]", positionals: 1...1, options: ["json", "show-secrets"],
             summary: "One gateway: routes, pin, device-token roles and scopes, Access origin."),
        Verb(name: "add", usage: "add URL|HOST[:PORT] [--name N] [--tls|--no-tls] [--json]", positionals: 1...1,
             options: ["json", "name", "tls", "no-tls"], summary: "Add a manual entry (no pairing yet); the same gateway twice updates it."),
        Verb(name: "focus", usage: "focus ID [--json]", positionals: 1...1, options: ["json"],
             summary: "Make it the focused gateway (owner of the node session); bolts it too."),
        Verb(name: "bolt", usage: "bolt ID [--json]", positionals: 1...1, options: ["json"],
             summary: "Keep its operator session connected beside the focused gateway."),
        Verb(name: "unbolt", usage: "unbolt ID [--json]", positionals: 1...1, options: ["json"],
             summary: "Stop keeping its operator session; refused for the focused gateway."),
        Verb(name: "forget", usage: "forget ID [--yes] [--json]", positionals: 1...1, options: ["json", "yes"],
             summary: "Delete it and everything it owns, in one change."),
        Verb(name: "rename", usage: "rename ID NAME [--json]", positionals: 2...2, options: ["json"], summary: "Rename it."),
        Verb(name: "trust", usage: "trust ID [--fingerprint HEX] [--yes] [--json]", positionals: 1...1, options: ["json", "fingerprint", "yes"],
             summary: "Replace its TLS pin, showing the old and the new fingerprint."),
    ]

    static let spec = CommandSpec(
        name: "gateways",
        summary: "Manage the registry of gateways: list, show, add, focus, bolt, unbolt, forget, rename, trust.",
        usage: "list|show|add|focus|bolt|unbolt|forget|rename|trust [ID] [options]",
        positionals: 1...3,
        options: [
            .json, .showSecrets,
            .value("name", "N", "add: the entry's name (default host:port)."),
            .flag("tls", "add: connect with TLS (wss); the default for a HOST without a scheme on port 443."),
            .flag("no-tls", "add: connect without TLS (ws); the default for a HOST on any other port."),
            .flag("yes", short: "y", "forget, trust: do not ask for confirmation."),
            .value("fingerprint", "HEX", "trust: the new pin, the leaf certificate's SHA-256 (64 hex digits, ':' allowed)."),
        ],
        discussion: """
            Subcommands:
            \(verbs.map { "  " + $0.usage + "\n      " + $0.summary }.joined(separator: "\n"))

            ID is a stable id, an entry's exact name, or a unique prefix of a stable id; an
            unknown or ambiguous ID is exit 3 (the candidates are listed). A manual entry's id
            is manual|HOST|PORT[|PATH] (spec/discovery.md), so adding the same gateway twice
            updates the entry. The focused gateway cannot be unbolted (exit 3): focus another
            first. forget and trust ask on a terminal; elsewhere they need --yes (trust: or
            --fingerprint), else exit 2. trust without --fingerprint reads the certificate the
            gateway presents now over a TLS handshake and asks before pinning it.

            The registry is the SQLite database registry.sqlite3 in the state directory.
            Secrets are printed as "<redacted>" unless --show-secrets. A damaged registry, or
            one written by a newer clawpair, is exit 8 and is left untouched.
            """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let verbName = arguments.positionals[0]
        guard let verb = verbs.first(where: { $0.name == verbName }) else {
            let close = verbs.map(\.name).filter { ArgumentParser.editDistance($0, verbName) <= 2 }
            throw UsageError("unknown subcommand '\(TerminalText.escape(verbName))'" + (close.first.map { " (did you mean '\($0)'?)" } ?? "")
                + "; expected one of \(verbs.map(\.name).joined(separator: ", "))")
        }
        let rest = Array(arguments.positionals.dropFirst())
        guard verb.positionals.contains(rest.count) else {
            throw UsageError((rest.count < verb.positionals.lowerBound ? "missing argument" : "too many arguments") + ": clawpair gateways \(verb.usage)")
        }
        let given = arguments.flags.union(arguments.values.keys).subtracting(["home", "help"])
        if let stray = given.subtracting(verb.options).sorted().first {
            throw UsageError("--\(stray) does not apply to 'gateways \(verb.name)': clawpair gateways \(verb.usage)")
        }
        let directory = try StateDirectory.resolve(home: arguments.value("home"), environment: context.console.environment)
        let registry = try GatewayRegistry(stateDirectory: directory, nowMs: context.console.nowMs)
        installTestPause(registry, context)
        let gateways = Gateways(registry: registry, arguments: arguments, context: context, rest: rest)
        switch verb.name {
        case "list": return try gateways.list()
        case "show": return try gateways.show()
        case "add": return try gateways.add()
        case "focus": return try gateways.focus()
        case "bolt": return try gateways.bolt()
        case "unbolt": return try gateways.unbolt()
        case "forget": return try gateways.forget()
        case "rename": return try gateways.rename()
        default: return try await gateways.trust()
        }
    }

    /// Tests only: `CLAWPAIR_TEST_PAUSE_IN=forget` stops the process inside that change's
    /// transaction (after its main statement, before commit), announcing it on stderr, so a
    /// test can kill it at exactly that point.
    static func installTestPause(_ registry: GatewayRegistry, _ context: CommandContext) {
        guard let point = context.console.environment["CLAWPAIR_TEST_PAUSE_IN"] else { return }
        registry.insideTransactionHook = { name in
            guard name == point else { return }
            context.console.printError("clawpair: paused inside \(name)\n")
            while true { sleep(60) }
        }
    }
}

/// The verbs' work, sharing the registry and the command's context.
private struct Gateways {
    let registry: GatewayRegistry
    let arguments: ParsedArguments
    let context: CommandContext
    let rest: [String]

    var console: Console { context.console }

    /// Straight from the flat listing to bytes: with thousands of entries, models and a
    /// String per cell cost far more than reading SQLite (bench/registry).
    func list() throws -> ExitStatus {
        let listing = try registry.listing()
        if context.json {
            // Indented on a terminal, as printJSON writes every other document.
            console.writeStdout(GatewaysListRendering.json(listing, pretty: console.stdoutIsTerminal))
        } else if listing.rows.isEmpty {
            console.print("No gateways yet. Pair one with 'clawpair pair CODE', or add one with 'clawpair gateways add URL'.\n")
        } else {
            console.writeStdout(GatewaysListRendering.table(listing, style: context.style))
        }
        return .success
    }

    func show() throws -> ExitStatus {
        let id = try registry.resolve(rest[0])
        guard let record = try registry.record(id) else { throw GatewayRegistry.notFound(rest[0]) }
        let showSecrets = arguments.flag("show-secrets")
        if context.json {
            context.printJSON(GatewaysRendering.json(record, showSecrets: showSecrets))
        } else {
            console.print(GatewaysRendering.detail(record, showSecrets: showSecrets, style: context.style))
        }
        return .success
    }

    func add() throws -> ExitStatus {
        if arguments.flag("tls") && arguments.flag("no-tls") { throw UsageError("--tls and --no-tls exclude each other") }
        let route = try Self.route(rest[0], tls: arguments.flag("tls") ? true : arguments.flag("no-tls") ? false : nil)
        let name = arguments.value("name")
        let outcome = try registry.upsert(GatewayEntry.manual(route: route, name: name), rename: name != nil)
        let id = GatewayID.manual(host: route.host, port: route.port, contextPath: route.contextPath)
        let summary = try registry.summary(id)
        if context.json {
            var object: [(String, JSONValue)] = [("added", .bool(outcome == .inserted))]
            if let summary, case .object(let members) = GatewaysRendering.json(summary) { object += members }
            context.printJSON(.object(object))
        } else {
            let verb = outcome == .inserted ? "added" : "updated"
            console.print("\(verb) \(TerminalText.escape(summary?.entry.name ?? route.authority)) (\(TerminalText.escape(id.rawValue))) → \(route.url)\n")
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

    func focus() throws -> ExitStatus {
        let id = try registry.resolve(rest[0])
        let previous = try registry.focus(id)
        if context.json {
            context.printJSON(["focused": .string(id.rawValue), "previous": previous.map { .string($0.rawValue) } ?? .null])
        } else {
            console.print("focused \(try describe(id))" + (previous == id ? " (already focused)" : "") + "\n")
        }
        return .success
    }

    func bolt() throws -> ExitStatus {
        let id = try registry.resolve(rest[0])
        let changed = try registry.bolt(id)
        if context.json {
            context.printJSON(["id": .string(id.rawValue), "bolt": true, "changed": .bool(changed)])
        } else {
            console.print("bolted \(try describe(id))" + (changed ? "" : " (already bolted)") + "\n")
        }
        return .success
    }

    func unbolt() throws -> ExitStatus {
        let id = try registry.resolve(rest[0])
        let changed = try registry.unbolt(id)
        if context.json {
            context.printJSON(["id": .string(id.rawValue), "bolt": false, "changed": .bool(changed)])
        } else {
            console.print("unbolted \(try describe(id))" + (changed ? "" : " (was not bolted)") + "\n")
        }
        return .success
    }

    func forget() throws -> ExitStatus {
        let id = try registry.resolve(rest[0])
        let label = try describe(id)
        if !arguments.flag("yes") {
            try confirm("Forget \(label) and its credentials, pin and device tokens? [y/N] ", refusal: "forget needs --yes when not run on a terminal")
        }
        let report = try registry.forget(id)
        if context.json {
            context.printJSON([
                "forgotten": .string(id.rawValue), "name": .string(report.entry.name), "wasFocused": .bool(report.wasFocused),
                "removedAccessSession": .bool(report.removedAccessSession),
            ])
        } else {
            var text = "forgot \(label)\n"
            if report.wasFocused { text += "No gateway is focused now; choose one with 'clawpair gateways focus ID'.\n" }
            console.print(text)
        }
        return .success
    }

    func rename() throws -> ExitStatus {
        let id = try registry.resolve(rest[0])
        try registry.rename(id, to: rest[1])
        if context.json {
            context.printJSON(["id": .string(id.rawValue), "name": .string(rest[1])])
        } else {
            console.print("renamed \(TerminalText.escape(id.rawValue)) to \(TerminalText.escape(rest[1]))\n")
        }
        return .success
    }

    func trust() async throws -> ExitStatus {
        let id = try registry.resolve(rest[0])
        guard let record = try registry.record(id) else { throw GatewayRegistry.notFound(rest[0]) }
        let new: CertificateFingerprint
        if let text = arguments.value("fingerprint") {
            guard let parsed = CertificateFingerprint(normalizing: text) else {
                throw ClawPairError(.registryInvalid, "--fingerprint needs a SHA-256 fingerprint: 64 hex digits (':' and spaces allowed)")
            }
            new = parsed
        } else {
            new = try await Self.presentedFingerprint(record, context: context)
        }
        let old = record.pin
        if !context.json {
            console.print("gateway:  \(try describe(id))\nold pin:  \(old?.hex ?? "(none)")\nnew pin:  \(new.hex)\n          \(new.colonSeparated)\n")
        }
        if arguments.value("fingerprint") == nil, !arguments.flag("yes") {
            try confirm("Verify the new fingerprint out of band (on the gateway host: openssl x509 -noout -fingerprint -sha256). Pin it? [y/N] ",
                refusal: "trust needs --fingerprint HEX or --yes when not run on a terminal")
        }
        let replaced = try registry.trust(id, pin: new)
        if context.json {
            context.printJSON(["id": .string(id.rawValue), "old": replaced.map { .string($0.hex) } ?? .null, "new": .string(new.hex)])
        } else {
            console.print(replaced == new ? "the pin was already \(new.hex)\n" : "pinned \(new.hex)\n")
        }
        return .success
    }

    /// The fingerprint of the certificate the entry's route presents now (last proven route,
    /// else the configured one). Untrusted by design: the user confirms it.
    static func presentedFingerprint(_ record: GatewayRecord, context: CommandContext) async throws -> CertificateFingerprint {
        let route = record.entry.provenRoute.flatMap { try? GatewayRoute(url: $0) } ?? record.entry.configuredRoute
        guard let route else {
            throw ClawPairError(.registryInvalid, "\(record.entry.id) has no route to read a certificate from", remedy: "pass --fingerprint HEX")
        }
        guard route.tls else {
            throw ClawPairError(.registryInvalid, "\(route.url) is plaintext: there is no certificate to pin", remedy: "add the gateway with a wss:// URL")
        }
        context.progress("reading the certificate of \(route.url)…\n")
        let connector = TCPRouteConnector(reactor: IOReactor())
        let report = await connector.connect(host: route.host, port: UInt16(route.port))
        guard let tcp = report.connection else {
            throw report.error ?? ClawPairError(.internalError, "cannot connect to \(route.authority)")
        }
        let tls = try await TLSConnection.handshake(over: tcp, serverName: route.host, until: .now + handshakeTimeout)
        let fingerprint = tls.peer.fingerprint
        await tls.close(until: .now + .seconds(1))
        return fingerprint
    }

    /// How long `trust` waits for a gateway's TLS handshake.
    static let handshakeTimeout: Duration = .seconds(5)

    /// Asks on the terminal; without one, refuses with a usage error (exit 2) naming the flag.
    func confirm(_ question: String, refusal: String) throws {
        guard console.stderrIsTerminal, isatty(0) == 1 else { throw UsageError(refusal) }
        console.printError(question)
        let answer = readLine()?.trimmingCharacters() ?? ""
        guard answer == "y" || answer == "yes" || answer == "Y" else {
            throw ClawPairError(.usage, "cancelled; nothing was changed")
        }
    }

    /// `NAME (ID)`, escaped for the terminal.
    func describe(_ id: GatewayID) throws -> String {
        let name = try registry.record(id)?.entry.name ?? id.rawValue
        return "\(TerminalText.escape(name)) (\(TerminalText.escape(id.rawValue)))"
    }
}

extension String {
    fileprivate func trimmingCharacters() -> String {
        String(Substring(self).drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
