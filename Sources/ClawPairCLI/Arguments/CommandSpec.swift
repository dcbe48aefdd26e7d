/// A command's table — name, help text, options — and either how it runs or its
/// subcommands (`gateways list`), which are specs too, each with its own options and help.
struct CommandSpec: Sendable {
    typealias Runner = @Sendable (ParsedArguments, CommandContext) async throws -> ExitStatus

    let name: String
    /// The names from `clawpair` to this command: `gateways list`.
    private(set) var path: String
    /// One line for the command list.
    let summary: String
    /// The synopsis after `clawpair PATH`.
    let usage: String
    /// Positional arguments allowed.
    let positionals: ClosedRange<Int>
    /// What a shell completes for each positional argument; the last one also for any
    /// further arguments (`scan IMAGE…`), none at all when empty.
    let completing: [ArgumentCompletion]
    let options: [OptionSpec]
    /// Paragraphs after the option list: behaviour, exit codes, examples.
    let discussion: String
    private(set) var subcommands: [CommandSpec]
    /// Validates the arguments and runs; nil for a group of subcommands.
    let runner: Runner?

    /// A command that runs: `command`'s options, then its work.
    init<C: Command>(
        name: String, summary: String, usage: String, positionals: ClosedRange<Int>, completing: [ArgumentCompletion] = [],
        options: [OptionSpec], discussion: String, runs command: C.Type
    ) {
        self.name = name
        path = name
        self.summary = summary
        self.usage = usage
        self.positionals = positionals
        self.completing = completing
        self.options = options
        self.discussion = discussion
        subcommands = []
        runner = { arguments, context in try await C.run(try C.validate(arguments, context), context) }
    }

    /// A group: `clawpair NAME SUBCOMMAND …`.
    init(group name: String, summary: String, usage: String, discussion: String, subcommands: [CommandSpec]) {
        self.name = name
        path = name
        self.summary = summary
        self.usage = usage
        positionals = 0...0
        completing = []
        options = []
        self.discussion = discussion
        self.subcommands = subcommands.map { $0.nested(in: name) }
        runner = nil
    }

    private func nested(in parent: String) -> CommandSpec {
        var copy = self
        copy.path = parent + " " + path
        copy.subcommands = subcommands.map { $0.nested(in: parent) }
        return copy
    }

    var isGroup: Bool { runner == nil }

    /// The options accepted: the command's own, `--no-color` (any command may print an
    /// error in colour) and `--help`.
    var allOptions: [OptionSpec] { isGroup ? [.help] : options + [.noColor, .help] }

    func accepts(_ option: OptionSpec) -> Bool { allOptions.contains { $0.name == option.name } }

    var helpText: String {
        var text = "\(summary)\n\n\(usageLine)\n\n"
        if isGroup {
            text += "Subcommands:\n"
            for subcommand in subcommands {
                text += "  \(subcommand.name) \(subcommand.usage)\n      \(subcommand.summary)\n"
            }
            text += "\nRun 'clawpair \(path) SUBCOMMAND --help' for a subcommand's options.\n"
        } else {
            text += "Options:\n"
            let shown = allOptions.filter { !$0.hidden }
            let width = shown.map(\.label.count).max() ?? 0
            for option in shown {
                text += "  " + option.label.padding(to: width) + "  " + option.help + "\n"
            }
        }
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        return text
    }

    var usageLine: String { "Usage: clawpair \(path) \(usage)" }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
