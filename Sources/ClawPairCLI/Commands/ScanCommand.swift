import ClawPairKit

/// `clawpair scan IMAGE…`: QR codes in pictures, and the setup code among them.
enum ScanCommand: Command {
    static let spec = CommandSpec(
        name: "scan",
        summary: "Read setup codes from QR code images (PNG, JPEG, PNM).",
        usage: "IMAGE… [--all] [--now MS] [--json] [--show-secrets]",
        positionals: 1...Int.max, completing: [.file],
        options: [.all, .now, .json, .showSecrets],
        discussion: """
            IMAGE - reads standard input. scan first reads the code itself (finder patterns,
            the module grid head-on or at an angle, its own Reed-Solomon decoder), in both
            polarities, mirrored and after a median filter, so screenshots of dark-mode apps and
            photos taken at an angle work without zbar. When that finds nothing, zbar scans the
            image and retries it inverted, mirrored, rotated, rescaled, contrast-stretched,
            binarised and rectified, cheapest per code found first, at most 15 zbar passes per
            image.

            JSON: an array, one object per image: {file, codes:[{text, setupCode | error}]}.
            A code's text is "<redacted>" when it carries a secret, valid or rejected, unless
            --show-secrets.

            Exit status: 0 when every image held a setup code; 1 when an image held no QR code;
            3 when an image could not be read or none of its codes is a valid setup code (with
            --all too: it lists more, the status stays). With several images the most serious
            outcome wins.
            """,
        runs: Self.self)

    struct Options: Sendable {
        /// `-` is standard input.
        let paths: [String]
        let listAll: Bool
        let nowMs: Int64
        let showSecrets: Bool
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        let paths = arguments.positionals
        guard paths.filter({ $0 == "-" }).count <= 1 else { throw UsageError("standard input (-) can be read only once") }
        return Options(
            paths: paths, listAll: arguments[.all], nowMs: try arguments.integer(.now, in: 0...Int64.max) ?? context.console.nowMs(),
            showSecrets: arguments[.showSecrets])
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        let now = options.nowMs
        let paths = options.paths

        context.progress("scanning \(paths.count) image\(paths.count == 1 ? "" : "s")…\r")
        let files = paths.filter { $0 != "-" }
        var fileResults = await QRScanner.scanFiles(files)[...]
        var results: [Result<[QRSymbol], ClawPairError>] = []
        for path in paths {
            if path == "-" {
                do throws(ClawPairError) {
                    let bytes = try context.console.readStdin(FileIO.maximumReadBytes)
                    results.append(.success(try await QRScanner.scan(imageBytes: bytes, lanes: QRScanner.defaultConcurrency)))
                } catch {
                    results.append(.failure(error))
                }
            } else {
                results.append(fileResults.removeFirst())
            }
        }
        context.progress(String(repeating: " ", count: 40) + "\r")

        let showSecrets = options.showSecrets
        let reports = zip(paths, results).map { path, result in
            ImageReport(file: path == "-" ? "<stdin>" : path, result: result, listAll: options.listAll, nowMs: now)
        }
        if context.json {
            context.printJSON(.array(reports.map { $0.json(showSecrets: showSecrets, nowMs: now) }))
        } else {
            let text = reports.map { $0.text(style: context.style, showSecrets: showSecrets, nowMs: now) }.joined(separator: "\n")
            context.console.print(text)
        }
        return reports.map(\.status).reduce(ExitStatus.success) { $0.worse($1) }
    }
}

extension OptionSpec {
    fileprivate static let all = OptionSpec(flag: "all", help: "List every QR code in each image, not only the setup code.")
}

/// What one image yielded: its codes, each decoded as a setup code where it is one.
private struct ImageReport {
    struct Code {
        let symbol: QRSymbol
        let decoded: Result<SetupCode, ClawPairError>
    }

    let file: String
    let codes: [Code]
    let readError: ClawPairError?

