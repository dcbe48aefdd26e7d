import ClawPairKit

/// `clawpair gateways show ID`: one gateway in full, secrets redacted.
enum GatewaysShowCommand: Command {
    static let spec = CommandSpec(
        name: "show", summary: "One gateway: routes, pin, device-token roles and scopes, Access origin and session.", usage: "ID [--json] [--show-secrets]",
        positionals: 1...1, options: GatewaysCommand.sharedOptions + [.showSecrets],
        discussion: """
            Tokens, passwords and header values are printed as "<redacted>" unless
            --show-secrets.
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
        if context.json {
            context.printJSON(GatewaysRendering.json(record, showSecrets: options.showSecrets, access: access))
        } else {
            context.console.print(GatewaysRendering.detail(record, showSecrets: options.showSecrets, style: context.style, access: access))
        }
        return .success
    }
}
