/// What a shell offers for an option's value or a positional argument: the row of the
/// command table `clawpair completions` turns into each shell's script.
enum ArgumentCompletion: Sendable, Equatable {
    /// Free text (a setup code, a URL, a number): nothing to offer.
    case text
    /// One of these words (`--log-format text|json`).
    case choices([String])
    case file
    case directory
    /// A registry entry: its stable id or its name, read from the registry when completing.
    case gateway

    /// The kind as the scripts' tables spell it, one word: text, file, directory, gateway,
    /// choices:A,B.
    var scriptWord: String {
        switch self {
        case .text: "text"
        case .file: "file"
        case .directory: "directory"
        case .gateway: "gateway"
        case .choices(let choices): "choices:" + choices.joined(separator: ",")
        }
    }
}
