/// A subcommand's name, help text and option table.
struct CommandSpec: Sendable {
    let name: String
    /// One line for the command list.
    let summary: String
    /// The synopsis after `clawpair NAME`.
    let usage: String
    /// Positional arguments allowed.
    let positionals: ClosedRange<Int>
    let options: [OptionSpec]
    /// Paragraphs after the option list: behaviour, exit codes, examples.
    let discussion: String

    /// The options actually accepted: the command's own and the shared ones.
    var allOptions: [OptionSpec] { options + [.home, .help] }

    var helpText: String {
        var text = "\(summary)\n\nUsage: clawpair \(name) \(usage)\n\nOptions:\n"
        let width = allOptions.map(\.label.count).max() ?? 0
        for option in allOptions {
            text += "  " + option.label.padding(to: width) + "  " + option.help + "\n"
        }
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        return text
    }

    var usageLine: String { "Usage: clawpair \(name) \(usage)" }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
