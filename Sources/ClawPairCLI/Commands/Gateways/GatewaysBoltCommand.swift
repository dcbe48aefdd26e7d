import ClawPairKit

/// `clawpair gateways bolt ID`: keep its operator session connected.
enum GatewaysBoltCommand: Command {
    static let spec = CommandSpec(
        name: "bolt", summary: "Keep its operator session connected beside the focused gateway.", usage: "ID [--json]",
        positionals: 1...1, options: GatewaysCommand.sharedOptions, discussion: "", runs: Self.self)

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> GatewayIDOptions {
        GatewayIDOptions(arguments)
    }

    static func run(_ options: GatewayIDOptions, _ context: CommandContext) async throws -> ExitStatus {
        let registry = try GatewaysCommand.registry(home: options.home, context)
        let id = try registry.resolve(options.id)
        let changed = try registry.bolt(id)
        if context.json {
            context.printJSON(["id": .string(id.rawValue), "bolt": true, "changed": .bool(changed)])
        } else {
            context.console.print("bolted \(try GatewaysCommand.describe(id, in: registry))" + (changed ? "" : " (already bolted)") + "\n")
        }
        return .success
    }
}
