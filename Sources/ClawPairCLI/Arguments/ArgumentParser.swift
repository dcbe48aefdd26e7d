import ClawPairKit

/// The one parser of `clawpair`'s command line, written here because the package takes no
/// outside dependencies (no swift-argument-parser). Every command, subcommands included, is a
/// ``CommandSpec`` it reads the same way, so options behave alike everywhere and `--help`,
/// the man page test and the parser share one table. It walks the table down to the command
/// (`gateways` → `list`), then reads that command's options: `--name value`,
/// `--name=value`, `-x value`, `--` to end options, `-` as a positional meaning standard
/// input. Bundled short flags (`-hj`) are not needed, so not supported.
///
/// The shared options of ``OptionSpec/global`` may also stand before the command name (or
/// between a group and its subcommand): `clawpair --json browse` is `clawpair browse --json`.
/// Either way the command must declare them, so an option a command would ignore is a usage
/// error rather than silently dropped.
enum ArgumentParser {
    /// What the command line asks for.
    enum Request: Sendable {
        /// The command list: on stdout when asked for (`--help`), on stderr with exit 2 when
        /// no command was named.
        case overview(asked: Bool)
        case version
        case help(CommandSpec)
        case run(CommandSpec, ParsedArguments)
    }

    /// A usage mistake, with the command it was made in once that is known.
    struct Failure: Error, Sendable {
        let error: UsageError
        let command: CommandSpec?
    }

    static func parse(_ arguments: [String], commands: [CommandSpec]) throws(Failure) -> Request {
        var index = 0
        var leading: [(OptionSpec, String?)] = []
        var command: CommandSpec? = nil
        var helpWord = false
        // Names (and the global options among them) down to a command that runs.
        while index < arguments.count, command?.isGroup ?? true {
            let argument = arguments[index]
            index += 1
            if command == nil, argument == "--version" || argument == "-V" { return .version }
            if argument.hasPrefix("-"), argument != "-", argument != "--" {
                do {
                    leading.append(try readOption(argument, arguments, &index, among: OptionSpec.global))
                } catch {
                    let known = allSpecs(commands).contains { $0.allOptions.contains { "--" + $0.name == optionName(argument) } }
                    let place = command == nil ? "command" : "subcommand"
                    let message = known ? "\(TerminalText.escape(optionName(argument))) is not a global option: put it after the \(place)" : error.message
                    throw Failure(error: UsageError(message), command: command)
                }
                continue
            }
            if command == nil, argument == "help", !helpWord {
                helpWord = true
                continue
            }
            let choices = command?.subcommands ?? commands
            guard let found = choices.first(where: { $0.name == argument }) else {
                throw Failure(error: unknownName(argument, choices: choices, group: command), command: command)
            }
            command = found
        }
        let asksHelp = helpWord || leading.contains { $0.0.name == OptionSpec.help.name }
        guard let command else {
            if asksHelp || leading.isEmpty { return .overview(asked: asksHelp) }
            throw Failure(error: UsageError("missing command"), command: nil)
        }
        if command.isGroup {
            if asksHelp { return .help(command) }
            let names = command.subcommands.map(\.name).joined(separator: ", ")
            throw Failure(error: UsageError("missing subcommand; expected one of \(names)"), command: command)
        }

        var parsed = ParsedArguments(declaring: command.allOptions)
        for (option, value) in leading {
            guard command.accepts(option) else {
                throw Failure(error: UsageError("--\(option.name) does not apply to '\(command.path)'"), command: command)
            }
            parsed.record(option, value: value)
        }
        do {
            try readCommandArguments(arguments[index...], into: &parsed, for: command, all: commands)
        } catch {
            throw Failure(error: error, command: command)
        }
        if helpWord || parsed[.help] { return .help(command) }
        guard command.positionals.contains(parsed.positionals.count) else {
            if parsed.positionals.count < command.positionals.lowerBound {
                throw Failure(error: UsageError("missing argument"), command: command)
            }
            let extra = TerminalText.escape(parsed.positionals[command.positionals.upperBound])
            throw Failure(error: UsageError("unexpected argument '\(extra)'"), command: command)
        }
        return .run(command, parsed)
    }

    /// The options and positionals after the command's name.
    private static func readCommandArguments(
        _ arguments: ArraySlice<String>, into parsed: inout ParsedArguments, for command: CommandSpec, all commands: [CommandSpec]
    ) throws(UsageError) {
        let arguments = Array(arguments)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.appendPositional(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            do {
                let (option, value) = try readOption(argument, arguments, &index, among: command.allOptions)
                parsed.record(option, value: value)
            } catch {
                // Another command's option reads better as "not here" than as a typo.
                let name = optionName(argument)
                if allSpecs(commands).contains(where: { $0.allOptions.contains { "--" + $0.name == name } }),
                    !command.allOptions.contains(where: { "--" + $0.name == name })
                {
                    throw UsageError("\(TerminalText.escape(name)) does not apply to '\(command.path)'")
                }
                throw error
            }
        }
    }

    /// One option at `arguments[index - 1]` among `options`, and its value (the rest of
    /// `--name=value`, else the next argument, which `index` then passes).
    private static func readOption(
        _ argument: String, _ arguments: [String], _ index: inout Int, among options: [OptionSpec]
    ) throws(UsageError) -> (OptionSpec, String?) {
        var inlineValue: String? = nil
        let option: OptionSpec?
        if argument.hasPrefix("--") {
            var name = Substring(argument.dropFirst(2))
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = name[..<equals]
            }
            option = options.first { $0.name == name }
        } else {
            guard argument.count == 2 else { throw UsageError("unknown option '\(TerminalText.escape(argument))'") }
            option = options.first { $0.short == argument.last }
        }
        guard let option else {
            throw UsageError("unknown option '\(TerminalText.escape(argument))'" + suggestion(for: argument, among: options))
        }
        guard option.takesValue else {
            guard inlineValue == nil else { throw UsageError("--\(option.name) takes no value") }
            return (option, nil)
        }
        if let inlineValue { return (option, inlineValue) }
        guard index < arguments.count else { throw UsageError("--\(option.name) needs a value") }
        index += 1
        return (option, arguments[index - 1])
    }

    /// `--name` of `--name=value`.
    private static func optionName(_ argument: String) -> String {
        String(argument.split(separator: "=", maxSplits: 1).first ?? "")
    }

    /// Every spec in the table, subcommands included.
    private static func allSpecs(_ commands: [CommandSpec]) -> [CommandSpec] {
        commands.flatMap { [$0] + allSpecs($0.subcommands) }
    }

    private static func unknownName(_ name: String, choices: [CommandSpec], group: CommandSpec?) -> UsageError {
        let close = choices.map(\.name).filter { editDistance($0, name) <= 2 }
        let escaped = TerminalText.escape(name)
        guard group != nil else { return UsageError("unknown command '\(escaped)'" + (close.first.map { " (did you mean '\($0)'?)" } ?? "")) }
        return UsageError(
            "unknown subcommand '\(escaped)'" + (close.first.map { " (did you mean '\($0)'?)" } ?? "")
                + "; expected one of \(choices.map(\.name).joined(separator: ", "))")
    }

    /// " (did you mean --json?)" when one option is a close spelling of what was typed.
    private static func suggestion(for argument: String, among options: [OptionSpec]) -> String {
        let typed = argument.drop(while: { $0 == "-" }).split(separator: "=").first.map(String.init) ?? ""
        let close = options.filter { editDistance($0.name, typed) <= 2 }
        guard let best = close.first, !typed.isEmpty else { return "" }
        return " (did you mean --\(best.name)?)"
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1]
            for (j, cb) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
