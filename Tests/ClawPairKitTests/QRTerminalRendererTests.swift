import Foundation
import Testing
import ClawPairKit

@Suite struct QRTerminalRendererTests {
    /// Reads rendered text back into "ink" cells (a glyph's painted halves), row by row;
    /// ANSI escapes are dropped first.
    static func parseInk(_ text: String) throws -> [[Bool]] {
        var rows: [[Bool]] = []
        let plain = text.replacing(/\u{1B}\[[0-9;]*m/, with: "")
        #expect(plain.hasSuffix("\n"))
        for line in plain.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            var top: [Bool] = []
            var bottom: [Bool] = []
            for scalar in line.unicodeScalars {
                let halves: (Bool, Bool)
                switch scalar {
                case " ": halves = (false, false)
                case "\u{2580}": halves = (true, false)
                case "\u{2584}": halves = (false, true)
                case "\u{2588}": halves = (true, true)
                default: throw QRTestTool.Failure(description: "unexpected character U+\(String(scalar.value, radix: 16))")
                }
                top.append(halves.0)
                bottom.append(halves.1)
            }
            rows += [top, bottom]
        }
        return rows
    }

    /// The ink expected for `matrix` with `margin`: light modules, or dark ones when
    /// inverted, plus the extra light row that pads an odd height.
    static func expectedInk(_ matrix: QRMatrix, margin: Int, invert: Bool) -> [[Bool]] {
        let side = matrix.size + 2 * margin
        var rows = (0..<side).map { y in
            (0..<side).map { x in matrix.isDark(x: x - margin, y: y - margin) == invert }
        }
        if side % 2 == 1 { rows.append(Array(repeating: !invert, count: side)) }
        return rows
    }

    @Test(arguments: QREncodeSamples.all, [0, 1, 2, 4])
    func parsesBackToTheMatrix(text: String, margin: Int) throws {
        let matrix = try QRMatrix(encoding: text)
        for style in [QRTerminalRenderer.Style.plain, .ansiColor] {
            for invert in [false, true] {
                let output = QRTerminalRenderer(style: style).render(matrix, margin: margin, invert: invert)
                #expect(try Self.parseInk(output) == Self.expectedInk(matrix, margin: margin, invert: invert))
            }
        }
    }

    @Test func invertFlipsEveryModule() throws {
        let matrix = try QRMatrix(encoding: QREncodeSamples.setupCode)
        let renderer = QRTerminalRenderer()
        let normal = try Self.parseInk(renderer.render(matrix))
        let inverted = try Self.parseInk(renderer.render(matrix, invert: true))
        // Every module row flips; only the padding half-row is light (no ink / ink) in both.
        let side = matrix.size + 4
        #expect(normal.count == inverted.count)
        for y in 0..<side {
            #expect(normal[y] == inverted[y].map { !$0 })
        }
    }

    @Test(arguments: [0, 1, 2, 3, 4, 10])
    func marginIsHonoured(margin: Int) throws {
        let matrix = try QRMatrix(encoding: QREncodeSamples.ascii)
        let output = QRTerminalRenderer().render(matrix, margin: margin)
        let lines = output.split(separator: "\n")
        let side = matrix.size + 2 * margin
        #expect(lines.count == (side + 1) / 2)
        #expect(lines.allSatisfy { $0.unicodeScalars.count == side })
        // The quiet zone is light: full ink (blocks) in the plain, non-inverted style.
        let ink = try Self.parseInk(output)
        for y in 0..<side {
            for x in 0..<side where x < margin || y < margin || x >= side - margin || y >= side - margin {
                #expect(ink[y][x])
            }
        }
        // The top-left finder's dark corner module sits right inside the margin.
        #expect(!ink[margin][margin])
    }

    /// Known answer: `qrencode -t UTF8` (light modules as glyphs, odd height padded with a
    /// light row) and `-t UTF8i` (inverted) print exactly what the plain style does.
    @Test(arguments: QREncodeSamples.all)
    func matchesQrencodeUTF8(text: String) throws {
        let matrix = try QRMatrix(encoding: text)
        try QRTestTool.withTemporaryDirectory { directory in
            let input = directory.appendingPathComponent("input.bin")
            try Data(text.utf8).write(to: input)
            for (type, invert) in [("UTF8", false), ("UTF8i", true)] {
                let reference = try QRTestTool.qrencode.run(
                    ["-8", "-l", "M", "-m", "2", "-t", type, "-r", input.path, "-o", "-"], in: directory)
                let ours = QRTerminalRenderer().render(matrix, margin: 2, invert: invert)
                #expect(ours == String(decoding: reference.stdout, as: UTF8.self), "qrencode -t \(type)")
            }
        }
    }

    @Test func ansiStylePaintsEveryLine() throws {
        let matrix = try QRMatrix(encoding: QREncodeSamples.ascii)
        let output = QRTerminalRenderer(style: .ansiColor).render(matrix)
        let lines = output.split(separator: "\n")
        #expect(lines.count == (matrix.size + 5) / 2)
        for line in lines {
            #expect(line.hasPrefix("\u{1B}[97;40m"))
            #expect(line.hasSuffix("\u{1B}[0m"))
        }
        let plain = QRTerminalRenderer().render(matrix)
        #expect(output.replacing("\u{1B}[97;40m", with: "").replacing("\u{1B}[0m", with: "") == plain)
    }
}
