import ClawPairKit

#if canImport(Glibc)
import Glibc
#endif

/// What a running command may use.
struct CommandContext: Sendable {
    let console: Console
    /// `--json` was given: results and errors go to stdout as JSON.
    let json: Bool
    /// Neither `NO_COLOR` nor `--no-color` (spec/cli.md, "colour").
    let colorAllowed: Bool

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

    /// The registry in `directory`.
    func openRegistry(in directory: StateDirectory) throws(ClawPairError) -> GatewayRegistry {
        let registry = try GatewayRegistry(stateDirectory: directory, nowMs: console.nowMs)
        installTestPause(registry)
        return registry
    }

    /// Tests only: `CLAWPAIR_TEST_PAUSE_IN=forget` stops the process inside that change's
    /// transaction (after its main statement, before commit), announcing it on stderr, so a
    /// test can kill it at exactly that point.
    private func installTestPause(_ registry: GatewayRegistry) {
        guard let point = console.environment["CLAWPAIR_TEST_PAUSE_IN"] else { return }
        let console = console
        registry.insideTransactionHook = { name in
            guard name == point else { return }
            console.printError("clawpair: paused inside \(name)\n")
            while true { sleep(60) }
        }
    }
}
