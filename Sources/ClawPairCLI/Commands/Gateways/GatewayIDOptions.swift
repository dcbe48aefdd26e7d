/// The options of a `gateways` subcommand that takes an ID and nothing else of its own.
struct GatewayIDOptions: Sendable {
    /// As given: an id, a name or a unique id prefix, resolved against the registry.
    let id: String
    let home: String?

    init(_ arguments: ParsedArguments) {
        id = arguments.positionals[0]
        home = arguments.value(.home)
    }
}
