import Foundation
import Testing
import ClawPairKit

@Suite struct QRMatrixTests {
    /// Known answer: the `qrencode` command (8-bit mode, no margin, 1 px per module) must
    /// draw exactly our modules, read back through ImageMagick rather than through our code.
    @Test(arguments: QREncodeSamples.all, QRErrorCorrection.allCases)
    func matchesQrencodeCommand(text: String, level: QRErrorCorrection) throws {
        let matrix = try QRMatrix(encoding: text, level: level)
        try QRTestTool.withTemporaryDirectory { directory in
            let input = directory.appendingPathComponent("input.bin")
            try Data(text.utf8).write(to: input)
            let reference = directory.appendingPathComponent("ref.png")
            try QRTestTool.qrencode.run(
                ["-8", "-l", level.qrencodeLetter, "-s", "1", "-m", "0", "-r", input.path, "-o", reference.path],
                in: directory)
            let image = try QRTestTool.GrayImage(reading: reference, in: directory)
            try #require(image.width == matrix.size && image.height == matrix.size)
            var mismatches = 0
            for y in 0..<matrix.size {
                for x in 0..<matrix.size where image.isDark(x: x, y: y) != matrix.isDark(x: x, y: y) {
                    mismatches += 1
                }
            }
            #expect(mismatches == 0)
        }
    }

    /// The format information (ISO/IEC 18004 §7.9), decoded here by hand, must name the
    /// level we asked for, in both copies, with a valid BCH code.
    @Test(arguments: QRErrorCorrection.allCases)
    func formatInformationNamesTheLevel(level: QRErrorCorrection) throws {
        let matrix = try QRMatrix(encoding: QREncodeSamples.setupCode, level: level)
        let n = matrix.size
        func bit(_ x: Int, _ y: Int) -> UInt32 { matrix.isDark(x: x, y: y) ? 1 : 0 }

        // Copy 1 around the top-left finder; bit i of the 15-bit string.
        var first: UInt32 = 0
        for i in 0...5 { first |= bit(8, i) << UInt32(i) }
        first |= bit(8, 7) << 6 | bit(8, 8) << 7 | bit(7, 8) << 8
        for i in 9..<15 { first |= bit(14 - i, 8) << UInt32(i) }
        // Copy 2: split between the top-right and bottom-left finders.
        var second: UInt32 = 0
        for i in 0..<8 { second |= bit(n - 1 - i, 8) << UInt32(i) }
        for i in 8..<15 { second |= bit(8, n - 15 + i) << UInt32(i) }
        #expect(first == second)

        let unmasked = first ^ 0x5412
        let data = unmasked >> 10
        // BCH(15,5) with generator x^10+x^8+x^5+x^4+x^2+x+1.
        var remainder = data << 10
        for shift in stride(from: 4, through: 0, by: -1) where remainder & (1 << (10 + UInt32(shift))) != 0 {
            remainder ^= 0x537 << UInt32(shift)
        }
        #expect(unmasked == data << 10 | remainder)
        let levelBits: [QRErrorCorrection: UInt32] = [.low: 0b01, .medium: 0b00, .quartile: 0b11, .high: 0b10]
        #expect(data >> 3 == levelBits[level])
        // The dark module that every symbol has beside the bottom-left finder.
        #expect(matrix.isDark(x: 8, y: n - 8))
    }

    @Test(arguments: QREncodeSamples.all)
    func hasFinderAndTimingPatterns(text: String) throws {
        let matrix = try QRMatrix(encoding: text)
        let n = matrix.size
        #expect((n - 17) % 4 == 0 && (1...40).contains(matrix.version))
        for (left, top) in [(0, 0), (n - 7, 0), (0, n - 7)] {
            for dy in 0..<7 {
                for dx in 0..<7 {
                    let ring = max(abs(dx - 3), abs(dy - 3))
                    #expect(matrix.isDark(x: left + dx, y: top + dy) == (ring != 2), "finder at \(left),\(top)")
                }
            }
        }
        for i in 8..<(n - 8) {
            #expect(matrix.isDark(x: i, y: 6) == i.isMultiple(of: 2))
            #expect(matrix.isDark(x: 6, y: i) == i.isMultiple(of: 2))
        }
    }

    @Test func versionGrowsWithTextAndLevel() throws {
        let short = try QRMatrix(encoding: "a")
        #expect(short.size == 21 && short.version == 1)
        let long = try QRMatrix(encoding: QREncodeSamples.setupCode)
        #expect(long.size > short.size)
        let low = try QRMatrix(encoding: QREncodeSamples.setupCode, level: .low)
        let high = try QRMatrix(encoding: QREncodeSamples.setupCode, level: .high)
        #expect(low.version < high.version)
    }

    @Test func stringAndBytesAgree() throws {
        #expect(try QRMatrix(encoding: QREncodeSamples.unicode) == QRMatrix(encoding: Array(QREncodeSamples.unicode.utf8)))
        #expect(try QRMatrix(encoding: "a") != QRMatrix(encoding: "b"))
    }

    /// The largest 8-bit payload of a version-40 code fits; one byte more is refused with
    /// a message that says why.
    @Test(arguments: QRErrorCorrection.allCases)
    func capacityLimit(level: QRErrorCorrection) throws {
        let limits: [QRErrorCorrection: Int] = [.low: 2953, .medium: 2331, .quartile: 1663, .high: 1273]
        let limit = try #require(limits[level])
        let fits = try QRMatrix(encoding: [UInt8](repeating: 0x41, count: limit), level: level)
        #expect(fits.size == 177)
        let error = #expect(throws: ClawPairError.self) {
            try QRMatrix(encoding: [UInt8](repeating: 0x41, count: limit + 1), level: level)
        }
        #expect(error?.code == .qrEncodeFailed)
        #expect(error?.message.contains("too long") == true)
        #expect(error?.message.contains("\(limit)") == true)
    }

    @Test func emptyTextIsRefused() {
        #expect(throws: ClawPairError(.qrEncodeFailed, "")) { try QRMatrix(encoding: "") }
    }

    @Test func outsideTheSymbolIsLight() throws {
        let matrix = QRMatrix(size: 2, modules: [true, true, true, true])
        #expect(matrix.isDark(x: 1, y: 1))
        for (x, y) in [(-1, 0), (0, -1), (2, 0), (0, 2), (100, 100)] {
            #expect(!matrix.isDark(x: x, y: y))
        }
    }
}

extension QRErrorCorrection {
    /// The `-l` letter of the `qrencode` command.
    var qrencodeLetter: String {
        switch self {
        case .low: "L"
        case .medium: "M"
        case .quartile: "Q"
        case .high: "H"
        }
    }
}
