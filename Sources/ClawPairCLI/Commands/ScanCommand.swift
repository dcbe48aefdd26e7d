import ClawPairKit

enum ScanCommand: Command {
    static let spec = CommandSpec(
        name: "scan", summary: "Read setup codes from QR code images (PNG, JPEG, PNM).",
        usage: "IMAGE… [--json] [--all] [--show-secrets]", positionals: 1...Int.max,
        options: [.flag("all", "List every QR code in each image, not only the setup code."), .value("now", "MS", "Check expiry against this time (Unix milliseconds)."), .json, .showSecrets],
        discussion: "")
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus { .failure }
}
