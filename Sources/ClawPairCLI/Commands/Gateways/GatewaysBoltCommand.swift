import ClawPairKit

/// `clawpair gateways bolt ID`: keep its operator session connected.
enum GatewaysBoltCommand: Command {
    static let spec = CommandSpec(
        gatewayID: "bolt", summary: "Keep its operator session connected beside the focused gateway.", discussion: "",
        runs: Self.self)

    static func run(_ options: GatewayIDOptions, _ context: CommandContext) async throws -> ExitStatus {
        let (registry, id) = try options.resolve(context)
        let changed = try registry.bolt(id)
        if context.json {
            context.printJSON(["id": .string(id.rawValue), "bolt": true, "changed": .bool(changed)])
        } else {
            context.console.print("bolted \(try GatewaysCommand.describe(id, in: registry))" + (changed ? "" : " (already bolted)") + "\n")
        }
        return .success
    }
}
