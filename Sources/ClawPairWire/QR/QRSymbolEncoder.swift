/// Draws QR symbols from data codewords (ISO/IEC 18004 §7.5–7.10): the decoder's inverse, for
/// its tests and fuzz target (which re-render what decoded and decode it again). Not the
/// product's encoder: `clawpair qr` draws with libqrencode (ClawPairKit's QRMatrix), which
/// also chooses versions, segments and masks.
package enum QRSymbolEncoder {
    /// The symbol of `version` at `errorCorrection` carrying `dataCodewords` (exactly
    /// ``QRBlockLayout/dataCodewordCount`` of them), with their Reed–Solomon parity,
    /// interleaved, placed and masked with `mask`, function patterns and format and version
    /// information drawn.
    package static func grid(dataCodewords: [UInt8], version: Int, errorCorrection: QRErrorCorrection, mask: Int) -> QRModuleGrid {
        let blocks = QRBlockLayout(version: version, errorCorrection: errorCorrection)
        precondition(dataCodewords.count == blocks.dataCodewordCount, "version \(version)-\(errorCorrection) holds \(blocks.dataCodewordCount) data codewords")
        // §7.5.2: parity per block; §7.6: interleaved.
        var laidOut: [UInt8] = []
        laidOut.reserveCapacity(blocks.totalCodewords)
        var next = 0
        for block in 0..<blocks.blockCount {
            let data = Array(dataCodewords[next..<(next + blocks.dataCodewordCount(inBlock: block))])
            next += data.count
            laidOut += data
            laidOut += QRReedSolomon.parity(for: data, count: blocks.parityCodewordsPerBlock)
        }
        let layout = QRSymbolLayout(version: version)
        let size = layout.size
        var modules = [Bool](repeating: false, count: size * size)
        layout.writeCodewords(blocks.interleave(laidOut), into: &modules, mask: mask)
        drawFunctionPatterns(version: version, into: &modules, size: size)
        QRFormatInformation(errorCorrection: errorCorrection, mask: mask).write(into: &modules, size: size)
        if version >= 7 { QRVersionInformation.write(version: version, into: &modules, size: size) }
        return QRModuleGrid(validated: size, modules)
    }

    /// The data codewords of one byte-mode segment holding `payload` (§7.4.5), terminated and
    /// padded to the capacity of `version` at `errorCorrection`; nil when it does not fit.
    package static func byteModeCodewords(_ payload: [UInt8], version: Int, errorCorrection: QRErrorCorrection) -> [UInt8]? {
        let countBits = QRSegmentMode.byte.characterCountBits(version: version)
        guard payload.count < 1 << countBits else { return nil }
        var writer = QRBitWriter()
        writer.write(QRSegmentMode.byte.rawValue, bits: 4)
        writer.write(payload.count, bits: countBits)
        for byte in payload { writer.write(Int(byte), bits: 8) }
        return writer.codewords(capacity: QRBlockLayout(version: version, errorCorrection: errorCorrection).dataCodewordCount)
    }

    /// Finder patterns (§6.3.2) with their light separators, timing patterns (§6.3.4) and
    /// alignment patterns (§6.3.5); the format and version information are drawn by their
    /// own types.
    private static func drawFunctionPatterns(version: Int, into modules: inout [Bool], size: Int) {
        func ring(_ a: Int, _ b: Int) -> Int { max(abs(a), abs(b)) }
        for (top, left) in [(0, 0), (0, size - 7), (size - 7, 0)] {
            // Separators: the light band one module wide around each finder.
            for row in max(0, top - 1)...min(size - 1, top + 7) {
                for column in max(0, left - 1)...min(size - 1, left + 7) {
                    let inside = (top..<(top + 7)).contains(row) && (left..<(left + 7)).contains(column)
                    // 7 × 7: dark outer ring, light ring, dark 3 × 3 centre.
                    modules[row * size + column] = inside && ring(row - top - 3, column - left - 3) != 2
                }
            }
        }
        for index in 8..<(size - 8) {
            modules[6 * size + index] = index % 2 == 0
            modules[index * size + 6] = index % 2 == 0
        }
        let centres = QRSymbolLayout.alignmentPatternCentres[version - 1].map(Int.init)
        let last = centres.count - 1
        for (rowIndex, row) in centres.enumerated() {
            for (columnIndex, column) in centres.enumerated() {
                if (rowIndex == 0 && (columnIndex == 0 || columnIndex == last)) || (rowIndex == last && columnIndex == 0) { continue }
                for dr in -2...2 {
                    for dc in -2...2 { modules[(row + dr) * size + column + dc] = ring(dr, dc) != 1 }
                }
            }
        }
    }
}
