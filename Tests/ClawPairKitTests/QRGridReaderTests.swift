import Testing
@testable import ClawPairKit

/// The grid reader alone, without zbar: what it reads, what it names it, and what it leaves
/// to zbar. Fixtures are drawn by `qrencode` and bent by ImageMagick, so the reader meets
/// codes it did not draw.
@Suite struct QRGridReaderTests {
    private func read(_ fixtures: Fixtures, _ name: String) throws -> QRSymbol? {
        QRGridReader.read(try ImageDecoder.decode(fixtures.bytes(name)))
    }

    @Test(arguments: ScanSamples.all)
    func readsAPlainCode(text: String) throws {
        let fixtures = try Fixtures()
        try fixtures.qrencode(text, to: "code.png")
        let symbol = try read(fixtures, "code.png")
        #expect(symbol?.bytes == Array(text.utf8))
        #expect(symbol?.strategy == "direct")
    }

    /// Each polarity and handedness, named as zbar's retries of the same transforms are.
    @Test(arguments: [
        (["-negate"], "inverted"), (["-flop"], "mirrored"), (["-transpose"], "mirrored"),
        (["-flop", "-negate"], "mirrored+inverted"), (["-rotate", "90"], "direct"), (["-rotate", "33"], "direct"),
    ])
    func namesTheNegativeAndTheMirror(transform: [String], strategy: String) throws {
        let fixtures = try Fixtures()
        try fixtures.qrencode(ScanSamples.setupCode, to: "code.png")
        try ImageTool.convert.run(
            [fixtures.path("code.png"), "-background", "white"] + transform + [fixtures.path("changed.png")], in: fixtures.directory)
        let symbol = try read(fixtures, "changed.png")
        #expect(symbol?.text == ScanSamples.setupCode)
        #expect(symbol?.strategy == strategy)
    }

    /// A strong tilt: the top edge a fifth of the side farther away, so the finders' distances
    /// put the size several versions off and the parallelogram misses the far corner. The code
    /// names its own version, and the finders' shapes aim the alignment search.
    @Test(arguments: [
        "0,0 60,14  344,0 290,28  344,344 336,330  0,344 6,340",
        "0,0 70,20  344,0 274,20  344,344 344,344  0,344 0,344",
    ])
    func readsACodeSeenAtAnAngle(corners: String) throws {
        let fixtures = try Fixtures()
        try fixtures.qrencode(ScanSamples.setupCode + ScanSamples.setupCode, to: "code.png", moduleSize: 4)
        try fixtures.convert(
            "code.png", "-resize", "344x344!", "-virtual-pixel", "white", "-distort", "Perspective", corners,
            "-colorspace", "Gray", "tilted.png")
        #expect(try fixtures.zbarimg("tilted.png") == nil, "plain zbarimg should miss this tilted code")
        #expect(try read(fixtures, "tilted.png")?.text == ScanSamples.setupCode + ScanSamples.setupCode)
    }

    @Test func readsThroughImpulseNoiseAfterAMedian() throws {
        let fixtures = try Fixtures()
        try fixtures.qrencode(ScanSamples.setupCode, to: "code.png")
        try fixtures.convert("-seed", "4", "code.png", "+noise", "Impulse", "-attenuate", "2", "noisy.png")
        let symbol = try read(fixtures, "noisy.png")
        #expect(symbol?.text == ScanSamples.setupCode)
        #expect(symbol?.strategy == "median")
    }

    /// Motion blur a module long or longer fills the finders' light rings; a local threshold
    /// then loses them, the mid-range of the whole image does not.
    @Test(arguments: ["0x5+0", "0x7+30"])
    func readsThroughMotionBlurAModuleLong(blur: String) throws {
        let fixtures = try Fixtures()
        try fixtures.qrencode(ScanSamples.setupCode, to: "code.png", moduleSize: 5)
        try fixtures.convert("code.png", "-colorspace", "Gray", "-motion-blur", blur, "blurred.png")
        #expect(try fixtures.zbarimg("blurred.png") == nil, "plain zbarimg should miss this blurred code")
        #expect(try read(fixtures, "blurred.png")?.text == ScanSamples.setupCode)
    }

    /// Two codes: zbar reports both, so the reader leaves the image to it (the scanner then
    /// finds both, QRScannerTests.twoCodesAreBothFoundAndRepeatsCollapse).
    @Test func leavesTwoCodesToZbar() throws {
        let fixtures = try Fixtures()
        try fixtures.qrencode(ScanSamples.ascii, to: "a.png")
        try fixtures.qrencode(ScanSamples.unicode, to: "b.png")
        try fixtures.convert("a.png", "b.png", "+append", "two.png")
        #expect(try read(fixtures, "two.png") == nil)
    }

