/// The shells `clawpair completions` writes a script for.
enum CompletionShell: String, Sendable, CaseIterable {
    case bash, zsh, fish

    /// The script, generated from `commands` (the CLI's table).
    func script(for commands: [CommandSpec]) -> String {
        let nodes = CompletionNode.all(commands)
        switch self {
        case .bash: return BashCompletionScript.text(nodes)
        case .zsh: return ZshCompletionScript.text(nodes)
        case .fish: return FishCompletionScript.text(nodes)
        }
    }
}
