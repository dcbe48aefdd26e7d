import ClawPairKit

/// `clawpair gateways forget ID`: the entry and everything it owns, in one change.
enum GatewaysForgetCommand: Command {
    static let spec = CommandSpec(
        name: "forget", summary: "Delete it and everything it owns, in one change.", usage: "ID [--yes] [--json]", positionals: 1...1, completing: [.gateway],
        options: [.yes] + GatewaysCommand.sharedOptions,
        discussion: """
            With the entry go its bolt membership and focus (no other gateway is focused
            instead), credentials, custom headers, pin, device tokens, preferences, cached
            data, and its Cloudflare Access session when no other entry uses the same origin.
            On a terminal it asks first (no: exit 1, nothing changed); elsewhere it needs --yes
            (else exit 2).
            """,
        runs: Self.self)

    struct Options: Sendable {
        let gateway: GatewayIDOptions
        let confirmed: Bool
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        Options(gateway: GatewayIDOptions(arguments), confirmed: arguments[.yes])
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        let (registry, id) = try options.gateway.resolve(context)
        let label = try GatewaysCommand.describe(id, in: registry)
        if !options.confirmed {
            try GatewaysCommand.confirm(
                "Forget \(label) and its credentials, pin and device tokens? [y/N] ", refusal: "forget needs --yes when not run on a terminal",
                context)
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
            context.console.print(text)
        }
        return .success
    }
}
