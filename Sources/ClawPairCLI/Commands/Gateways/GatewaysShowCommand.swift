import ClawPairKit

/// `clawpair gateways show ID`: one gateway in full, secrets redacted.
enum GatewaysShowCommand: Command {
    static let spec = CommandSpec(
        name: "show", summary: "One gateway: routes, pin, device-token roles and scopes, Access origin and session.", usage: "ID [--json] [--show-secrets]",
        positionals: 1...1, completing: [.gateway], options: GatewaysCommand.sharedOptions + [.showSecrets],
        discussion: """
            Tokens, passwords and header values are printed as "<redacted>" unless
            --show-secrets. The connection line (JSON: sessions, null without a daemon) is the
            daemon's live state; with no daemon running it says "not connected (no daemon
            running)".
            """,
        runs: Self.self)

    struct Options: Sendable {
        let gateway: GatewayIDOptions
        let showSecrets: Bool
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        Options(gateway: GatewayIDOptions(arguments), showSecrets: arguments[.showSecrets])
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        let (registry, id) = try options.gateway.resolve(context)
        guard let record = try registry.record(id) else { throw GatewayRegistry.notFound(options.gateway.id) }
        let access = try AccessState.of(record, registry: registry, nowMs: context.console.nowMs())
        let live = await GatewaysCommand.liveState(of: id, home: options.gateway.home, context)
        if context.json {
            var shown = GatewaysRendering.json(record, showSecrets: options.showSecrets, access: access)
            if case .object(let members) = shown { shown = .object(members + [("sessions", live.json)]) }
            context.printJSON(shown)
        } else {
            context.console.print(
                GatewaysRendering.detail(record, showSecrets: options.showSecrets, style: context.style, access: access, live: live))
        }
        return .success
    }
}
