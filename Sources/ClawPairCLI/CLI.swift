import ClawPairKit

/// Entry point of the command-line tool; `main.swift` calls `run` and exits with its status.
public enum CLI {
    /// Every command, in the order `--help` lists them.
    static let commands: [CommandSpec] = [
        BrowseCommand.spec, ResolveCommand.spec, ProbeCommand.spec, DoctorCommand.spec, DecodeCommand.spec, ScanCommand.spec, QRCommand.spec,
        PairCommand.spec, GatewaysCommand.spec, AccessCommand.spec, DaemonCommand.spec, StatusCommand.spec, SimCommand.spec,
        CompletionsCommand.spec,
    ]

    public static func run(_ arguments: [String], console: Console = .process) async -> Int32 {
        await dispatch(arguments, console: console, testHooks: CLITestHooks()).rawValue
    }

    /// `run` with seams that only test executables use.
    package static func run(_ arguments: [String], console: Console, testHooks: CLITestHooks) async -> Int32 {
        await dispatch(arguments, console: console, testHooks: testHooks).rawValue
    }

    /// Colour is allowed unless `NO_COLOR` is set to a non-empty value (no-color.org: an empty
    /// one does not count) or the terminal is `dumb`, which understands no escape sequences.
    static func colorAllowed(_ environment: [String: String]) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    static func dispatch(_ arguments: [String], console: Console, testHooks: CLITestHooks) async -> ExitStatus {
        let request: ArgumentParser.Request
        do {
            request = try ArgumentParser.parse(arguments, commands: commands)
        } catch {
            // Parsing failed before the options are known, but a script asking for JSON
            // still gets its error as JSON.
            let json = arguments.prefix { $0 != "--" }.contains("--json")
            reportUsage(error.error, command: error.command, json: json, console: console)
            return .usage
        }
        let command: CommandSpec, parsed: ParsedArguments
        switch request {
        case .version:
            console.print("clawpair \(ClawPairVersion.current)\n")
            return .success
        case .overview(let asked):
            if asked { console.print(overview) } else { console.printError(overview) }
            return asked ? .success : .usage
        case .help(let spec):
            console.print(spec.helpText)
            return .success
        case .run(let spec, let arguments):
            (command, parsed) = (spec, arguments)
        }
        let context = CommandContext(
            console: console, json: command.accepts(.json) && parsed[.json],
            colorAllowed: Self.colorAllowed(console.environment) && !parsed[.noColor], testHooks: testHooks)
        do {
            guard let runner = command.runner else { throw ClawPairError(.internalError, "\(command.path) does not run") }
            return try await runner(parsed, context)
        } catch let error as UsageError {
            reportUsage(error, command: command, json: context.json, console: console)
            return .usage
        } catch let error as ClawPairError {
            if context.json {
                context.printJSON(ErrorRendering.json(error))
            } else {
                console.printError(ErrorRendering.text(command: command.path, error, style: context.errorStyle))
            }
            return ExitStatus(error.code.category)
        } catch {
            let wrapped = ClawPairError(.internalError, "unexpected error: \(error)")
            if context.json { context.printJSON(ErrorRendering.json(wrapped)) } else { console.printError("clawpair: \(wrapped.message)\n") }
            return .failure
        }
    }

    /// A usage mistake on stderr (and as JSON on stdout with `--json`): the command's
    /// synopsis when the command is known, else the way to the command list.
    private static func reportUsage(_ error: UsageError, command: CommandSpec?, json: Bool, console: Console) {
        if json {
            let remedy = command?.usageLine ?? "Run 'clawpair --help' for the list of commands."
            let document = ErrorRendering.json(code: ClawPairError.Code.usage.rawValue, message: error.message, remedy: remedy)
            console.print(document.serialized(pretty: console.stdoutIsTerminal) + "\n")
        }
        guard let command else {
            console.printError("clawpair: \(error.message)\nRun 'clawpair --help' for the list of commands.\n")
            return
        }
        console.printError("clawpair \(command.path): \(error.message)\n\(command.usageLine)\nRun 'clawpair \(command.path) --help' for more.\n")
    }

    static var overview: String {
        let width = commands.map(\.name.count).max() ?? 0
        var text = """
            clawpair — find, diagnose and pair with OpenClaw gateways

            Usage: clawpair [global options] <command> [options]
                   clawpair help <command>

            Commands:

            """
        for command in commands {
            text += "  " + command.name.padding(to: width) + "  " + command.summary + "\n"
        }
        text += """

            Global options (before or after the command name; a command that does not use one
            refuses it):
              -h, --help          Show help (also after a command).
              -V, --version       Print the version.
                  --home DIR      State directory (default $CLAWPAIR_HOME, else $XDG_DATA_HOME/clawpair).
                  --json          Print one JSON document on stdout, errors included.
                  --no-color      Never colour the output (as NO_COLOR does).
                  --show-secrets  Print tokens and passwords instead of "<redacted>".

            Exit codes: 0 ok, 1 nothing found, 2 usage, 3 invalid input, 4 unreachable,
            5 trust failure, 6 authorization, 7 environment, 8 internal. See clawpair(1).

            """
        return text
    }
}
