import ClawPairKit

/// `clawpair gateways focus ID`: the gateway that owns this machine's node session.
enum GatewaysFocusCommand: Command {
    static let spec = CommandSpec(
        gatewayID: "focus", summary: "Make it the focused gateway (owner of the node session); bolts it too.",
        discussion: "The previously focused gateway stays bolted.", runs: Self.self)

    static func run(_ options: GatewayIDOptions, _ context: CommandContext) async throws -> ExitStatus {
        let (registry, id) = try options.resolve(context)
        let previous = try registry.focus(id)
        if context.json {
            context.printJSON(["focused": .string(id.rawValue), "previous": previous.map { .string($0.rawValue) } ?? .null])
        } else {
            context.console.print("focused \(try GatewaysCommand.describe(id, in: registry))" + (previous == id ? " (already focused)" : "") + "\n")
        }
        return .success
    }
}
