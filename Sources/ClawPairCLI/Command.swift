/// A command that runs: its table, the step that turns the parsed arguments into its
/// options (every usage mistake is found here, before any work), and the work: one library
/// call, its rendering and the exit status. Usage mistakes throw `UsageError`, failures
/// `ClawPairError`.
protocol Command: Sendable {
    associatedtype Options: Sendable

    static var spec: CommandSpec { get }
    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options
    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus
}