    /// A Kanji segment decodes, but zbar's binary mode reports it in a form of its own.
    @Test func leavesKanjiToZbar() throws {
        let fixtures = try Fixtures()
        // 点茗 in Shift JIS, the Kanji example of ISO/IEC 18004 (qrencode -k reads Shift JIS).
        try fixtures.write([0x93, 0x5F, 0xE4, 0xAA], to: "kanji.txt")
        try ImageTool.qrencode.run(
            ["-k", "-r", fixtures.path("kanji.txt"), "-o", fixtures.path("kanji.png"), "-s", "4"], in: fixtures.directory)
        #expect(try read(fixtures, "kanji.png") == nil)
        #expect(try QRScanner().scan(imageBytes: fixtures.bytes("kanji.png")).count == 1, "zbar reads it")
    }

    @Test func findsNothingWhereThereIsNoCode() throws {
        let fixtures = try Fixtures()
        try fixtures.convert("-seed", "2", "-size", "320x240", "plasma:", "plasma.png")
        #expect(try read(fixtures, "plasma.png") == nil)
        try fixtures.convert("-size", "64x64", "xc:white", "white.png")
        #expect(try read(fixtures, "white.png") == nil)
    }

    @Test func leavesImagesAboveItsSizeToZbar() {
        let side = Int(Double(QRGridReader.maximumPixels).squareRoot()) + 1
        let blank = GrayImage(unchecked: side, side, [UInt8](repeating: 255, count: side * side))
        #expect(QRGridReader.read(blank) == nil)
    }
}

/// The sampler's threshold against its definition: dark where a module is darker than the
/// mean of the modules within the radius (the window clipped to the grid).
@Suite struct QRGridSamplerTests {
    @Test(arguments: [21, 25, 57])
    func thresholdIsTheLocalMean(size: Int) {
        var state: UInt64 = UInt64(size)
        let values = (0..<(size * size)).map { _ -> Int in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 56)
        }
        let dark = QRGridSampler.threshold(values, size: size)
        let r = QRGridSampler.thresholdRadius
        for row in 0..<size {
            for column in 0..<size {
                var sum = 0, count = 0
                for y in max(0, row - r)...min(size - 1, row + r) {
                    for x in max(0, column - r)...min(size - 1, column + r) {
                        sum += values[y * size + x]
                        count += 1
                    }
                }
                #expect(dark[row * size + column] == (values[row * size + column] * count < sum), "(\(row), \(column))")
            }
        }
    }

    /// A head-on grid of 4-pixel modules: every module read as drawn, dark or light, in
    /// either polarity.
    @Test(arguments: [false, true])
    func readsModulesAsDrawn(negative: Bool) throws {
        let matrix = try QRMatrix(encoding: ScanSamples.setupCode)
        let size = matrix.size, scale = 4
        var pixels = [UInt8](repeating: 0, count: size * size * scale * scale)
        for y in 0..<(size * scale) {
            for x in 0..<(size * scale) {
                let dark = matrix.isDark(x: x / scale, y: y / scale) != negative
                pixels[y * size * scale + x] = dark ? 20 : 230
            }
        }
        let image = GrayImage(unchecked: size * scale, size * scale, pixels)
        let map = try #require(Homography(
            mapping: [PlanePoint(0, 0), PlanePoint(1, 0), PlanePoint(0, 1), PlanePoint(1, 1)],
            to: [PlanePoint(0, 0), PlanePoint(Double(scale), 0), PlanePoint(0, Double(scale)), PlanePoint(Double(scale), Double(scale))]))
        let grid = try #require(QRGridSampler(image: image, negative: negative).grid(size: size, moduleToPixel: map))
        for row in 0..<size {
            for column in 0..<size {
                #expect(grid[row, column] == matrix.isDark(x: column, y: row), "(\(row), \(column))")
            }
        }
        // A map that puts modules off the image gives no grid.
        let shifted = try #require(Homography(
            mapping: [PlanePoint(0, 0), PlanePoint(1, 0), PlanePoint(0, 1), PlanePoint(1, 1)],
            to: [PlanePoint(-50, 0), PlanePoint(-46, 0), PlanePoint(-50, 4), PlanePoint(-46, 4)]))
        #expect(QRGridSampler(image: image, negative: negative).grid(size: size, moduleToPixel: shifted) == nil)
    }
}
