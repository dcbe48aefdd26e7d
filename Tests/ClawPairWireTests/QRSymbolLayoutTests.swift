import Testing
@testable import ClawPairWire

@Suite struct QRSymbolLayoutTests {
    /// Remainder bits per version (ISO/IEC 18004 Table 1): encoding-region modules past the
    /// last whole codeword.
    static func remainderBits(_ version: Int) -> Int {
        switch version {
        case 2...6: 7
        case 14...20, 28...34: 3
        case 21...27: 4
        default: 0
        }
    }

    /// Counting the layout's free modules gives Table 1's codewords and remainder bits: the
    /// function patterns are exactly where the standard puts them.
    @Test(arguments: 1...40)
    func encodingRegionHoldsTheCodewordsAndRemainderBits(version: Int) {
        let layout = QRSymbolLayout(version: version)
        #expect(layout.size == 17 + 4 * version)
        let modules = layout.dataModules
        #expect(modules.count == QRBlockLayout.totalCodewords[version - 1] * 8 + Self.remainderBits(version))
        #expect(Set(modules).count == modules.count)
        #expect(modules.allSatisfy { !layout.isFunction[$0] })
        #expect(layout.isFunction.filter { !$0 }.count == modules.count, "every free module is visited")
    }

    /// Annex E: the first centre is 6, the last size − 7, the ones after the first evenly
    /// spaced by an even step, version / 7 + 2 of them from version 2.
    @Test func alignmentCentresFollowAnnexE() {
        #expect(QRSymbolLayout.alignmentPatternCentres.count == 40)
        #expect(QRSymbolLayout.alignmentPatternCentres[0].isEmpty)
        for version in 2...40 {
            let centres = QRSymbolLayout.alignmentPatternCentres[version - 1].map(Int.init)
            #expect(centres.count == version / 7 + 2, "version \(version)")
            #expect(centres.first == 6 && centres.last == 17 + 4 * version - 7, "version \(version)")
            let steps = zip(centres.dropFirst(), centres.dropFirst(2)).map { $1 - $0 }
            #expect(Set(steps).count <= 1 && steps.allSatisfy { $0.isMultiple(of: 2) }, "version \(version)")
            // The first gap is the remainder, never longer than the step, except in version 32
            // (6, 34, 60, …), as Table E.1 has it.
            #expect(centres[1] - centres[0] <= (steps.first ?? .max) || version == 32, "version \(version)")
        }
    }

    /// §7.7.3: placement starts at the bottom-right corner going up, right module first, and
    /// the pair of columns left of the vertical timing pattern is (5, 4).
    @Test func placementOrder() {
        let layout = QRSymbolLayout(version: 1)
        let size = layout.size
        let modules = layout.dataModules
        #expect(Array(modules.prefix(4)) == [(20, 20), (20, 19), (19, 20), (19, 19)].map { $0 * size + $1 })
        #expect(layout.modules(ofCodeword: 0) == Array(modules.prefix(8)))
        #expect(!modules.contains { $0 % size == 6 }, "column 6 is the timing pattern")
        #expect(modules.last == (size - 9) * size + 0, "the last module: bottom of the leftmost column pair, above the finder")
    }

    /// Writing codewords and reading them back under every mask gives them back; the remainder
    /// bits are dropped.
    @Test(arguments: [1, 2, 7, 14, 40])
    func codewordsRoundTrip(version: Int) {
        let layout = QRSymbolLayout(version: version)
        let count = QRBlockLayout.totalCodewords[version - 1]
        let codewords = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for mask in 0..<8 {
            var modules = [Bool](repeating: false, count: layout.size * layout.size)
            layout.writeCodewords(codewords, into: &modules, mask: mask)
            #expect(layout.readCodewords(modules, mask: mask, count: count) == codewords, "mask \(mask)")
        }
    }
}
