import ClawPairKit

/// What a running command may use.
struct CommandContext: Sendable {
    let console: Console
    /// `--json` was given: results and errors go to stdout as JSON.
    let json: Bool
    /// Neither `NO_COLOR` nor `--no-color` (spec/cli.md, "colour").
    let colorAllowed: Bool
    let testHooks: CLITestHooks

    /// Colour on stdout: a terminal, colour allowed, no JSON.
    var style: Style { Style(enabled: console.stdoutIsTerminal && colorAllowed && !json) }
    /// Colour on stderr (errors, prompts): a terminal and colour allowed.
    var errorStyle: Style { Style(enabled: console.stderrIsTerminal && colorAllowed) }

    func printJSON(_ value: JSONValue) {
        console.print(value.serialized(pretty: console.stdoutIsTerminal) + "\n")
    }

    /// Progress for slow work: on stderr, only when stderr is a terminal (spec/cli.md, "progress").
    func progress(_ text: String) {
        guard console.stderrIsTerminal else { return }
        console.printError(text)
    }

    /// The registry in `directory`, with the tests' hook (if any) inside its transactions.
    func openRegistry(in directory: StateDirectory) throws(ClawPairError) -> GatewayRegistry {
        let registry = try GatewayRegistry(stateDirectory: directory, nowMs: console.nowMs)
        registry.insideTransactionHook = testHooks.insideRegistryTransaction
        return registry
    }
}
