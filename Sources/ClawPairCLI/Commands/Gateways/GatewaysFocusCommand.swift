import ClawPairKit

/// `clawpair gateways focus ID`: the gateway that owns this machine's node session.
enum GatewaysFocusCommand: Command {
    static let spec = CommandSpec(
        name: "focus", summary: "Make it the focused gateway (owner of the node session); bolts it too.", usage: "ID [--json]",
        positionals: 1...1, options: GatewaysCommand.sharedOptions,
        discussion: "The previously focused gateway stays bolted.",
        runs: Self.self)

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> GatewayIDOptions {
        GatewayIDOptions(arguments)
    }

    static func run(_ options: GatewayIDOptions, _ context: CommandContext) async throws -> ExitStatus {
        let registry = try GatewaysCommand.registry(home: options.home, context)
        let id = try registry.resolve(options.id)
        let previous = try registry.focus(id)
        if context.json {
            context.printJSON(["focused": .string(id.rawValue), "previous": previous.map { .string($0.rawValue) } ?? .null])
        } else {
            context.console.print("focused \(try GatewaysCommand.describe(id, in: registry))" + (previous == id ? " (already focused)" : "") + "\n")
        }
        return .success
    }
}
