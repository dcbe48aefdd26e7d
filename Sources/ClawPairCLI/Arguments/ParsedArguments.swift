import ClawPairKit

/// What the parser found for one command: the options given and the positional arguments.
/// Options are looked up by their ``OptionSpec``; looking up one the command does not
/// declare, or a flag as a value, is a bug and stops a debug build.
struct ParsedArguments: Sendable {
    private(set) var positionals: [String] = []
    private var flags: Set<String> = []
    private var values: [String: [String]] = [:]
    private let declared: [String: OptionSpec.Kind]

    init(declaring options: [OptionSpec]) {
        declared = Dictionary(options.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func record(_ option: OptionSpec, value: String?) {
        if let value { values[option.name, default: []].append(value) } else { flags.insert(option.name) }
    }

    mutating func appendPositional(_ argument: String) { positionals.append(argument) }

    /// Whether the flag was given.
    subscript(_ flag: OptionSpec) -> Bool {
        check(flag, isFlag: true)
        return flags.contains(flag.name)
    }

    /// The last value given for `option`.
    func value(_ option: OptionSpec) -> String? {
        check(option, isFlag: false)
        return values[option.name]?.last
    }

    /// Every value given for a repeatable option, in order.
    func values(_ option: OptionSpec) -> [String] {
        check(option, isFlag: false)
        return values[option.name] ?? []
    }

    /// The value of `option` as an integer in `range`, or a usage error that says so.
    func integer(_ option: OptionSpec, in range: ClosedRange<Int64>) throws(UsageError) -> Int64? {
        guard let text = value(option) else { return nil }
        guard let number = Int64(text), range.contains(number) else {
            throw UsageError("--\(option.name) takes an integer from \(range.lowerBound) to \(range.upperBound), not '\(TerminalText.escape(text))'")
        }
        return number
    }

    /// The value of `option` in seconds (decimals allowed), more than zero unless
    /// `allowingZero`, at most `maximum`; as milliseconds.
    func seconds(_ option: OptionSpec, maximum: Double, allowingZero: Bool = false) throws(UsageError) -> Duration? {
        guard let text = value(option) else { return nil }
        guard let seconds = Double(text), allowingZero ? seconds >= 0 : seconds > 0, seconds <= maximum else {
            // Say whether 0 itself is allowed: "between 0 and 600, not '0'" contradicts itself.
            let range = allowingZero ? "from 0 to \(Int(maximum))" : "more than 0 and at most \(Int(maximum))"
            throw UsageError("--\(option.name) takes seconds \(range), not '\(TerminalText.escape(text))'")
        }
        return .milliseconds(Int64(seconds * 1000))
    }

    private func check(_ option: OptionSpec, isFlag: Bool) {
        assert(declared[option.name] != nil, "--\(option.name) is read but not declared by the command")
        assert(!option.takesValue == isFlag, "--\(option.name) is read as the wrong kind")
    }
}
