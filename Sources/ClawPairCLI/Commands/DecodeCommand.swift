import ClawPairKit

/// `clawpair decode [TEXT | -]`: a setup code, link, pasted message or URL, validated.
enum DecodeCommand: Command {
    static let spec = CommandSpec(
        name: "decode",
        summary: "Decode and check a setup code, oc-pair:// or openclaw:// link, pasted message or gateway URL.",
        usage: "[TEXT | -] [--now MS] [--json] [--show-secrets]",
        positionals: 0...1,
        options: [
            .value("now", "MS", "Check expiry against this time (Unix milliseconds) instead of the clock."),
            .json, .showSecrets,
        ],
        discussion: """
            With no TEXT, or with -, the input is read from standard input, so a code never has
            to appear in the shell history: `wl-paste | clawpair decode`.

            Exit status: 0 when the input is a valid setup code, link or URL; 3 when it is
            malformed (SETUP_CODE_INVALID), expired (SETUP_CODE_EXPIRED), a plaintext ws:// URL
            to a non-local host (SETUP_CODE_INSECURE_URL), or carries a bad certificate pin
            (SETUP_CODE_BAD_FINGERPRINT, SETUP_CODE_FINGERPRINT_WITHOUT_TLS).
            """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let now = try arguments.integer("now", in: 0...Int64.max) ?? context.console.nowMs()
        let input: String
        if let text = arguments.positionals.first, text != "-" {
            input = text
        } else {
            input = String(decoding: try context.console.readStdin(SetupCodeReader.maximumInputBytes + 1), as: UTF8.self)
        }
        let code = try SetupCodeReader.read(input, nowMs: now)
        let rendering = SetupCodeRendering(code: code, showSecrets: arguments.flag("show-secrets"), nowMs: now)
        if context.json {
            context.printJSON(rendering.json)
        } else {
            context.console.print(rendering.text(style: context.style))
        }
        return .success
    }
}
