import ClawPairKit

/// `clawpair qr [TEXT | -]`: a setup code (or any text) as a QR code in the terminal, PNG or SVG.
enum QRCommand: Command {
    static let spec = CommandSpec(
        name: "qr",
        summary: "Render a setup code (or any text) as a QR code.",
        usage: "[TEXT | -] [--format terminal|png|svg] [--output FILE] [--invert] [--margin N] [--level L|M|Q|H] [--scale N]",
        positionals: 0...1,
        options: [.format, .output, .invert, .margin, .level, .scale, .json],
        discussion: """
            With no TEXT, or with -, the text is read from standard input (one trailing newline is
            dropped), so a setup code stays out of the shell history: `openclaw qr --json | jq -r
            .setupCode | clawpair qr`.

            In a terminal with colour allowed the code is painted black on white, readable on
            dark and light themes alike. Without colour (NO_COLOR, or not a terminal) light
            modules are drawn as blocks, which reads right on a dark theme; use --invert on a
            light one. png and svg need --output.

            With --json and --output FILE, prints {file, format, level, version, modules}
            after writing; without --output, prints {format, level, version, modules, rows}
            instead of the picture, rows the code's modules top to bottom as strings of 1
            (dark) and 0 (light), quiet zone excluded. Errors are JSON objects as for every
            command.
            """,
        runs: Self.self)

    /// Past this, scanners struggle and files get silly; the renderers cap pixels too.
    static let maximumScale: Int64 = 64
    static let maximumMargin: Int64 = 64
    /// Far above what a QR code holds (2953 bytes at level L): enough to say "too long"
    /// with the real count, without reading an endless stream.
    static let maximumInputBytes = 64 * 1024

    enum Format: String, Sendable, CaseIterable {
        case terminal, png, svg
    }

    struct Options: Sendable {
        /// nil: standard input.
        let text: String?
        let format: Format
        /// nil: stdout; `-` too.
        let output: String?
        let level: QRErrorCorrection
        let margin: Int
        let scale: Int
        let invert: Bool
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        let formatText = arguments.value(.format) ?? "terminal"
        guard let format = Format(rawValue: formatText) else {
            throw UsageError("--format must be terminal, png or svg, not '\(TerminalText.escape(formatText))'")
        }
        let output = arguments.value(.output)
        if format != .terminal, output == nil {
            throw UsageError("--format \(format.rawValue) needs --output FILE (or --output - for stdout)")
        }
        return Options(
            text: arguments.positionals.first.flatMap { $0 == "-" ? nil : $0 }, format: format, output: output,
            level: try parseLevel(arguments.value(.level)),
            margin: try arguments.integer(.margin, in: 0...maximumMargin).map(Int.init) ?? (format == .terminal ? 2 : 4),
            scale: try arguments.integer(.scale, in: 1...maximumScale).map(Int.init) ?? 8, invert: arguments[.invert])
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        var text: [UInt8]
        if let given = options.text {
            text = Array(given.utf8)
        } else {
            text = try context.console.readStdin(maximumInputBytes)
            if text.last == UInt8(ascii: "\n") { text.removeLast() }
            if text.last == UInt8(ascii: "\r") { text.removeLast() }
        }
        let matrix = try QRMatrix(encoding: text, level: options.level)

        if context.json && (options.output == nil || options.output == "-") {
            // --json to standard output (a terminal or a pipe): the code as data, not a picture.
            let rows = (0..<matrix.size).map { y in JSONValue.string(String((0..<matrix.size).map { matrix.isDark(x: $0, y: y) ? "1" : "0" })) }
            context.printJSON([
                "format": .string(options.format.rawValue), "level": .string(options.level.rawValue),
                "version": .integer(Int64(matrix.version)), "modules": .integer(Int64(matrix.size)), "rows": .array(rows),
            ])
            return .success
        }

        let rendered: [UInt8]
        switch options.format {
        case .png:
            rendered = try QRPNGRenderer().render(matrix, scale: options.scale, margin: options.margin, invert: options.invert)
        case .svg:
            rendered = Array(QRSVGRenderer().render(matrix, margin: options.margin, invert: options.invert, scale: options.scale).utf8)
        case .terminal:
            let colored = options.output == nil && context.console.stdoutIsTerminal && context.colorAllowed
            rendered = Array(QRTerminalRenderer(style: colored ? .ansiColor : .plain).render(matrix, margin: options.margin, invert: options.invert).utf8)
        }
        if let output = options.output, output != "-" {
            try FileIO.writeFile(rendered, to: output, mode: 0o600)
            if context.json {
                context.printJSON([
                    "file": .string(output), "format": .string(options.format.rawValue), "level": .string(options.level.rawValue),
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
        default: throw UsageError("--level must be L, M, Q or H, not '\(TerminalText.escape(text ?? ""))'")
        }
    }
}

extension OptionSpec {
    fileprivate static let format = OptionSpec(
        value: "format", metavar: "FORMAT", completing: .choices(QRCommand.Format.allCases.map(\.rawValue)), help: "terminal (default), png or svg.")
    fileprivate static let output = OptionSpec(
        value: "output", metavar: "FILE", short: "o", completing: .file, help: "Write to FILE (mode 0600: a setup code is a secret); - for stdout.")
    fileprivate static let invert = OptionSpec(
        flag: "invert", help: "Swap dark and light (terminal: for light themes without colour; png/svg: light on dark).")
    fileprivate static let margin = OptionSpec(value: "margin", metavar: "N", help: "Quiet zone in modules (default 2 in a terminal, 4 in png/svg).")
    fileprivate static let level = OptionSpec(
        value: "level", metavar: "L|M|Q|H", completing: .choices(["L", "M", "Q", "H"]), help: "Error correction level (default M).")
    fileprivate static let scale = OptionSpec(value: "scale", metavar: "N", help: "Pixels per module in png/svg (default 8).")
}
