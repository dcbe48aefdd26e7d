/// How one symbol's codewords split into Reed–Solomon blocks (ISO/IEC 18004 §7.5.1, Table 9)
/// and how the blocks interleave into the sequence placed in the matrix (§7.6).
///
/// A version and level have `blockCount` blocks of `parityCodewordsPerBlock` parity
/// codewords each. The data codewords share out as evenly as they can: the first blocks
/// (Table 9's first group) hold ``shortBlockDataCodewords``, the last ``longBlockCount``
/// (the second group) one more. Interleaving takes data codeword 0 of every block, then
/// data codeword 1 …, the long blocks' last data codewords, then the parity codewords in
/// the same way.
package struct QRBlockLayout: Sendable, Hashable {
    /// 1...40.
    package let version: Int
    package let errorCorrection: QRErrorCorrection
    /// Every codeword of the symbol, data and parity (Table 1).
    package let totalCodewords: Int
    /// Reed–Solomon blocks.
    package let blockCount: Int
    /// Parity (error-correction) codewords in each block; the same for every block.
    package let parityCodewordsPerBlock: Int
    /// Data codewords in each block of the first group.
    package let shortBlockDataCodewords: Int
    /// Blocks (the last ones) holding one data codeword more than the first group.
    package let longBlockCount: Int
    /// The most damaged codewords a block may have and still be corrected:
    /// ⌊(parity − p) / 2⌋, p being the misdecode-protection codewords of Table 9.
    package let correctableCodewordsPerBlock: Int

    /// The layout of `version` (1...40) at `errorCorrection`.
    package init(version: Int, errorCorrection: QRErrorCorrection) {
        precondition((1...40).contains(version), "QR versions are 1...40")
        let level = errorCorrection.tableIndex
        self.version = version
        self.errorCorrection = errorCorrection
        totalCodewords = Self.totalCodewords[version - 1]
        blockCount = Int(Self.blockCounts[level][version - 1])
        parityCodewordsPerBlock = Int(Self.parityCodewordsPerBlock[level][version - 1])
        let dataCodewords = totalCodewords - blockCount * parityCodewordsPerBlock
        shortBlockDataCodewords = dataCodewords / blockCount
        longBlockCount = dataCodewords % blockCount
        let protection = version <= 3 ? Int(Self.misdecodeProtection[level][version - 1]) : 0
        correctableCodewordsPerBlock = (parityCodewordsPerBlock - protection) / 2
    }

    /// Data codewords of the whole symbol: the bit stream's capacity in bytes.
    package var dataCodewordCount: Int { totalCodewords - blockCount * parityCodewordsPerBlock }

    /// Data codewords of block `block` (0-based, in the standard's order).
    package func dataCodewordCount(inBlock block: Int) -> Int {
        shortBlockDataCodewords + (block >= blockCount - longBlockCount ? 1 : 0)
    }

    /// Data and parity codewords of block `block`.
    package func codewordCount(inBlock block: Int) -> Int {
        dataCodewordCount(inBlock: block) + parityCodewordsPerBlock
    }

    /// Where block `block` starts when the blocks are laid one after another, each its data
    /// then its parity (the order ``deinterleave(_:)`` returns).
    package func blockStart(_ block: Int) -> Int {
        let shortBlocks = blockCount - longBlockCount
        let shortLength = shortBlockDataCodewords + parityCodewordsPerBlock
        return block * shortLength + max(0, block - shortBlocks)
    }

    /// Where codeword `codeword` of block `block` (data first, then parity) stands in the
    /// symbol's interleaved codeword sequence (§7.6).
    package func interleavedIndex(block: Int, codeword: Int) -> Int {
        let shortBlocks = blockCount - longBlockCount
        if codeword < shortBlockDataCodewords {
            return codeword * blockCount + block
        }
        let dataLength = dataCodewordCount(inBlock: block)
        if codeword < dataLength {
            // The long blocks' extra data codeword comes after every block's first ones.
            return shortBlockDataCodewords * blockCount + (block - shortBlocks)
        }
        return dataCodewordCount + (codeword - dataLength) * blockCount + block
    }

    /// The interleaved codewords (as read from the matrix) laid out block after block, each
    /// block's data then its parity.
    package func deinterleave(_ codewords: [UInt8]) -> [UInt8] {
        precondition(codewords.count == totalCodewords, "a symbol has \(totalCodewords) codewords")
        var blocks = [UInt8](repeating: 0, count: totalCodewords)
        var next = 0
        let shortBlocks = blockCount - longBlockCount
        // Walk the interleaved sequence in order, writing each codeword into its block.
        for codeword in 0...shortBlockDataCodewords {
            for block in 0..<blockCount where codeword < shortBlockDataCodewords || block >= shortBlocks {
                blocks[blockStart(block) + codeword] = codewords[next]
                next += 1
            }
        }
        for codeword in 0..<parityCodewordsPerBlock {
            for block in 0..<blockCount {
                blocks[blockStart(block) + dataCodewordCount(inBlock: block) + codeword] = codewords[next]
                next += 1
            }
        }
        return blocks
    }

    /// The inverse of ``deinterleave(_:)``: blocks laid one after another, interleaved.
    package func interleave(_ blocks: [UInt8]) -> [UInt8] {
        precondition(blocks.count == totalCodewords, "a symbol has \(totalCodewords) codewords")
        var codewords = [UInt8](repeating: 0, count: totalCodewords)
        for block in 0..<blockCount {
            let start = blockStart(block)
            for codeword in 0..<codewordCount(inBlock: block) {
                codewords[interleavedIndex(block: block, codeword: codeword)] = blocks[start + codeword]
            }
        }
        return codewords
    }

    // MARK: Tables

    /// Codewords per symbol for versions 1...40 (ISO/IEC 18004 Table 1): the modules left
    /// after the function patterns (§6.3: three finders with separators, 31 format modules
    /// with the dark module, two timing patterns, the alignment patterns, and from version 7
    /// two 18-module version blocks), divided by 8; the remainder bits are left unused.
    package static let totalCodewords: [Int] = (1...40).map { version in
        let size = 17 + 4 * version
        let alignmentCentres = version == 1 ? 0 : version / 7 + 2
        // Alignment patterns: a grid of centres less the three under finders; those in row or
        // column 6 overlap the timing patterns by 5 modules each.
        let alignmentModules = alignmentCentres == 0 ? 0 : 25 * (alignmentCentres * alignmentCentres - 3) - 10 * (alignmentCentres - 2)
        let functionModules = 3 * 64 + 31 + 2 * (size - 16) + alignmentModules + (version >= 7 ? 36 : 0)
        return (size * size - functionModules) / 8
    }

    /// Error-correction codewords per block, by level (low, medium, quartile, high) and
    /// version 1...40 (ISO/IEC 18004 Table 9, column "number of error correction codewords"
    /// divided by the number of blocks).
    package static let parityCodewordsPerBlock: [[UInt8]] = [
        [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
         28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
         26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
         28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
         30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    /// Reed–Solomon blocks, both groups together, by level (low, medium, quartile, high) and
    /// version 1...40 (ISO/IEC 18004 Table 9, column "number of error correction blocks").
    package static let blockCounts: [[UInt8]] = [
        [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
         8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
         17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
         23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
         25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]

    /// Misdecode-protection codewords p of versions 1...3, by level (low, medium, quartile,
    /// high) (ISO/IEC 18004 Table 9, footnote on p): parity codewords the standard reserves for
    /// detecting, not correcting, errors in the smallest symbols. Zero for every larger one.
    package static let misdecodeProtection: [[UInt8]] = [
        [3, 2, 1],
        [2, 0, 0],
        [1, 0, 0],
        [1, 0, 0],
    ]
}
