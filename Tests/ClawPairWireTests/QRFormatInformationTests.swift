import Testing
@testable import ClawPairWire

@Suite struct QRFormatInformationTests {
    /// ISO/IEC 18004 Annex C, Table C.1: the masked format codewords, mask 0...7 in order.
    static let tableC1: [QRErrorCorrection: [Int]] = [
        .low: [0x77C4, 0x72F3, 0x7DAA, 0x789D, 0x662F, 0x6318, 0x6C41, 0x6976],
        .medium: [0x5412, 0x5125, 0x5E7C, 0x5B4B, 0x45F9, 0x40CE, 0x4F97, 0x4AA0],
        .quartile: [0x355F, 0x3068, 0x3F31, 0x3A06, 0x24B4, 0x2183, 0x2EDA, 0x2BED],
        .high: [0x1689, 0x13BE, 0x1CE7, 0x19D0, 0x0762, 0x0255, 0x0D0C, 0x083B],
    ]

    /// A 15-bit word at least 4 bits from every format codeword (one exists: the code's
    /// covering radius is above 3).
    static let unreadable: Int = (0..<(1 << 15)).first { QRFormatInformation.nearest(to: $0).distance >= 4 } ?? 0

    static var allFormats: [QRFormatInformation] {
        QRErrorCorrection.allCases.flatMap { level in (0..<8).map { QRFormatInformation(errorCorrection: level, mask: $0) } }
    }

    @Test func codewordsMatchTableC1() {
        for format in Self.allFormats {
            #expect(format.codeword == Self.tableC1[format.errorCorrection]?[format.mask], "\(format)")
            #expect(QRFormatInformation(dataBits: format.dataBits) == format)
        }
    }

    @Test func levelBitsAreTheStandards() {
        #expect(QRErrorCorrection.allCases.map(\.formatBits) == [0b01, 0b00, 0b11, 0b10])
        for level in QRErrorCorrection.allCases { #expect(QRErrorCorrection(formatBits: level.formatBits) == level) }
    }

    /// Every one of the 32 codes decodes as itself with 0, 1, 2 or 3 bits flipped, in every
    /// combination of positions.
    @Test func everyCodeDecodesWithUpToThreeFlippedBits() {
        var flipSets: [Int] = [0]
        for a in 0..<15 {
            flipSets.append(1 << a)
            for b in (a + 1)..<15 {
                flipSets.append(1 << a | 1 << b)
                for c in (b + 1)..<15 { flipSets.append(1 << a | 1 << b | 1 << c) }
            }
        }
        #expect(flipSets.count == 1 + 15 + 105 + 455)
        for format in Self.allFormats {
            for flips in flipSets {
                let (found, distance) = QRFormatInformation.nearest(to: format.codeword ^ flips)
                guard found == format, distance == flips.nonzeroBitCount else {
                    Issue.record("\(format) with bits \(String(flips, radix: 2)) flipped read as \(found)")
                    return
                }
            }
        }
    }

    /// The codes are at least 7 bits apart, so "within 3" never has two answers.
    @Test func codesAreSevenBitsApart() {
        #expect(QRFormatInformation.nearest(to: Self.unreadable).distance >= 4)
        let codes = QRFormatInformation.codewords
        for i in codes.indices {
            for j in codes.indices where i < j { #expect((codes[i] ^ codes[j]).nonzeroBitCount >= 7) }
        }
    }

    /// Written into a grid, both copies read back; one copy damaged (even into another valid
    /// code) leaves the other as a candidate; both further than 3 bits leave none.
    @Test func copiesInAGrid() throws {
        let format = QRFormatInformation(errorCorrection: .quartile, mask: 5)
        let size = 25
        var modules = [Bool](repeating: false, count: size * size)
        format.write(into: &modules, size: size)
        var grid = try #require(QRModuleGrid(size: size, modules: modules))
        #expect(QRFormatInformation.read(copy: 0, from: grid) == format.codeword)
        #expect(QRFormatInformation.read(copy: 1, from: grid) == format.codeword)
        #expect(grid[size - 8, 8], "the dark module")
        #expect(QRFormatInformation.candidates(in: grid) == [format])

        // Complementing all 15 bits of a copy gives another valid code (the BCH code holds the
        // all-ones word): both are candidates, the undamaged copy's not first by rank but present.
        for bit in 0..<15 {
            let (row, column) = QRFormatInformation.position(copy: 0, bit: bit, size: size)
            modules[row * size + column].toggle()
        }
        grid = try #require(QRModuleGrid(size: size, modules: modules))
        let complement = QRFormatInformation.nearest(to: format.codeword ^ 0x7FFF)
        #expect(complement.distance == 0)
        #expect(Set(QRFormatInformation.candidates(in: grid)) == [format, complement.information])

        // The second copy overwritten with a word 4 or more bits from every code: only the
        // complemented first copy is left.
        for bit in 0..<15 {
            let (row, column) = QRFormatInformation.position(copy: 1, bit: bit, size: size)
            modules[row * size + column] = Self.unreadable & (1 << bit) != 0
        }
        grid = try #require(QRModuleGrid(size: size, modules: modules))
        #expect(QRFormatInformation.candidates(in: grid) == [complement.information])
    }

    /// The two copies occupy 30 distinct modules, none of them the dark module.
    @Test func positionsAreDistinct() {
        for size in [21, 57, 177] {
            var seen = Set<Int>()
            for copy in 0..<2 {
                for bit in 0..<15 {
                    let (row, column) = QRFormatInformation.position(copy: copy, bit: bit, size: size)
                    seen.insert(row * size + column)
                }
            }
            #expect(seen.count == 30 && !seen.contains((size - 8) * size + 8) && !seen.contains(6 * size + 8))
        }
    }
}
