/// One option of a subcommand: the table row the parser, `--help` and the man page read.
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

    static func flag(_ name: String, short: Character? = nil, _ help: String) -> Self {
        Self(name: name, short: short, kind: .flag, help: help)
    }

    static func value(_ name: String, _ metavar: String, short: Character? = nil, _ help: String) -> Self {
        Self(name: name, short: short, kind: .value(metavar: metavar), help: help)
    }

    static func repeated(_ name: String, _ metavar: String, _ help: String) -> Self {
        Self(name: name, short: nil, kind: .repeated(metavar: metavar), help: help)
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

// MARK: Options every subcommand shares

extension OptionSpec {
    static let help = flag("help", short: "h", "Show this help and exit.")
    static let json = flag("json", "Print one JSON document on stdout (errors too, as {\"error\":{…}}).")
    static let showSecrets = flag("show-secrets", "Print tokens and passwords instead of \"<redacted>\".")
    static let home = value("home", "DIR", "State directory (default $CLAWPAIR_HOME, else $XDG_DATA_HOME/clawpair).")
}
