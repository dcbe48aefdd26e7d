import Foundation
import Testing
import ClawPairKit

@Suite struct QRSVGRendererTests {
    /// Reads the `<path>` back into painted cells (in modules, margin included), checking
    /// on the way that it is only `M x y h n v1 h-n z` runs.
    static func parsePath(_ svg: String, side: Int) throws -> [[Bool]] {
        let d = try #require(svg.firstMatch(of: /<path [^>]*d="([^"]*)"/)?.1)
        var cells = Array(repeating: Array(repeating: false, count: side), count: side)
        var consumed = 0
        for run in d.matches(of: /M(\d+) (\d+)h(\d+)v1h-(\d+)z/) {
            let (x, y, length) = (Int(run.1)!, Int(run.2)!, Int(run.3)!)
            #expect(run.4 == run.3)
            for column in x..<x + length {
                #expect(!cells[y][column], "runs overlap at \(column),\(y)")
                cells[y][column] = true
            }
            consumed += run.0.count
        }
        #expect(consumed == d.count, "path has something besides runs")
        return cells
    }

    @Test(arguments: [0, 1, 4, 6])
    func pathDrawsTheModules(margin: Int) throws {
        let matrix = try QRMatrix(encoding: QREncodeSamples.unicode)
        let side = matrix.size + 2 * margin
        for invert in [false, true] {
            let svg = QRSVGRenderer().render(matrix, margin: margin, invert: invert)
            let cells = try Self.parsePath(svg, side: side)
            for y in 0..<side {
                for x in 0..<side {
                    let inSymbol = (margin..<side - margin).contains(x) && (margin..<side - margin).contains(y)
                    // The path is the dark modules either way; inverting swaps colours.
                    let expected = inSymbol && matrix.isDark(x: x - margin, y: y - margin)
                    #expect(cells[y][x] == expected, "\(x),\(y) invert: \(invert)")
                }
            }
            #expect(svg.contains(#"viewBox="0 0 \#(side) \#(side)""#))
            #expect(svg.contains(#"width="\#(side * 8)" height="\#(side * 8)""#))
            let (paper, ink) = invert ? ("#000000", "#ffffff") : ("#ffffff", "#000000")
            #expect(svg.contains(#"<rect width="\#(side)" height="\#(side)" fill="\#(paper)""#))
            #expect(svg.contains(#"<path fill="\#(ink)""#))
        }
    }

    @Test func isCompact() throws {
        let svg = QRSVGRenderer().render(try QRMatrix(encoding: QREncodeSamples.setupCode))
        #expect(svg.contains(#"shape-rendering="crispEdges""#))
        #expect(svg.matches(of: /<path/).count == 1)
        #expect(svg.utf8.count < 16_000)
        #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
    }

    /// ImageMagick rasterises the SVG and zbarimg reads the text back; the pixel at each
    /// module's centre is checked as well. Debian's ImageMagick 6 has no librsvg built in
    /// and no Inkscape, so this is its own renderer (MSVG), which fills shapes one pixel
    /// past their right and bottom edges: only centres can be compared exactly.
    @Test(arguments: QREncodeSamples.all)
    func imageMagickRendersAndZbarimgReads(text: String) throws {
        let matrix = try QRMatrix(encoding: text)
        let margin = 4
        let scale = 8
        try QRTestTool.withTemporaryDirectory { directory in
            for invert in [false, true] {
                let svg = directory.appendingPathComponent("code-\(invert).svg")
                let png = directory.appendingPathComponent("code-\(invert).png")
                try QRSVGRenderer().render(matrix, margin: margin, invert: invert, scale: scale)
                    .write(to: svg, atomically: true, encoding: .utf8)
                try QRTestTool.convert.run([svg.path, png.path], in: directory)
                let image = try QRTestTool.GrayImage(reading: png, in: directory)
                let side = (matrix.size + 2 * margin) * scale
                try #require(image.width == side && image.height == side)
                var wrong = 0
                for y in -margin..<matrix.size + margin {
                    for x in -margin..<matrix.size + margin {
                        let centre = ((x + margin) * scale + scale / 2, (y + margin) * scale + scale / 2)
                        if image.isDark(x: centre.0, y: centre.1) != (matrix.isDark(x: x, y: y) != invert) {
                            wrong += 1
                        }
                    }
                }
                #expect(wrong == 0, "invert: \(invert)")
                if invert {
                    let negated = directory.appendingPathComponent("negated.png")
                    try QRTestTool.convert.run([png.path, "-negate", negated.path], in: directory)
                    #expect(try QRTestTool.zbarimgBytes(negated, in: directory) == Array(text.utf8))
                } else {
                    #expect(try QRTestTool.zbarimgBytes(png, in: directory) == Array(text.utf8))
                }
            }
        }
    }

    /// librsvg, the renderer most Linux desktops use, must draw every pixel exactly: at a
    /// whole number of pixels per module, with crispEdges, there is no antialiasing.
    @Test(arguments: [(8, 4, false), (8, 4, true), (3, 1, false), (5, 0, true)])
    func rsvgDrawsEveryPixel(scale: Int, margin: Int, invert: Bool) throws {
        let matrix = try QRMatrix(encoding: QREncodeSamples.setupCode)
        try QRTestTool.withTemporaryDirectory { directory in
            let svg = directory.appendingPathComponent("code.svg")
            let png = directory.appendingPathComponent("code.png")
            try QRSVGRenderer().render(matrix, margin: margin, invert: invert, scale: scale)
                .write(to: svg, atomically: true, encoding: .utf8)
            try QRTestTool.rsvgConvert.run(["-o", png.path, svg.path], in: directory)
            let image = try QRTestTool.GrayImage(reading: png, in: directory)
            let side = (matrix.size + 2 * margin) * scale
            try #require(image.width == side && image.height == side)
            var wrong = 0
            for y in 0..<side {
                for x in 0..<side {
                    let dark = matrix.isDark(x: x / scale - margin, y: y / scale - margin) != invert
                    if image.pixels[y * side + x] != (dark ? 0 : 255) { wrong += 1 }
                }
            }
            #expect(wrong == 0)
            if !invert && margin >= 4 {
                #expect(try QRTestTool.zbarimgBytes(png, in: directory) == Array(QREncodeSamples.setupCode.utf8))
            }
        }
    }
}
