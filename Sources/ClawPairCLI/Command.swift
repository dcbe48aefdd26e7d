import ClawPairKit

/// A subcommand: its table (name, options, help) and one run function that calls the library
/// and renders the result. Usage mistakes throw `UsageError`, failures `ClawPairError`.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus
}

/// What a running command may use.
struct CommandContext: Sendable {
    let console: Console
    /// `--json` was given: results and errors go to stdout as JSON.
    let json: Bool
    var style: Style { Style(enabled: console.useColor && !json) }

    func printJSON(_ value: JSONValue) {
        console.print(value.serialized(pretty: console.stdoutIsTerminal) + "\n")
    }

    /// Progress for slow work: on stderr, only when stderr is a terminal (spec/cli.md, "progress").
    func progress(_ text: String) {
        guard console.stderrIsTerminal else { return }
        console.printError(text)
    }
}
