import ClawPairKit

/// `clawpair gateways unbolt ID`: stop keeping its operator session.
enum GatewaysUnboltCommand: Command {
    static let spec = CommandSpec(
        gatewayID: "unbolt", summary: "Stop keeping its operator session; refused for the focused gateway.",
        discussion: "Unbolting the focused gateway is exit 3 (REGISTRY_FOCUSED): focus another gateway first.", runs: Self.self)

    static func run(_ options: GatewayIDOptions, _ context: CommandContext) async throws -> ExitStatus {
        let (registry, id) = try options.resolve(context)
        let changed = try registry.unbolt(id)
        if context.json {
            context.printJSON(["id": .string(id.rawValue), "bolt": false, "changed": .bool(changed)])
        } else {
            context.console.print("unbolted \(try GatewaysCommand.describe(id, in: registry))" + (changed ? "" : " (was not bolted)") + "\n")
        }
        return .success
    }
}
