import ClawPairKit

/// `clawpair gateways rename ID NAME`.
enum GatewaysRenameCommand: Command {
    static let spec = CommandSpec(
        name: "rename", summary: "Rename it.", usage: "ID NAME [--json]", positionals: 2...2, completing: [.gateway, .text], options: GatewaysCommand.sharedOptions,
        discussion: """
            Names are unique, so an ID argument never has to guess: a NAME another entry has is
            exit 3 (REGISTRY_NAME_IN_USE, naming that entry).
            """,
        runs: Self.self)

    struct Options: Sendable {
        let gateway: GatewayIDOptions
        let name: String
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        Options(gateway: GatewayIDOptions(arguments), name: arguments.positionals[1])
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        let (registry, id) = try options.gateway.resolve(context)
        try registry.rename(id, to: options.name)
        if context.json {
            context.printJSON(["id": .string(id.rawValue), "name": .string(options.name)])
        } else {
            context.console.print("renamed \(TerminalText.escape(id.rawValue)) to \(TerminalText.escape(options.name))\n")
        }
        return .success
    }
}
