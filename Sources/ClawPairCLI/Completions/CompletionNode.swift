/// One place on a `clawpair` command line as the completion scripts see it: `clawpair`
/// itself, a group (`gateways`) or a command that runs (`gateways show`), with what may
/// follow it there. Every script is generated from these, so a command added to the table
/// is completed without touching the scripts.
struct CompletionNode: Sendable {
    /// The command names from `clawpair` to here; empty for `clawpair` itself.
    let path: [String]
    /// The names that may follow (commands, subcommands), with their summaries.
    let subcommands: [(name: String, summary: String)]
    /// The options accepted here that a user is offered (hidden plumbing left out).
    let options: [OptionSpec]
    /// What each positional argument completes to.
    let positionals: [ArgumentCompletion]
    /// Whether the last of `positionals` also completes every further argument.
    let repeatsLastPositional: Bool

    /// `gateways show` (empty for `clawpair` itself).
    var pathText: String { path.joined(separator: " ") }

    /// The node as the zsh and fish tables hold it: named lists of words, the option lists
    /// parallel (an option's value kind is `flag` for none, its short form `-` for none).
    var columns: [(name: String, words: [String])] {
        [
            ("subcommands", subcommands.map(\.name)), ("summaries", subcommands.map(\.summary)),
            ("option_names", options.map { "--" + $0.name }),
            ("option_kinds", options.map { $0.takesValue ? $0.completion.scriptWord : "flag" }),
            ("option_helps", options.map(\.help)), ("option_shorts", options.map { $0.short.map { "-\($0)" } ?? "-" }),
            ("positionals", positionalWords),
        ]
    }

    /// Each positional argument's kind, then `...` when the last one repeats.
    var positionalWords: [String] { positionals.map(\.scriptWord) + (repeatsLastPositional ? ["..."] : []) }

    /// What the `index`th positional argument (from 0) completes to.
    func positional(_ index: Int) -> ArgumentCompletion {
        if index < positionals.count { return positionals[index] }
        return repeatsLastPositional ? positionals.last ?? .text : .text
    }

    /// `clawpair` itself and every command and subcommand in `commands`, parents first.
    static func all(_ commands: [CommandSpec]) -> [CompletionNode] {
        // Before a command name only the global options are read, and --version (spec/cli.md).
        let root = CompletionNode(
            path: [], subcommands: commands.map { ($0.name, $0.summary) }, options: OptionSpec.global + [.version], positionals: [],
            repeatsLastPositional: false)
        return [root] + commands.flatMap { nodes($0, under: []) }
    }

    private static func nodes(_ command: CommandSpec, under parent: [String]) -> [CompletionNode] {
        let path = parent + [command.name]
        let node = CompletionNode(
            path: path, subcommands: command.subcommands.map { ($0.name, $0.summary) },
            // Between a group and its subcommand the parser reads the global options too.
            options: command.isGroup ? OptionSpec.global : command.allOptions.filter { !$0.hidden },
            positionals: command.completing,
            repeatsLastPositional: !command.completing.isEmpty && command.positionals.upperBound > command.completing.count)
        return [node] + command.subcommands.flatMap { nodes($0, under: path) }
    }
}

extension OptionSpec {
    /// `clawpair --version`: read by the parser before any command, so in no command's table.
    static let version = OptionSpec(flag: "version", short: "V", help: "Print the version.")
}