    init(file: String, result: Result<[QRSymbol], ClawPairError>, listAll: Bool, nowMs: Int64) {
        self.file = file
        switch result {
        case .failure(let error):
            readError = error
            codes = []
        case .success(let symbols):
            readError = nil
            let all = symbols.map { symbol in
                Code(symbol: symbol, decoded: Result { () throws(ClawPairError) in
                    guard let text = symbol.text else {
                        throw ClawPairError(.setupCodeInvalid, "the QR code holds binary data, not text")
                    }
                    return try SetupCodeReader.read(text, nowMs: nowMs)
                })
            }
            // The setup code wins; if there is none, the first code explains why. It decides the
            // exit status, so --all changes what is listed, not the verdict.
            verdict = all.first { if case .success = $0.decoded { true } else { false } } ?? all.first
            codes = listAll ? all : [verdict].compactMap { $0 }
        }
    }

    /// The code the image is judged by.
    private var verdict: Code?

    var status: ExitStatus {
        if let readError { return ExitStatus(readError.code.category) }
        guard let verdict else { return .notFound }
        if case .failure(let error) = verdict.decoded { return ExitStatus(error.code.category) }
        return .success
    }

    func json(showSecrets: Bool, nowMs: Int64) -> JSONValue {
        var members: [(String, JSONValue)] = [("file", .string(file))]
        if let readError {
            members.append(("codes", []))
            members.append(("error", ErrorRendering.json(readError)["error"] ?? .null))
            return .object(members)
        }
        members.append((
            "codes",
            .array(codes.map { code in
                var entry: [(String, JSONValue)] = [("text", .string(visibleText(code, showSecrets: showSecrets)))]
                switch code.decoded {
                case .success(let setupCode):
                    entry.append(("setupCode", SetupCodeRendering(code: setupCode, showSecrets: showSecrets, nowMs: nowMs).json))
                case .failure(let error):
                    entry.append(("error", ["code": .string(error.code.rawValue), "message": .string(error.message)]))
                }
                entry.append(("foundBy", .string(code.symbol.strategy)))
                return .object(entry)
            })
        ))
        if codes.isEmpty {
            members.append(("error", ["code": .string(ClawPairError.Code.qrNotFound.rawValue), "message": "no QR code found"]))
        }
        return .object(members)
    }

    func text(style: Style, showSecrets: Bool, nowMs: Int64) -> String {
        let name = TerminalText.escape(file)
        if let readError {
            var text = "\(name): \(style.red("error")): \(TerminalText.escape(readError.message))\n"
            if let remedy = readError.remedy { text += "  hint: \(TerminalText.escape(remedy))\n" }
            return text
        }
        guard !codes.isEmpty else {
            return "\(name): no QR code found\n  hint: crop to the code, or photograph it straight on with more light\n"
        }
        var text = ""
        for code in codes {
            let how = code.symbol.strategy == "direct" ? "" : style.dim(" (found \(code.symbol.strategy))")
            switch code.decoded {
            case .success(let setupCode):
                text += "\(name):\(how)\n"
                text += SetupCodeRendering(code: setupCode, showSecrets: showSecrets, nowMs: nowMs).text(style: style, indent: "  ")
            case .failure(let error):
                text += "\(name): QR code\(how): \(TerminalText.escape(visibleText(code, showSecrets: showSecrets)))\n"
                text += "  not a setup code: \(TerminalText.escape(error.message))\n"
            }
        }
        return text
    }

    /// The raw text, unless it spells a secret, accepted or rejected alike (decode's rule).
    private func visibleText(_ code: Code, showSecrets: Bool) -> String {
        guard let text = code.symbol.text else {
            return "0x" + code.symbol.bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
        if !showSecrets, case .success(let setupCode) = code.decoded, setupCode.auth.secret != nil {
            return Secret.redactedPlaceholder
        }
        return SetupCodeRendering.visible(text, showSecrets: showSecrets)
    }
}
