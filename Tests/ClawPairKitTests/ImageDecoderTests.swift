#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ClawPairKit

/// The CRC-32 PNG chunks carry (ISO 3309, reflected polynomial 0xEDB88320), bit by bit:
/// the tests patch PNG headers and must re-seal them.
private func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

private func bigEndian(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
}

/// The process's peak resident memory so far, in bytes.
private func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
}

/// How far apart two same-sized images are: the largest and the mean sample difference.
private func difference(_ a: GrayImage, _ b: GrayImage) -> (worst: Int, mean: Double) {
    let differences = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }
    return (differences.max() ?? 0, Double(differences.reduce(0, +)) / Double(max(1, differences.count)))
}

@Suite struct ImageDecoderTests {
    // MARK: Errors a user can act on

    @Test func emptyFile() {
        #expect(throws: ClawPairError(.imageUnreadable, "")) { try ImageDecoder.decode([]) }
    }

    @Test(arguments: [
        Array("hello, this is a text file\n".utf8),
        Array("<html><body>QR</body></html>".utf8),
        [0x00, 0x01, 0x02, 0x03],
        [0x89, 0x50, 0x4E],  // a PNG signature cut short
        Array("P".utf8),
    ])
    func nonImagesAreUnreadable(bytes: [UInt8]) throws {
        let error = try #require(throws: ClawPairError.self) { try ImageDecoder.decode(bytes) }
        #expect(error.code == .imageUnreadable)
        #expect(error.message == "not a PNG, JPEG or PNM image")
    }

