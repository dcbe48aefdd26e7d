import ClawPairKit

/// The options of a `gateways` subcommand that takes an ID and nothing else of its own.
struct GatewayIDOptions: Sendable {
    /// As given: an id, a name or a unique id prefix, resolved against the registry.
    let id: String
    let home: String?

    init(_ arguments: ParsedArguments) {
        id = arguments.positionals[0]
        home = arguments.value(.home)
    }

    /// The registry (at `--home`) and the entry `id` names in it.
    func resolve(_ context: CommandContext) throws -> (registry: GatewayRegistry, id: GatewayID) {
        let registry = try GatewaysCommand.registry(home: home, context)
        return (registry, try registry.resolve(id))
    }
}

extension Command where Options == GatewayIDOptions {
    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> GatewayIDOptions {
        GatewayIDOptions(arguments)
    }
}

extension CommandSpec {
    /// A `gateways` subcommand that takes an ID and nothing else of its own.
    init<C: Command>(gatewayID name: String, summary: String, discussion: String, runs command: C.Type)
    where C.Options == GatewayIDOptions {
        self.init(
            name: name, summary: summary, usage: "ID [--json]", positionals: 1...1, completing: [.gateway], options: GatewaysCommand.sharedOptions,
            discussion: discussion, runs: command)
    }
}
