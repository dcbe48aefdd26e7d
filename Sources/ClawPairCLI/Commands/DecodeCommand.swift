import ClawPairKit

/// `clawpair decode [TEXT | -]`: a setup code, link, pasted message or URL, validated.
enum DecodeCommand: Command {
    static let spec = CommandSpec(
        name: "decode",
        summary: "Decode and check a setup code, oc-pair:// or openclaw:// link, pasted message or gateway URL.",
        usage: "[TEXT | -] [--now MS] [--json] [--show-secrets]",
        positionals: 0...1,
        options: [.now, .json, .showSecrets],
        discussion: """
            With no TEXT, or with -, the input is read from standard input, so a code never has
            to appear in the shell history: `wl-paste | clawpair decode`. From a terminal it first
            says "paste the code, then Ctrl-D".

            Exit status: 0 when the input is a valid setup code, link or URL; 3 when it is
            malformed (SETUP_CODE_INVALID), expired (SETUP_CODE_EXPIRED), a plaintext ws:// URL
            to a non-local host (SETUP_CODE_INSECURE_URL), or carries a bad certificate pin
            (SETUP_CODE_BAD_FINGERPRINT, SETUP_CODE_FINGERPRINT_WITHOUT_TLS).
            """,
        runs: Self.self)

    struct Options: Sendable {
        /// nil: standard input.
        let text: String?
        let nowMs: Int64
        let showSecrets: Bool
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        Options(
            text: arguments.positionals.first.flatMap { $0 == "-" ? nil : $0 },
            nowMs: try arguments.integer(.now, in: 0...Int64.max) ?? context.console.nowMs(), showSecrets: arguments[.showSecrets])
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        let now = options.nowMs
        let input = try options.text ?? context.console.readPastedCode(command: "decode")
        let code = try SetupCodeReader.read(input, nowMs: now)
        let rendering = SetupCodeRendering(code: code, showSecrets: options.showSecrets, nowMs: now)
        if context.json {
            context.printJSON(rendering.json)
        } else {
            context.console.print(rendering.text(style: context.style))
        }
        return .success
    }
}