    @Test func otherFormatsAreNamedAndUnsupported() throws {
        let fixtures = try Fixtures()
        try fixtures.convert("-size", "16x16", "xc:gray", "gray.png")
        for format in ["gif", "bmp", "tiff"] {
            let name = try fixtures.convert("gray.png", "gray.\(format)")
            let error = try #require(throws: ClawPairError.self) {
                try ImageDecoder.decode(fixtures.bytes(name))
            }
            #expect(error.code == .imageUnsupported, "\(format)")
            #expect(error.message.contains(ImageFormat(sniffing: try fixtures.bytes(name))?.rawValue ?? "?"))
        }
        let webp = Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)
        #expect(throws: ClawPairError(.imageUnsupported, "")) { try ImageDecoder.decode(webp) }
    }

    @Test func truncatedPNG() throws {
        let fixtures = try Fixtures()
        try fixtures.convert("-size", "200x200", "plasma:", "-seed", "3", "plasma.png")
        let bytes = try fixtures.bytes("plasma.png")
        for cut in [bytes.count / 2, 40, 20] {
            let error = try #require(throws: ClawPairError.self) { try ImageDecoder.decode(Array(bytes.prefix(cut))) }
            #expect(error.code == .imageUnreadable, "cut at \(cut)")
            #expect(error.message.hasPrefix("PNG"), "\(error.message)")
        }
    }

    @Test func truncatedJPEG() throws {
        let fixtures = try Fixtures()
        try fixtures.convert("-seed", "3", "-size", "200x200", "plasma:", "plasma.jpg")
        let bytes = try fixtures.bytes("plasma.jpg")
        let error = try #require(throws: ClawPairError.self) { try ImageDecoder.decode(Array(bytes.prefix(bytes.count / 2))) }
        #expect(error.code == .imageUnreadable)
        #expect(error.message == "JPEG file is truncated")
        // A marker and nothing else.
        #expect(throws: ClawPairError(.imageUnreadable, "")) { try ImageDecoder.decode([0xFF, 0xD8, 0xFF]) }
    }

    @Test func corruptJPEGDoesNotExitTheProcess() throws {
        // libjpeg's default error handler would call exit(); ours must come back with an error.
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x03, 0x00]
        bytes += [UInt8](repeating: 0x42, count: 100)
        let error = try #require(throws: ClawPairError.self) { try ImageDecoder.decode(bytes) }
        #expect(error.code == .imageUnreadable)
        #expect(error.message.hasPrefix("JPEG file is corrupt"))
    }

    @Test func cmykJPEGIsUnsupported() throws {
        let fixtures = try Fixtures()
        try fixtures.convert("-size", "16x16", "xc:red", "-colorspace", "CMYK", "cmyk.jpg")
        #expect(throws: ClawPairError(.imageUnsupported, "")) {
            try ImageDecoder.decode(fixtures.bytes("cmyk.jpg"))
        }
    }

    // MARK: Hostile headers

    /// A real 1 × 1 PNG whose IHDR is patched to claim 100000 × 100000 pixels, CRC re-sealed:
    /// libpng accepts the header, so only our cap stands between it and a 10 GB buffer.
    @Test func pngHeaderClaimingHugeDimensions() throws {
        let fixtures = try Fixtures()
        try fixtures.convert("-size", "1x1", "xc:white", "tiny.png")
        var bytes = try fixtures.bytes("tiny.png")
        #expect(bytes.count < 1024)
        // Signature (8) + length (4) + "IHDR" (4), then width and height, then 5 more bytes.
        bytes.replaceSubrange(16..<24, with: bigEndian(100_000) + bigEndian(100_000))
        bytes.replaceSubrange(29..<33, with: bigEndian(crc32(bytes[12..<29])))

        let before = peakResidentBytes()
        let error = try #require(throws: ClawPairError.self) { try ImageDecoder.decode(bytes) }
        #expect(error.code == .imageTooLarge)
        #expect(peakResidentBytes() - before < 512 * 1024 * 1024)
    }

    /// Real baseline and progressive JPEGs whose frame header is patched to 65000 × 65000.
    @Test(arguments: ["baseline", "progressive"])
    func jpegHeaderClaimingHugeDimensions(kind: String) throws {
        let fixtures = try Fixtures()
        let interlace = kind == "progressive" ? "Plane" : "None"
        try fixtures.convert("-size", "8x8", "xc:gray", "-interlace", interlace, "tiny.jpg")
        var bytes = try fixtures.bytes("tiny.jpg")
        #expect(bytes.count < 1024)
        let frameMarkers: Set<UInt8> = [0xC0, 0xC1, 0xC2]
        let start = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && frameMarkers.contains(bytes[$0 + 1]) })
        // Marker (2), length (2), precision (1), then height and width, 16 bits each.
        bytes.replaceSubrange((start + 5)..<(start + 9), with: [0xFD, 0xE8, 0xFD, 0xE8])

        let before = peakResidentBytes()
        let error = try #require(throws: ClawPairError.self) { try ImageDecoder.decode(bytes) }
        #expect(error.code == .imageTooLarge)
        #expect(peakResidentBytes() - before < 512 * 1024 * 1024)
    }

    @Test func pnmHeaderClaimingHugeDimensions() throws {
        let bytes = Array("P5\n100000 100000\n255\n".utf8) + [UInt8](repeating: 0, count: 1000)
        let before = peakResidentBytes()
        #expect(throws: ClawPairError(.imageTooLarge, "")) { try ImageDecoder.decode(bytes) }
        #expect(peakResidentBytes() - before < 512 * 1024 * 1024)
    }

    // MARK: Pixels match ImageMagick's reading

    @Test(arguments: [
        ("8-bit grey", ["-colorspace", "gray", "-depth", "8"]),
        ("16-bit grey", ["-colorspace", "gray", "-depth", "16"]),
        ("RGB", ["-depth", "8"]),
        ("palette", ["-colors", "16", "-type", "Palette"]),
        ("1-bit", ["-threshold", "50%", "-type", "Bilevel"]),
    ])
    func pngVariants(name: String, options: [String]) throws {
        let fixtures = try Fixtures()
        try ImageTool.convert.run(
            ["-seed", "5", "-size", "64x48", "plasma:", "-blur", "0x2"] + options + [fixtures.path("in.png")],
            in: fixtures.directory
        )
        try fixtures.convert("in.png", "-colorspace", "gray", "-depth", "8", "reference.pgm")
        let ours = try ImageDecoder.decode(fixtures.bytes("in.png"))
        let reference = try ImageDecoder.decode(fixtures.bytes("reference.pgm"))
        #expect(ours.width == 64 && ours.height == 48)
        let (worst, mean) = difference(ours, reference)
        // Colour to grey differs a little: libpng mixes in linear light, ImageMagick mixes
        // the gamma-encoded values.
        #expect(worst <= 24 && mean < 4, "\(name): worst \(worst), mean \(mean)")
    }

    @Test func transparentPNGIsCompositedOnWhite() throws {
        let fixtures = try Fixtures()
        // Left half opaque black, right half fully transparent black.
        try fixtures.convert(
            "-size", "8x2", "xc:black", "-alpha", "set", "-channel", "A",
            "-fx", "i < 4 ? 1 : 0", "+channel", "alpha.png"
        )
        let image = try ImageDecoder.decode(fixtures.bytes("alpha.png"))
        #expect(image.pixels == [0, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 255, 255, 255, 255])
    }

    @Test(arguments: ["gray", "sRGB"])
    func jpegMatchesImageMagick(colorspace: String) throws {
        let fixtures = try Fixtures()
        try fixtures.convert("-seed", "9", "-size", "64x48", "plasma:", "-colorspace", colorspace, "-quality", "90", "in.jpg")
        try fixtures.convert("in.jpg", "-colorspace", "gray", "-depth", "8", "reference.pgm")
        let ours = try ImageDecoder.decode(fixtures.bytes("in.jpg"))
        let reference = try ImageDecoder.decode(fixtures.bytes("reference.pgm"))
        #expect(ours.width == 64 && ours.height == 48)
        let (worst, mean) = difference(ours, reference)
        // We take libjpeg's luma (Rec. 601); ImageMagick converts RGB with its own weights.
        #expect(worst <= 24 && mean < 4, "\(colorspace): worst \(worst), mean \(mean)")
    }

    @Test func formatIsSniffedNotTakenFromTheName() throws {
        let fixtures = try Fixtures()
        try fixtures.convert("-size", "5x4", "xc:gray50", "png:actually-a-png.jpg")
        let image = try ImageDecoder.decode(fixtures.bytes("actually-a-png.jpg"))
        #expect(image.pixels.allSatisfy { (126...128).contains($0) })
        #expect(image.width == 5 && image.height == 4)
        #expect(ImageFormat(sniffing: try fixtures.bytes("actually-a-png.jpg")) == .png)
    }

    // MARK: Damaged input never crashes

    /// Seeded random damage (overwritten bytes, then a cut) to real files of every format:
    /// each decode must return an image or throw one of our errors, never trap or exit.
    @Test func damagedFilesNeverCrash() throws {
        let fixtures = try Fixtures()
        try fixtures.qrencode(ScanSamples.ascii, to: "code.png", moduleSize: 2)
        var originals: [[UInt8]] = [try fixtures.bytes("code.png")]
        for name in ["code.jpg", "code-progressive.jpg", "code.pgm", "code.ppm", "code.pbm", "plain.pgm"] {
            var arguments = ["code.png"]
            if name.contains("progressive") { arguments += ["-interlace", "Plane"] }
            if name == "plain.pgm" { arguments += ["-compress", "none"] }
            try ImageTool.convert.run(arguments + [name], in: fixtures.directory)
            originals.append(try fixtures.bytes(name))
        }
        var state: UInt64 = 0x5EED
        func random(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }
        let allowed: Set<ClawPairError.Code> = [.imageUnreadable, .imageUnsupported, .imageTooLarge]
        for original in originals {
            for _ in 0..<150 {
                var bytes = original
                for _ in 0..<(1 + random(8)) {
                    bytes[random(min(bytes.count, 64 + random(bytes.count)))] = UInt8(random(256))
                }
                bytes.removeLast(random(2) == 0 ? random(bytes.count) : 0)
                do {
                    let image = try ImageDecoder.decode(bytes)
                    #expect(image.pixels.count == image.width * image.height)
                } catch {
                    #expect(allowed.contains(error.code), "\(error)")
                }
            }
        }
    }

    // MARK: Reading files

    @Test func missingFileNamesThePath() throws {
        let fixtures = try Fixtures()
        let error = try #require(throws: ClawPairError.self) { try FileIO.readAll(path: fixtures.path("nope.png")) }
        #expect(error.code == .fileUnreadable)
        #expect(error.message.contains("nope.png") && error.message.contains("No such file"))
        #expect(throws: ClawPairError(.fileUnreadable, "")) { try FileIO.readAll(path: fixtures.directory.path) }
    }

    @Test func readsWholeFile() throws {
        let fixtures = try Fixtures()
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try fixtures.write(bytes, to: "blob")
        #expect(try FileIO.readAll(path: fixtures.path("blob")) == bytes)
        try fixtures.write([], to: "empty")
        #expect(try FileIO.readAll(path: fixtures.path("empty")) == [])
    }
}
