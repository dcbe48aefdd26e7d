import Testing
@testable import ClawPairWire

@Suite struct QRBlockLayoutTests {
    /// ISO/IEC 18004 Table 1: codewords per symbol, versions 1...40.
    static let table1 = [
        26, 44, 70, 100, 134, 172, 196, 242, 292, 346, 404, 466, 532, 581, 655, 733, 815, 901, 991, 1085,
        1156, 1258, 1364, 1474, 1588, 1706, 1828, 1921, 2051, 2185, 2323, 2465, 2611, 2761, 2876, 3034, 3196, 3362, 3532, 3706,
    ]

    @Test func totalCodewordsMatchTable1() {
        #expect(QRBlockLayout.totalCodewords == Self.table1)
    }

    /// Byte-mode capacities of ISO/IEC 18004 Table 7 follow from the data codewords: 4 mode
    /// bits and an 8- or 16-bit count before the bytes.
    @Test func byteCapacitiesMatchTable7() {
        func capacity(_ version: Int, _ level: QRErrorCorrection) -> Int {
            (QRBlockLayout(version: version, errorCorrection: level).dataCodewordCount * 8 - 4 - (version <= 9 ? 8 : 16)) / 8
        }
        #expect(QRErrorCorrection.allCases.map { capacity(1, $0) } == [17, 14, 11, 7])
        #expect(QRErrorCorrection.allCases.map { capacity(10, $0) } == [271, 213, 151, 119])
        #expect(QRErrorCorrection.allCases.map { capacity(40, $0) } == QRErrorCorrection.allCases.map(\.maximumByteCount))
        // Annex I's symbol: 1-M holds 16 data codewords in one block with 10 parity.
        let annexI = QRBlockLayout(version: 1, errorCorrection: .medium)
        #expect(annexI.dataCodewordCount == 16 && annexI.blockCount == 1 && annexI.parityCodewordsPerBlock == 10)
    }

    /// Table 9's blocks, spot-checked as the standard writes them: (count, (c, k, r)) per group.
    @Test func blockGroupsMatchTable9() {
        let version5Q = QRBlockLayout(version: 5, errorCorrection: .quartile)   // 2 × (33,15,9), 2 × (34,16,9)
        #expect(version5Q.blockCount == 4 && version5Q.longBlockCount == 2 && version5Q.shortBlockDataCodewords == 15)
        #expect(version5Q.codewordCount(inBlock: 0) == 33 && version5Q.codewordCount(inBlock: 3) == 34)
        let version40L = QRBlockLayout(version: 40, errorCorrection: .low)   // 19 × (148,118,15), 6 × (149,119,15)
        #expect(version40L.blockCount == 25 && version40L.longBlockCount == 6 && version40L.shortBlockDataCodewords == 118)
        let version40H = QRBlockLayout(version: 40, errorCorrection: .high)   // 20 × (45,15,15), 61 × (46,16,15)
        #expect(version40H.blockCount == 81 && version40H.longBlockCount == 61 && version40H.parityCodewordsPerBlock == 30)
    }

    /// Versions 1–3 keep p misdecode-protection codewords out of the correction (Table 9).
    @Test func correctableCodewords() {
        let expected: [(Int, QRErrorCorrection, Int)] = [
            (1, .low, 2), (1, .medium, 4), (1, .quartile, 6), (1, .high, 8), (2, .low, 4), (3, .low, 7),
            (2, .medium, 8), (3, .medium, 13), (4, .low, 10), (40, .high, 15),
        ]
        for (version, level, correctable) in expected {
            #expect(QRBlockLayout(version: version, errorCorrection: level).correctableCodewordsPerBlock == correctable, "\(version)-\(level)")
        }
    }

    /// Interleaving is a permutation, its inverse is de-interleaving, and interleavedIndex
    /// agrees with both, for every version and level.
    @Test(arguments: QRErrorCorrection.allCases)
    func interleavingRoundTrips(level: QRErrorCorrection) {
        for version in 1...40 {
            let layout = QRBlockLayout(version: version, errorCorrection: level)
            let blocks = (0..<layout.totalCodewords).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ version) }
            let interleaved = layout.interleave(blocks)
            #expect(layout.deinterleave(interleaved) == blocks, "\(version)-\(level)")
            var seen = Set<Int>()
            for block in 0..<layout.blockCount {
                for codeword in 0..<layout.codewordCount(inBlock: block) {
                    seen.insert(layout.interleavedIndex(block: block, codeword: codeword))
                }
            }
            #expect(seen == Set(0..<layout.totalCodewords), "\(version)-\(level)")
            // §7.6: the sequence opens with every block's first data codeword, in block order.
            #expect((0..<layout.blockCount).map { interleaved[$0] } == (0..<layout.blockCount).map { blocks[layout.blockStart($0)] })
        }
    }
}
