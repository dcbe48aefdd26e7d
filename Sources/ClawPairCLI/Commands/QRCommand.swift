import ClawPairKit

enum QRCommand: Command {
    static let spec = CommandSpec(
        name: "qr", summary: "Render a setup code (or any text) as a QR code.",
        usage: "[TEXT | -] [--format terminal|png|svg] [--output FILE] [--invert] [--margin N]", positionals: 0...1,
        options: [], discussion: "")
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus { .failure }
}
