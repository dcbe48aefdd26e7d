/// One option: the table row the parser, `--help` and the man page read. Commands read
/// what was given through these values (`arguments[.json]`, `arguments.value(.now)`), never
/// by name, so a misspelt option does not compile.
struct OptionSpec: Sendable {
    enum Kind: Sendable {
        /// `--json`
        case flag
        /// `--now MS`: the last occurrence wins.
        case value(metavar: String)
        /// `--domain D`…: every occurrence is kept.
        case repeated(metavar: String)
    }

    let name: String
    let short: Character?
    let kind: Kind
    let help: String
    /// What a shell completes for the value (nothing for a flag).
    let completion: ArgumentCompletion
    /// Accepted and in the man page, but neither in `--help` nor offered by the completion
    /// scripts: the plumbing the scripts themselves call (`completions --gateways`).
    let hidden: Bool

    init(flag name: String, short: Character? = nil, hidden: Bool = false, help: String) {
        self.init(name: name, short: short, kind: .flag, completion: .text, hidden: hidden, help: help)
    }

    init(value name: String, metavar: String, short: Character? = nil, completing completion: ArgumentCompletion = .text, help: String) {
        self.init(name: name, short: short, kind: .value(metavar: metavar), completion: completion, hidden: false, help: help)
    }

    init(repeated name: String, metavar: String, help: String) {
        self.init(name: name, short: nil, kind: .repeated(metavar: metavar), completion: .text, hidden: false, help: help)
    }

    private init(name: String, short: Character?, kind: Kind, completion: ArgumentCompletion, hidden: Bool, help: String) {
        self.name = name
        self.short = short
        self.kind = kind
        self.help = help
        self.completion = completion
        self.hidden = hidden
    }

    /// `-o, --output FILE` as help shows it.
    var label: String {
        var text = short.map { "-\($0), " } ?? "    "
        text += "--\(name)"
        switch kind {
        case .flag: break
        case .value(let metavar), .repeated(let metavar): text += " \(metavar)"
        }
        return text
    }

    var takesValue: Bool {
        if case .flag = kind { return false }
        return true
    }
}

// MARK: Options several commands share

extension OptionSpec {
    static let help = OptionSpec(flag: "help", short: "h", help: "Show this help and exit.")
    static let json = OptionSpec(flag: "json", help: "Print one JSON document on stdout (errors too, as {\"error\":{…}}).")
    static let showSecrets = OptionSpec(flag: "show-secrets", help: "Print tokens and passwords instead of \"<redacted>\".")
    static let home = OptionSpec(value: "home", metavar: "DIR", completing: .directory, help: "State directory (default $CLAWPAIR_HOME, else $XDG_DATA_HOME/clawpair).")
    static let noColor = OptionSpec(flag: "no-color", help: "Never colour the output (as NO_COLOR does).")
    /// decode and scan: the clock for expiry checks.
    static let now = OptionSpec(value: "now", metavar: "MS", help: "Check expiry against this time (Unix milliseconds) instead of the clock.")

    /// What may also stand before the command name (`clawpair --json browse`): it means the
    /// same as after it, so the command must accept it.
    static let global: [OptionSpec] = [.help, .home, .json, .noColor, .showSecrets]
}
