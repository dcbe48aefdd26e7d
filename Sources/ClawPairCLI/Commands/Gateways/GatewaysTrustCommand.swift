import ClawPairKit

/// `clawpair gateways trust ID`: replaces the TLS pin, showing the old and the new one.
enum GatewaysTrustCommand: Command {
    static let spec = CommandSpec(
        name: "trust", summary: "Replace its TLS pin, showing the old and the new fingerprint.", usage: "ID [--fingerprint HEX] [--yes] [--json]",
        positionals: 1...1, completing: [.gateway], options: [.fingerprint, .yes] + GatewaysCommand.sharedOptions,
        discussion: """
            Without --fingerprint, reads the certificate the gateway presents now over a TLS
            handshake and asks on a terminal (or takes --yes) before pinning it; compare it
            with `openssl x509 -noout -fingerprint -sha256` on the gateway host.
            """,
        runs: Self.self)

    /// How long `trust` waits for a gateway's TLS handshake.
    static let handshakeTimeout: Duration = .seconds(5)

    struct Options: Sendable {
        let gateway: GatewayIDOptions
        /// As given: checked once the entry is found.
        let fingerprint: String?
        let confirmed: Bool
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        Options(gateway: GatewayIDOptions(arguments), fingerprint: arguments.value(.fingerprint), confirmed: arguments[.yes])
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        let (registry, id) = try options.gateway.resolve(context)
        guard let record = try registry.record(id) else { throw GatewayRegistry.notFound(options.gateway.id) }
        let new: CertificateFingerprint
        if let text = options.fingerprint {
            guard let parsed = CertificateFingerprint(normalizing: text) else {
                throw ClawPairError(.registryInvalid, "--fingerprint needs a SHA-256 fingerprint: 64 hex digits (':' and spaces allowed)")
            }
            new = parsed
        } else {
            new = try await presentedFingerprint(record, context: context)
        }
        let old = record.pin
        if !context.json {
            let label = try GatewaysCommand.describe(id, in: registry)
            context.console.print("gateway:  \(label)\nold pin:  \(old?.hex ?? "(none)")\nnew pin:  \(new.hex)\n          \(new.colonSeparated)\n")
        }
        if options.fingerprint == nil, !options.confirmed {
            try GatewaysCommand.confirm(
                "Verify the new fingerprint out of band (on the gateway host: openssl x509 -noout -fingerprint -sha256). Pin it? [y/N] ",
                refusal: "trust needs --fingerprint HEX or --yes when not run on a terminal", context)
        }
        let replaced = try registry.trust(id, pin: new)
        if context.json {
            context.printJSON(["id": .string(id.rawValue), "old": replaced.map { .string($0.hex) } ?? .null, "new": .string(new.hex)])
        } else {
            context.console.print(replaced == new ? "the pin was already \(new.hex)\n" : "pinned \(new.hex)\n")
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
}

extension OptionSpec {
    fileprivate static let fingerprint = OptionSpec(
        value: "fingerprint", metavar: "HEX", help: "The new pin, the leaf certificate's SHA-256 (64 hex digits, ':' allowed).")
}
