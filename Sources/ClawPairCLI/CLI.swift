import ClawPairKit

/// Entry point of the command-line tool; `main.swift` calls `run` and exits with its status.
public enum CLI {
    /// Every subcommand, in the order `--help` lists them.
    static let commands: [any Command.Type] = [
        BrowseCommand.self, ResolveCommand.self, ProbeCommand.self, DoctorCommand.self, DecodeCommand.self, ScanCommand.self, QRCommand.self,
        PairCommand.self, GatewaysCommand.self, SimCommand.self,
    ]

    public static func run(_ arguments: [String], console: Console = .process) async -> Int32 {
        await dispatch(arguments, console: console).rawValue
    }

    static func dispatch(_ arguments: [String], console: Console) async -> ExitStatus {
        guard let first = arguments.first else {
            console.printError(overview)
            return .usage
        }
        switch first {
        case "--version", "-V":
            console.print("clawpair \(ClawPairVersion.current)\n")
            return .success
        case "--help", "-h":
            console.print(overview)
            return .success
        case "help":
            guard arguments.count > 1 else {
                console.print(overview)
                return .success
            }
            guard let command = command(named: arguments[1]) else { return unknownCommand(arguments[1], console: console) }
            console.print(command.spec.helpText)
            return .success
        default:
            break
        }
        guard let command = command(named: first) else { return unknownCommand(first, console: console) }
        let rest = Array(arguments.dropFirst())
        // Parsing may fail before we know the options, but a script asking for JSON still
        // gets its error as JSON.
        let context = CommandContext(console: console, json: rest.contains("--json"))
        do {
            let parsed = try ArgumentParser.parse(rest, for: command.spec)
            if parsed.flag("help") {
                console.print(command.spec.helpText)
                return .success
            }
            return try await command.run(parsed, context)
        } catch let error as UsageError {
            reportUsage(error, spec: command.spec, context: context)
            return .usage
        } catch let error as ClawPairError {
            if context.json {
                context.printJSON(ErrorRendering.json(error))
            } else {
                console.printError(ErrorRendering.text(command: command.spec.name, error, style: Style(enabled: console.stderrIsTerminal && console.environment["NO_COLOR"] == nil)))
            }
            return ExitStatus(error.code.category)
        } catch {
            let wrapped = ClawPairError(.internalError, "unexpected error: \(error)")
            if context.json { context.printJSON(ErrorRendering.json(wrapped)) } else { console.printError("clawpair: \(wrapped.message)\n") }
            return .failure
        }
    }

    private static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.spec.name == name }
    }

    private static func reportUsage(_ error: UsageError, spec: CommandSpec, context: CommandContext) {
        if context.json {
            context.printJSON(ErrorRendering.json(code: ClawPairError.Code.usage.rawValue, message: error.message, remedy: spec.usageLine))
        }
        context.console.printError(
            "clawpair \(spec.name): \(error.message)\n\(spec.usageLine)\nRun 'clawpair \(spec.name) --help' for more.\n")
    }

    private static func unknownCommand(_ name: String, console: Console) -> ExitStatus {
        let close = commands.map { $0.spec.name }.filter { ArgumentParser.editDistance($0, name) <= 2 }
        let hint = close.first.map { " (did you mean '\($0)'?)" } ?? ""
        console.printError("clawpair: unknown command '\(TerminalText.escape(name))'\(hint)\nRun 'clawpair --help' for the list of commands.\n")
        return .usage
    }

    static var overview: String {
        let width = commands.map { $0.spec.name.count }.max() ?? 0
        var text = """
            clawpair — find, diagnose and pair with OpenClaw gateways

            Usage: clawpair <command> [options]
                   clawpair help <command>

            Commands:

            """
        for command in commands {
            text += "  " + command.spec.name.padding(to: width) + "  " + command.spec.summary + "\n"
        }
        text += """

            Global options:
              -h, --help     Show help (also after a command).
              -V, --version  Print the version.
                  --home DIR State directory (default $CLAWPAIR_HOME, else $XDG_DATA_HOME/clawpair).

            Exit codes: 0 ok, 1 nothing found, 2 usage, 3 invalid input, 4 unreachable,
            5 trust failure, 6 authorization, 7 environment, 8 internal. See clawpair(1).

            """
        return text
    }
}
