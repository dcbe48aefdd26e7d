import ClawPairKit

/// How a failed command reports: `{"error":{code,message,remedy}}` on stdout with `--json`
/// (spec/cli.md, "JSON"), otherwise "clawpair CMD: error: …" and a hint on stderr.
enum ErrorRendering {
    static func json(code: String, message: String, remedy: String?) -> JSONValue {
        var error: [(String, JSONValue)] = [("code", .string(code)), ("message", .string(message))]
        if let remedy { error.append(("remedy", .string(remedy))) }
        return ["error": .object(error)]
    }

    static func json(_ error: ClawPairError) -> JSONValue {
        json(code: error.code.rawValue, message: error.message, remedy: error.remedy)
    }

    static func text(command: String, _ error: ClawPairError, style: Style) -> String {
        var text = "clawpair \(command): \(style.red("error")): \(TerminalText.escape(error.message))\n"
        if let remedy = error.remedy { text += "  hint: \(TerminalText.escape(remedy))\n" }
        return text
    }
}
