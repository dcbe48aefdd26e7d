/// The format information of a symbol (ISO/IEC 18004 §7.9.1): its error-correction level and
/// data mask, 5 bits protected by a BCH(15,5) code and XOR-ed with 101010000010010 so that it
/// is never all light. It is written twice: around the top-left finder, and split between the
/// top-right and bottom-left finders.
package struct QRFormatInformation: Sendable, Hashable {
    /// The level of the symbol's Reed–Solomon blocks.
    package let errorCorrection: QRErrorCorrection
    /// The data mask pattern, 0...7 (§7.8.2).
    package let mask: Int

    /// Format information naming `errorCorrection` and `mask` (0...7).
    package init(errorCorrection: QRErrorCorrection, mask: Int) {
        precondition((0...7).contains(mask), "QR data masks are 0...7")
        self.errorCorrection = errorCorrection
        self.mask = mask
    }

    /// The 5 data bits (two level bits, three mask bits) from the low 5 bits of `dataBits`.
    package init(dataBits: Int) {
        self.init(errorCorrection: QRErrorCorrection(formatBits: dataBits >> 3), mask: dataBits & 0b111)
    }

    /// The 5 data bits: the level's two (``QRErrorCorrection/formatBits``), then the mask's three.
    package var dataBits: Int { errorCorrection.formatBits << 3 | mask }

    /// The 15 bits as placed in the symbol, masked.
    package var codeword: Int { Self.codewords[dataBits] }

    /// The valid format codeword nearest to `bits` (15 bits, as read) and the number of bits
    /// they differ in. Any two codewords differ in at least 7 bits, so one within 3 is the
    /// only one that close.
    package static func nearest(to bits: Int) -> (information: QRFormatInformation, distance: Int) {
        var best = 0
        var bestDistance = Int.max
        for (dataBits, codeword) in codewords.enumerated() {
            let distance = (codeword ^ bits).nonzeroBitCount
            if distance < bestDistance {
                best = dataBits
                bestDistance = distance
            }
        }
        return (QRFormatInformation(dataBits: best), bestDistance)
    }

    /// The format information each copy in `grid` is within 3 bit errors of: none, one, or
    /// two that differ (a copy damaged into another valid code), nearest first, the top-left
    /// copy first when both are as near. The decoder tries them in this order.
    package static func candidates(in grid: QRModuleGrid) -> [QRFormatInformation] {
        let first = nearest(to: read(copy: 0, from: grid))
        let second = nearest(to: read(copy: 1, from: grid))
        var found: [(QRFormatInformation, Int)] = []
        for (information, distance) in [first, second] where distance <= 3 && !found.contains(where: { $0.0 == information }) {
            found.append((information, distance))
        }
        if found.count == 2, found[1].1 < found[0].1 { found.swapAt(0, 1) }
        return found.map(\.0)
    }

    /// The 15 bits of copy `copy` (0: around the top-left finder; 1: beside the other two), bit
    /// 14 the most significant.
    package static func read(copy: Int, from grid: QRModuleGrid) -> Int {
        var bits = 0
        for bit in 0..<15 {
            let (row, column) = position(copy: copy, bit: bit, size: grid.size)
            if grid[row, column] { bits |= 1 << bit }
        }
        return bits
    }

    /// Where bit `bit` (0 least significant … 14) of copy `copy` sits (§7.9.1, Figure 25).
    /// Copy 0: bits 0–5 down column 8 from the top, 6 and 7 at rows 7 and 8 (row 6 is
    /// timing), 8 at column 7 of row 8, 9–14 leftwards along row 8 from column 5. Copy 1:
    /// bits 0–7 leftwards along row 8 from the right edge, 8–14 down column 8 from 7 modules
    /// above the bottom edge.
    package static func position(copy: Int, bit: Int, size: Int) -> (row: Int, column: Int) {
        if copy == 0 {
            switch bit {
            case 0...5: return (bit, 8)
            case 6: return (7, 8)
            case 7: return (8, 8)
            case 8: return (8, 7)
            default: return (8, 14 - bit)
            }
        }
        return bit < 8 ? (8, size - 1 - bit) : (size - 15 + bit, 8)
    }

    /// Writes both copies into `modules` (a `size × size` grid), and the dark module at
    /// (size − 8, 8) that sits beside the second copy and is always dark (§7.9.1).
    package func write(into modules: inout [Bool], size: Int) {
        for copy in 0..<2 {
            for bit in 0..<15 {
                let (row, column) = Self.position(copy: copy, bit: bit, size: size)
                modules[row * size + column] = codeword & (1 << bit) != 0
            }
        }
        modules[(size - 8) * size + 8] = true
    }

    /// The BCH(15,5) generator polynomial x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1 (ISO/IEC 18004
    /// Annex C).
    package static let generator = 0b101_0011_0111

    /// XOR-ed onto every format codeword (ISO/IEC 18004 §7.9.1): 101010000010010.
    package static let xorMask = 0b101_0100_0001_0010

    /// The 32 masked format codewords, indexed by their 5 data bits (ISO/IEC 18004 Annex C,
    /// Table C.1): each data value followed by its BCH remainder, XOR-ed with ``xorMask``.
    package static let codewords: [Int] = (0..<32).map { data in
        var remainder = data << 10
        for shift in stride(from: 4, through: 0, by: -1) where remainder & (1 << (10 + shift)) != 0 {
            remainder ^= generator << shift
        }
        return (data << 10 | remainder) ^ xorMask
    }
}
