import Testing
@testable import ClawPairKit

private func decode(_ text: String) throws(ClawPairError) -> GrayImage {
    try PNMImage.decode(Array(text.utf8))
}

private func decode(header: String, raster: [UInt8]) throws(ClawPairError) -> GrayImage {
    try PNMImage.decode(Array(header.utf8) + raster)
}

@Suite struct PNMImageTests {
    @Test func plainBitmapWithCommentsAndPackedBits() throws {
        // P1 allows bits without whitespace between them; 1 is black.
        let image = try decode("P1\n# a comment\n3 2\n1 0 1\n010\n")
        #expect(image.width == 3 && image.height == 2)
        #expect(image.pixels == [0, 255, 0, 255, 0, 255])
    }

    @Test func plainGraymapScalesMaxval() throws {
        let image = try decode("P2 2 2 15 0 15 # comment in the raster\n 5 10")
        #expect(image.pixels == [0, 255, 85, 170])
    }

    @Test func plainPixmapBecomesLuminance() throws {
        let image = try decode("P3\n3 1\n255\n255 0 0  0 255 0  0 0 255\n")
        // Rec. 601 weights: 0.299, 0.587, 0.114.
        #expect(image.pixels == [76, 150, 29])
    }

    @Test func rawBitmapPadsRowsToBytes() throws {
        // 10 pixels per row: two bytes, the last 6 bits padding.
        let image = try decode(header: "P4\n10 2\n", raster: [0b1010_0000, 0b01_000000, 0xFF, 0b11_111111])
        #expect(image.pixels == [0, 255, 0, 255, 255, 255, 255, 255, 255, 0] + [UInt8](repeating: 0, count: 10))
    }

    @Test func rawGraymap8Bit() throws {
        let image = try decode(header: "P5 3 1 255\n", raster: [0, 128, 255])
        #expect(image.pixels == [0, 128, 255])
    }

    @Test func rawGraymap16BitIsBigEndian() throws {
        let image = try decode(header: "P5 3 1 65535\n", raster: [0x00, 0x00, 0x80, 0x00, 0xFF, 0xFF])
        #expect(image.pixels == [0, 128, 255])
    }

    @Test func rawPixmap16Bit() throws {
        let image = try decode(header: "P6 1 1 65535\n", raster: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(image.pixels == [255])
    }

    @Test func commentsMayFollowEveryHeaderToken() throws {
        let image = try decode(header: "P5#c1\n2#c2\n1#c3\n255#c4\n", raster: [7, 9])
        #expect(image.pixels == [7, 9])
    }

    @Test(arguments: [
        "P5 4 4 255\n\u{1}\u{2}",
        "P2 2 2 255 1 2 3",
        "P1 3 3 1 0 1 0",
        "P6 2 2",
        "P5 2",
        "P4 9 2\n\u{0}",
    ])
    func truncatedFilesAreUnreadable(text: String) {
        #expect(throws: ClawPairError(.imageUnreadable, "")) { try decode(text) }
    }

    @Test(arguments: [
        "P2 1 1 10 11",
        "P2 1 1 0 0",
        "P2 1 1 70000 0",
        "P2 x 1 255 0",
        "P1 1 1 2",
        "P2 1 1 255 -1",
    ])
    func malformedFilesAreUnreadable(text: String) {
        #expect(throws: ClawPairError(.imageUnreadable, "")) { try decode(text) }
    }

    @Test func sampleAboveMaxvalInRawRaster() {
        #expect(throws: ClawPairError(.imageUnreadable, "")) {
            try decode(header: "P5 1 1 300\n", raster: [0x01, 0x2D])
        }
    }

    @Test func hugeDimensionsAreRefusedBeforeAllocating() {
        // A few bytes claiming 10 billion pixels must fail on the header alone.
        for header in ["P5 100000 100000 255\n", "P4 100000 100000\n", "P1 100000 100000\n",
                       "P6 99999999999999999999 2 255\n"] {
            #expect(throws: ClawPairError(.imageTooLarge, "")) {
                try decode(header: header, raster: [UInt8](repeating: 0, count: 1024))
            }
        }
    }

    @Test func pamIsUnsupported() {
        #expect(throws: ClawPairError(.imageUnsupported, "")) {
            try decode("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 1\nMAXVAL 255\nENDHDR\n\u{0}")
        }
    }

    /// ImageMagick's own PNM output of one picture decodes to the same pixels in every form.
    @Test func imageMagickOutputInEveryForm() throws {
        let fixtures = try Fixtures()
        try fixtures.convert("-size", "37x23", "gradient:black-white", "-rotate", "90", "gradient.png")
        let reference = try PNGImage.decode(fixtures.bytes("gradient.png"))
        for (format, tolerance) in [("pgm", 0), ("ppm", 1), ("pnm", 0)] {
            for compress in ["none", "undefined"] {
                let name = "gradient-\(compress).\(format)"
                try fixtures.convert("gradient.png", "-compress", compress, name)
                let image = try PNMImage.decode(fixtures.bytes(name))
                #expect(image.width == reference.width && image.height == reference.height, "\(name)")
                let worst = zip(image.pixels, reference.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
                #expect(worst <= tolerance, "\(name) differs by \(worst)")
            }
        }
        // 16-bit samples.
        try fixtures.convert("gradient.png", "-depth", "16", "gradient16.pgm")
        let deep = try PNMImage.decode(fixtures.bytes("gradient16.pgm"))
        #expect(deep.pixels == reference.pixels)
        // PBM: thresholded by ImageMagick, so only check it is black and white.
        try fixtures.convert("gradient.png", "-threshold", "50%", "-compress", "none", "plain.pbm")
        try fixtures.convert("gradient.png", "-threshold", "50%", "raw.pbm")
        let plain = try PNMImage.decode(fixtures.bytes("plain.pbm"))
        let raw = try PNMImage.decode(fixtures.bytes("raw.pbm"))
        #expect(plain == raw)
        #expect(Set(plain.pixels) == [0, 255])
    }
}
