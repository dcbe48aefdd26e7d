/// Parses `argv` against a `CommandSpec`: `--name value`, `--name=value`, `-x value`,
/// bundled short flags (`-hj` style is not needed, so not supported), `--` to end options,
/// and `-` as a positional meaning standard input.
enum ArgumentParser {
    static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var inlineValue: String? = nil
            let option: OptionSpec?
            if argument.hasPrefix("--") {
                var name = Substring(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = name[..<equals]
                }
                option = spec.allOptions.first { $0.name == name }
            } else {
                guard argument.count == 2 else { throw UsageError("unknown option '\(argument)'") }
                option = spec.allOptions.first { $0.short == argument.last }
            }
            guard let option else { throw UsageError("unknown option '\(argument)'" + suggestion(for: argument, in: spec)) }
            guard option.takesValue else {
                guard inlineValue == nil else { throw UsageError("--\(option.name) takes no value") }
                parsed.flags.insert(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError("--\(option.name) needs a value") }
                value = arguments[index]
                index += 1
            }
            parsed.values[option.name, default: []].append(value)
        }
        if parsed.flag("help") { return parsed }
        guard spec.positionals.contains(parsed.positionals.count) else {
            if parsed.positionals.count < spec.positionals.lowerBound { throw UsageError("missing argument") }
            throw UsageError("unexpected argument '\(parsed.positionals[spec.positionals.upperBound])'")
        }
        return parsed
    }

    /// " (did you mean --json?)" when one option is a close spelling of what was typed.
    private static func suggestion(for argument: String, in spec: CommandSpec) -> String {
        let typed = argument.drop(while: { $0 == "-" }).split(separator: "=").first.map(String.init) ?? ""
        let close = spec.allOptions.filter { editDistance($0.name, typed) <= 2 }
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
