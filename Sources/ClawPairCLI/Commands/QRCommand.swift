import ClawPairKit

/// `clawpair qr [TEXT | -]`: a setup code (or any text) as a QR code in the terminal, PNG or SVG.
enum QRCommand: Command {
    static let spec = CommandSpec(
        name: "qr",
        summary: "Render a setup code (or any text) as a QR code.",
        usage: "[TEXT | -] [--format terminal|png|svg] [--output FILE] [--invert] [--margin N] [--level L|M|Q|H] [--scale N]",
        positionals: 0...1,
        options: [
            .value("format", "FORMAT", "terminal (default), png or svg."),
            .value("output", "FILE", short: "o", "Write to FILE (mode 0600: a setup code is a secret); - for stdout."),
            .flag("invert", "Swap dark and light (terminal: for light themes without colour; png/svg: light on dark)."),
            .value("margin", "N", "Quiet zone in modules (default 2 in a terminal, 4 in png/svg)."),
            .value("level", "L|M|Q|H", "Error correction level (default M)."),
            .value("scale", "N", "Pixels per module in png/svg (default 8)."),
            .json,
        ],
        discussion: """
            With no TEXT, or with -, the text is read from standard input (one trailing newline is
            dropped), so a setup code stays out of the shell history: `openclaw qr --json | jq -r
            .setupCode | clawpair qr`.

            In a terminal with colour allowed the code is painted black on white, readable on
            dark and light themes alike. Without colour (NO_COLOR, or not a terminal) light
            modules are drawn as blocks, which reads right on a dark theme; use --invert on a
            light one. png and svg need --output.

            With --json and --output FILE, prints {file, format, level, version, modules}
            after writing; errors are JSON objects as for every command.
            """)

    /// Past this, scanners struggle and files get silly; the renderers cap pixels too.
    static let maximumScale: Int64 = 64
    static let maximumMargin: Int64 = 64
    /// Far above what a QR code holds (2953 bytes at level L): enough to say "too long"
    /// with the real count, without reading an endless stream.
    static let maximumInputBytes = 64 * 1024

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let format = arguments.value("format") ?? "terminal"
        guard ["terminal", "png", "svg"].contains(format) else {
            throw UsageError("--format must be terminal, png or svg, not '\(format)'")
        }
        let output = arguments.value("output")
        if format != "terminal", output == nil {
            throw UsageError("--format \(format) needs --output FILE (or --output - for stdout)")
        }
        let level = try parseLevel(arguments.value("level"))
        let margin = try arguments.integer("margin", in: 0...maximumMargin).map(Int.init) ?? (format == "terminal" ? 2 : 4)
        let scale = try arguments.integer("scale", in: 1...maximumScale).map(Int.init) ?? 8
        let invert = arguments.flag("invert")

        var text: [UInt8]
        if let given = arguments.positionals.first, given != "-" {
            text = Array(given.utf8)
        } else {
            text = try context.console.readStdin(maximumInputBytes)
            if text.last == UInt8(ascii: "\n") { text.removeLast() }
            if text.last == UInt8(ascii: "\r") { text.removeLast() }
        }
        let matrix = try QRMatrix(encoding: text, level: level)

        let rendered: [UInt8]
        switch format {
        case "png":
            rendered = try QRPNGRenderer().render(matrix, scale: scale, margin: margin, invert: invert)
        case "svg":
            rendered = Array(QRSVGRenderer().render(matrix, margin: margin, invert: invert, scale: scale).utf8)
        default:
            let colored = output == nil && context.console.useColor
            rendered = Array(QRTerminalRenderer(style: colored ? .ansiColor : .plain).render(matrix, margin: margin, invert: invert).utf8)
        }
        if let output, output != "-" {
            try FileIO.writeFile(rendered, to: output, mode: 0o600)
            if context.json {
                context.printJSON([
                    "file": .string(output), "format": .string(format), "level": .string(level.rawValue),
                    "version": .integer(Int64(matrix.version)), "modules": .integer(Int64(matrix.size)),
                ])
            }
        } else {
            context.console.writeStdout(rendered)
        }
        return .success
    }

    private static func parseLevel(_ text: String?) throws(UsageError) -> QRErrorCorrection {
        switch text?.uppercased() {
        case nil, "M": .medium
        case "L": .low
        case "Q": .quartile
        case "H": .high
        default: throw UsageError("--level must be L, M, Q or H, not '\(text ?? "")'")
        }
    }
}
