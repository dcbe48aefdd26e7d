import Foundation
import Testing
import ClawPairKit

@Suite struct QRPNGRendererTests {
    /// Every byte value, NUL included: 8-bit mode must carry them all.
    static let allBytes = (0...255).map { UInt8($0) }

    @Test(arguments: QREncodeSamples.all)
    func zbarimgReadsTheText(text: String) throws {
        let png = try QRPNGRenderer().render(QRMatrix(encoding: text))
        try QRTestTool.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("code.png")
            try Data(png).write(to: file)
            #expect(try QRTestTool.zbarimgBytes(file, in: directory) == Array(text.utf8))
        }
    }

    @Test func zbarimgReadsArbitraryBytes() throws {
        let png = try QRPNGRenderer().render(QRMatrix(encoding: Self.allBytes, level: .low))
        try QRTestTool.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("bytes.png")
            try Data(png).write(to: file)
            #expect(try QRTestTool.zbarimgBytes(file, in: directory) == Self.allBytes)
        }
    }

    /// The header says 8-bit greyscale (IHDR colour type 0) of the expected size.
    @Test(arguments: [(1, 0), (8, 4), (3, 2)])
    func headerIsEightBitGray(scale: Int, margin: Int) throws {
        let matrix = try QRMatrix(encoding: QREncodeSamples.ascii)
        let png = try QRPNGRenderer().render(matrix, scale: scale, margin: margin)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let side = (matrix.size + 2 * margin) * scale
        func be32(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        #expect(be32(16) == side && be32(20) == side)
        #expect(png[24] == 8 && png[25] == 0)
    }

    /// Read back by ImageMagick, every pixel is its module's colour: scale and margin
    /// are exact, and inverting flips every pixel, quiet zone included.
    @Test(arguments: [(1, 0), (8, 4), (3, 2), (5, 7)])
    func pixelsMatchModules(scale: Int, margin: Int) throws {
        let matrix = try QRMatrix(encoding: QREncodeSamples.unicode)
        try QRTestTool.withTemporaryDirectory { directory in
            for invert in [false, true] {
                let file = directory.appendingPathComponent("code-\(invert).png")
                try Data(QRPNGRenderer().render(matrix, scale: scale, margin: margin, invert: invert)).write(to: file)
                let image = try QRTestTool.GrayImage(reading: file, in: directory)
                let side = (matrix.size + 2 * margin) * scale
                try #require(image.width == side && image.height == side)
                var wrong = 0
                for y in 0..<side {
                    for x in 0..<side {
                        let dark = matrix.isDark(x: x / scale - margin, y: y / scale - margin) != invert
                        if image.pixels[y * side + x] != (dark ? 0 : 255) { wrong += 1 }
                    }
                }
                #expect(wrong == 0, "invert: \(invert)")
            }
        }
    }

    /// zbarimg doesn't look for light-on-dark codes, so an inverted PNG is checked by
    /// negating it back with ImageMagick first.
    @Test func invertedDecodesOnceNegated() throws {
        let png = try QRPNGRenderer().render(QRMatrix(encoding: QREncodeSamples.setupCode), invert: true)
        try QRTestTool.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("inverted.png")
            let negated = directory.appendingPathComponent("negated.png")
            try Data(png).write(to: file)
            try QRTestTool.convert.run([file.path, "-negate", negated.path], in: directory)
            #expect(try QRTestTool.zbarimgBytes(negated, in: directory) == Array(QREncodeSamples.setupCode.utf8))
        }
    }

    @Test func absurdSizesAreRefused() throws {
        let matrix = try QRMatrix(encoding: QREncodeSamples.ascii)
        #expect(throws: ClawPairError(.qrEncodeFailed, "")) {
            try QRPNGRenderer().render(matrix, scale: 1_000)
        }
        #expect(throws: ClawPairError(.qrEncodeFailed, "")) {
            try QRPNGRenderer().render(matrix, scale: .max / 2)
        }
        #expect(throws: ClawPairError(.qrEncodeFailed, "")) {
            try QRPNGRenderer().render(matrix, margin: .max / 2)
        }
    }
}
