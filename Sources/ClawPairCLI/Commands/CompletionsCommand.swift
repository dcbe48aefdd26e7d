import ClawPairKit

/// `clawpair completions bash|zsh|fish`: a completion script generated from the command
/// table, and (`--gateways`, hidden) the registry's ids and names the scripts ask for.
enum CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions", summary: "Print a shell completion script for bash, zsh or fish.", usage: "bash|zsh|fish [--json]",
        positionals: 0...1, completing: [.choices(CompletionShell.allCases.map(\.rawValue))], options: [.gateways, .home, .json],
        discussion: """
            The script completes commands, subcommands, options, option values that are one of
            a few words (--log-format text|json), file and directory arguments, and the ids and
            names of the registry's gateways where a command takes an ID or TARGET (read when
            you press Tab, from the state directory that --home on the command line, else
            $CLAWPAIR_HOME, names). Install it once:

              bash  clawpair completions bash > /etc/bash_completion.d/clawpair
                    (or ~/.local/share/bash-completion/completions/clawpair)
              zsh   clawpair completions zsh > ~/.zfunc/_clawpair, with
                    fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc
              fish  clawpair completions fish > ~/.config/fish/completions/clawpair.fish

            The scripts get the registry's entries from `clawpair completions --gateways
            [--home DIR]`: one line per entry, its id, a tab and its name (no secrets; names
            with control characters left out); nothing, exit 0, when there is no registry.
            With --json: {shell, script}, and for --gateways [{id, name}].
            """,
        runs: Self.self)

    enum Options: Sendable {
        case script(CompletionShell)
        case gateways(home: String?)
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        let shells = CompletionShell.allCases.map(\.rawValue).joined(separator: ", ")
        if arguments[.gateways] {
            guard arguments.positionals.isEmpty else { throw UsageError("--gateways takes no shell") }
            return .gateways(home: arguments.value(.home))
        }
        guard arguments.value(.home) == nil else {
            throw UsageError("--home goes with --gateways; the scripts pass on the --home of the command line they complete")
        }
        guard let name = arguments.positionals.first else { throw UsageError("missing shell: one of \(shells)") }
        guard let shell = CompletionShell(rawValue: name) else {
            throw UsageError("unknown shell '\(TerminalText.escape(name))'; expected one of \(shells)")
        }
        return .script(shell)
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        switch options {
        case .script(let shell):
            let script = shell.script(for: CLI.commands)
            if context.json {
                context.printJSON(["shell": .string(shell.rawValue), "script": .string(script)])
            } else {
                context.console.print(script)
            }
        case .gateways(let home):
            // No registry yet is no candidate, not an error: completing must never create one.
            let entries = try GatewaysCommand.existingRegistry(home: home, context)?.idsAndNames() ?? []
            if context.json {
                context.printJSON(.array(entries.map { .object([("id", .string($0.id.rawValue)), ("name", .string($0.name))]) }))
                return .success
            }
            var lines = ""
            for (id, name) in entries where !hasControlCharacter(id.rawValue) {
                // One line per entry, a tab between: neither may hold a control character.
                lines += id.rawValue + (hasControlCharacter(name) ? "" : "\t" + name) + "\n"
            }
            context.console.print(lines)
        }
        return .success
    }

    private static func hasControlCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}

extension OptionSpec {
    fileprivate static let gateways = OptionSpec(
        flag: "gateways", hidden: true, help: "Print the registry's ids and names for the scripts, one entry a line: ID, a tab, NAME.")
}
