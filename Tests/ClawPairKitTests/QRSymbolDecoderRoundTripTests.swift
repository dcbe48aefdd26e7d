import ClawPairKit
import ClawPairTestSupport
import Testing

/// ClawPairWire's QR symbol decoder against libqrencode, an independent encoder, through
/// Kit's QRMatrix: every version at every level, clean and damaged. The block layout and
/// module placement come from Wire's `package` API (QRBlockLayout, QRSymbolLayout).
@Suite struct QRSymbolDecoderRoundTripTests {
    /// The most bytes one byte-mode segment fits in `version` at `level`: the data codewords
    /// less 4 mode bits and an 8-bit (versions 1–9) or 16-bit count (ISO/IEC 18004 Table 7).
    static func byteCapacity(_ version: Int, _ level: QRErrorCorrection) -> Int {
        guard version > 0 else { return 0 }
        let bits = QRBlockLayout(version: version, errorCorrection: level).dataCodewordCount * 8
        return (bits - 4 - (version <= 9 ? 8 : 16)) / 8
    }

    /// The eight modules of an interleaved codeword, from the placement order.
    static func modules(ofCodeword codeword: Int, in placement: [Int]) -> ArraySlice<Int> {
        placement[(codeword * 8)..<(codeword * 8 + 8)]
    }

    static func grid(_ matrix: QRMatrix) throws -> QRModuleGrid {
        var modules: [Bool] = []
        modules.reserveCapacity(matrix.size * matrix.size)
        for row in 0..<matrix.size {
            for column in 0..<matrix.size { modules.append(matrix.isDark(x: column, y: row)) }
        }
        return try #require(QRModuleGrid(size: matrix.size, modules: modules))
    }

    /// A seeded random payload sized to need exactly `version` at `level` (longer than the
    /// version below holds), encoded by libqrencode, which picks the smallest version.
    static func encode(version: Int, level: QRErrorCorrection, using random: inout SplitMix64) throws -> (payload: [UInt8], grid: QRModuleGrid) {
        let length = Int.random(in: (byteCapacity(version - 1, level) + 1)...byteCapacity(version, level), using: &random)
        let payload = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
        let grid = try grid(QRMatrix(encoding: payload, level: level))
        try #require(grid.size == 17 + 4 * version, "libqrencode chose another version for \(length) bytes at \(version)-\(level)")
        return (payload, grid)
    }

    /// 160 symbols: payload, version, level, and the mask libqrencode chose (read back from
    /// its format information, identical in both copies) all come back; nothing to correct.
    @Test(arguments: QRErrorCorrection.allCases)
    func everyVersionDecodes(level: QRErrorCorrection) throws {
        var random = SplitMix64(seed: 0x5152 + UInt64(level.tableIndex))
        for version in 1...40 {
            let (payload, grid) = try Self.encode(version: version, level: level, using: &random)
            let symbol = try QRSymbolDecoder.decode(grid)
            #expect(symbol.payload == payload, "\(version)-\(level)")
            #expect(symbol.version == version && symbol.errorCorrection == level && symbol.correctedCodewords == 0, "\(version)-\(level)")
            let first = QRFormatInformation.read(copy: 0, from: grid)
            #expect(first == QRFormatInformation.read(copy: 1, from: grid))
            #expect(QRFormatInformation.nearest(to: first).distance == 0)
            #expect(symbol.mask == QRFormatInformation.nearest(to: first).information.mask && (0...7).contains(symbol.mask))
        }
    }

    /// The same 160 symbols with as many whole codewords flipped in every block as the block
    /// can correct (⌊parity / 2⌋, less the misdecode-protection codewords of versions 1–3):
    /// each decodes, reporting exactly that many corrections.
    @Test(arguments: QRErrorCorrection.allCases)
    func damagedCodewordsAreCorrected(level: QRErrorCorrection) throws {
        var random = SplitMix64(seed: 0xDA3A + UInt64(level.tableIndex))
        for version in 1...40 {
            let (payload, grid) = try Self.encode(version: version, level: level, using: &random)
            let blocks = QRBlockLayout(version: version, errorCorrection: level)
            let placement = QRSymbolLayout(version: version).dataModules
            var modules = grid.modules
            var flipped = 0
            for block in 0..<blocks.blockCount {
                let codewords = Array(0..<blocks.codewordCount(inBlock: block)).shuffled(using: &random)
                for codeword in codewords.prefix(blocks.correctableCodewordsPerBlock) {
                    for module in Self.modules(ofCodeword: blocks.interleavedIndex(block: block, codeword: codeword), in: placement) {
                        modules[module].toggle()
                    }
                    flipped += 1
                }
            }
            let damaged = try #require(QRModuleGrid(size: grid.size, modules: modules))
            let symbol = try QRSymbolDecoder.decode(damaged)
            #expect(symbol.payload == payload, "\(version)-\(level)")
            #expect(symbol.correctedCodewords == flipped, "\(version)-\(level)")
        }
    }

    /// Every format bit of one copy flipped (which reads as another valid format code): the
    /// other copy still decodes the symbol.
    @Test(arguments: QRErrorCorrection.allCases)
    func oneFormatCopyMayBeLost(level: QRErrorCorrection) throws {
        var random = SplitMix64(seed: 0xF0 + UInt64(level.tableIndex))
        for version in 1...40 {
            let (payload, grid) = try Self.encode(version: version, level: level, using: &random)
            let copy = version % 2
            var modules = grid.modules
            for bit in 0..<15 {
                let (row, column) = QRFormatInformation.position(copy: copy, bit: bit, size: grid.size)
                modules[row * grid.size + column].toggle()
            }
            let symbol = try QRSymbolDecoder.decode(try #require(QRModuleGrid(size: grid.size, modules: modules)))
            #expect(symbol.payload == payload && symbol.errorCorrection == level, "\(version)-\(level), copy \(copy)")
        }
    }
}
