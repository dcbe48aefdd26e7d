/// Where a symbol of one version keeps its function patterns (ISO/IEC 18004 §6.3, §7.7.2)
/// and in which order its data modules carry the codewords (§7.7.3).
///
/// Built per decode: one `size × size` flag array, no per-module allocation, and for version
/// 10 about 3,000 modules, cheaper than keeping forty layouts alive in a short-lived process.
package struct QRSymbolLayout: Sendable {
    /// 1...40.
    package let version: Int
    /// Modules per side: 17 + 4 · version.
    package let size: Int
    /// `size × size`, row-major: true where a finder (with its separator), a timing pattern,
    /// an alignment pattern, the format information (with the dark module) or the version
    /// information sits; false in the encoding region.
    package let isFunction: [Bool]

    /// The layout of `version` (1...40).
    package init(version: Int) {
        precondition((1...40).contains(version), "QR versions are 1...40")
        let size = 17 + 4 * version
        self.version = version
        self.size = size
        var isFunction = [Bool](repeating: false, count: size * size)
        func mark(rows: Range<Int>, columns: Range<Int>) {
            for row in rows {
                for column in columns { isFunction[row * size + column] = true }
            }
        }
        // Finders with their separators and, in row and column 8, the format information
        // (§7.9.1) and the dark module at (size − 8, 8): 9 × 9, 9 × 8 and 8 × 9 corners.
        mark(rows: 0..<9, columns: 0..<9)
        mark(rows: 0..<9, columns: (size - 8)..<size)
        mark(rows: (size - 8)..<size, columns: 0..<9)
        // Timing patterns (§6.3.4): row 6 and column 6.
        mark(rows: 6..<7, columns: 0..<size)
        mark(rows: 0..<size, columns: 6..<7)
        // Alignment patterns (§6.3.5): 5 × 5 around every pair of centres, except the three
        // pairs that fall on finders.
        let centres = Self.alignmentPatternCentres[version - 1]
        let last = centres.count - 1
        for (rowIndex, row) in centres.enumerated() {
            for (columnIndex, column) in centres.enumerated() {
                let onFinder = (rowIndex == 0 && columnIndex == 0) || (rowIndex == 0 && columnIndex == last)
                    || (rowIndex == last && columnIndex == 0)
                if onFinder { continue }
                mark(rows: (Int(row) - 2)..<(Int(row) + 3), columns: (Int(column) - 2)..<(Int(column) + 3))
            }
        }
        // Version information (§7.10), from version 7: 6 × 3 left of the top-right finder's
        // separator and 3 × 6 above the bottom-left one's.
        if version >= 7 {
            mark(rows: 0..<6, columns: (size - 11)..<(size - 8))
            mark(rows: (size - 11)..<(size - 8), columns: 0..<6)
        }
        self.isFunction = isFunction
    }

    /// Calls `body(row, column, index)` for every module of the encoding region in the
    /// order the codewords' bits fill it (§7.7.3): two-module-wide columns from the right,
    /// alternately upwards and downwards, right module before left, skipping function
    /// modules; column 6 (the vertical timing pattern) is passed over, so the columns left of
    /// it pair up as (5, 4), (3, 2), (1, 0). `index` is `row * size + column`.
    @inline(__always)
    package func forEachDataModule(_ body: (_ row: Int, _ column: Int, _ index: Int) -> Void) {
        var right = size - 1
        var upward = true
        while right > 0 {
            if right == 6 { right -= 1 }
            for step in 0..<size {
                let row = upward ? size - 1 - step : step
                let rowStart = row * size
                if !isFunction[rowStart + right] { body(row, right, rowStart + right) }
                if !isFunction[rowStart + right - 1] { body(row, right - 1, rowStart + right - 1) }
            }
            upward.toggle()
            right -= 2
        }
    }

    /// The modules of the encoding region in placement order, as `row * size + column`.
    package var dataModules: [Int] {
        var modules: [Int] = []
        modules.reserveCapacity(size * size)
        forEachDataModule { _, _, index in modules.append(index) }
        return modules
    }

    /// The eight modules of codeword `codeword` of the interleaved sequence, most significant
    /// bit first, as `row * size + column` (the tests flip whole codewords through this).
    /// Walks the whole layout: for many codewords, take ``dataModules`` once and slice it.
    package func modules(ofCodeword codeword: Int) -> [Int] {
        Array(dataModules[(codeword * 8)..<(codeword * 8 + 8)])
    }

    /// The codewords the symbol carries, unmasked with `mask` (0...7): its ``dataModules``
    /// read eight at a time, most significant bit first; remainder bits past the last whole
    /// codeword (§7.7.3) are dropped.
    ///
    /// The placement walk of ``forEachDataModule(_:)`` written out over raw buffers, with the
    /// mask read from ``QRDataMask/periodTable``: it is the decoder's one pass over every module.
    package func readCodewords(_ modules: [Bool], mask: Int, count: Int) -> [UInt8] {
        precondition(modules.count == size * size && (0...7).contains(mask))
        var codewords = [UInt8](repeating: 0, count: count)
        let bitCount = min(count * 8, size * size)
        let size = size
        let period = QRDataMask.period
        let maskTable = QRDataMask.periodTable
        modules.withUnsafeBufferPointer { modules in
            isFunction.withUnsafeBufferPointer { isFunction in
                maskTable.withUnsafeBufferPointer { maskTable in
                    codewords.withUnsafeMutableBufferPointer { codewords in
                        let pattern = mask * period * period
                        var bit = 0
                        var accumulator = 0
                        var right = size - 1
                        var upward = true
                        columns: while right > 0, bit < bitCount {
                            if right == 6 { right -= 1 }
                            let rightPhase = right % period
                            let leftPhase = (right - 1) % period
                            for step in 0..<size {
                                let row = upward ? size - 1 - step : step
                                let rowStart = row * size
                                let maskRow = pattern + (row % period) * period
                                for half in 0..<2 {
                                    let index = rowStart + right - half
                                    let phase = half == 0 ? rightPhase : leftPhase
                                    if isFunction[index] { continue }
                                    accumulator = accumulator << 1 | (modules[index] != maskTable[maskRow + phase] ? 1 : 0)
                                    bit += 1
                                    if bit & 7 == 0 {
                                        codewords[(bit >> 3) - 1] = UInt8(truncatingIfNeeded: accumulator)
                                        if bit == bitCount { break columns }
                                    }
                                }
                            }
                            upward.toggle()
                            right -= 2
                        }
                    }
                }
            }
        }
        return codewords
    }

    /// Writes `codewords` into the encoding region of `modules` (a `size × size` grid), masked
    /// with `mask`; remainder bits are written as 0 before masking, as §7.7.3 asks.
    package func writeCodewords(_ codewords: [UInt8], into modules: inout [Bool], mask: Int) {
        var bit = 0
        let bitCount = codewords.count * 8
        forEachDataModule { row, column, index in
            let dark = bit < bitCount && codewords[bit >> 3] & (0x80 >> UInt8(bit & 7)) != 0
            modules[index] = dark != QRDataMask.flips(pattern: mask, row: row, column: column)
            bit += 1
        }
    }

    /// Centres of the alignment patterns, the same list for rows and columns, for versions
    /// 1...40 (ISO/IEC 18004 Annex E, Table E.1); version 1 has none.
    package static let alignmentPatternCentres: [[UInt8]] = [
        [],
        [6, 18], [6, 22], [6, 26], [6, 30], [6, 34],
        [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50], [6, 30, 54], [6, 32, 58], [6, 34, 62],
        [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74], [6, 30, 54, 78], [6, 30, 56, 82], [6, 30, 58, 86],
        [6, 34, 62, 90],
        [6, 28, 50, 72, 94], [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106],
        [6, 32, 58, 84, 110], [6, 30, 58, 86, 114], [6, 34, 62, 90, 118],
        [6, 26, 50, 74, 98, 122], [6, 30, 54, 78, 102, 126], [6, 26, 52, 78, 104, 130],
        [6, 30, 56, 82, 108, 134], [6, 34, 60, 86, 112, 138], [6, 30, 58, 86, 114, 142],
        [6, 34, 62, 90, 118, 146],
        [6, 30, 54, 78, 102, 126, 150], [6, 24, 50, 76, 102, 128, 154], [6, 28, 54, 80, 106, 132, 158],
        [6, 32, 58, 84, 110, 136, 162], [6, 26, 54, 82, 110, 138, 166], [6, 30, 58, 86, 114, 142, 170],
    ]
}
