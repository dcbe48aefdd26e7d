/// The options of a command whose only option of its own is where the state directory is
/// (`doctor`, `gateways list`).
struct HomeOptions: Sendable {
    /// `--home`: the state directory, else the environment's.
    let home: String?
}

extension Command where Options == HomeOptions {
    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> HomeOptions {
        HomeOptions(home: arguments.value(.home))
    }
}
