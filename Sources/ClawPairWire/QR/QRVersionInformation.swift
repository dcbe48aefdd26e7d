/// The version information of symbols of version 7 and up (ISO/IEC 18004 §7.10): the version
/// in 6 bits protected by a BCH(18,6) code, unmasked, written twice: a 6 × 3 block left of
/// the top-right finder and its mirror image, 3 × 6, above the bottom-left finder.
///
/// Smaller symbols carry none; their size alone tells the version.
package enum QRVersionInformation {
    /// The BCH(18,6) generator polynomial x¹² + x¹¹ + x¹⁰ + x⁹ + x⁸ + x⁵ + x² + 1
    /// (ISO/IEC 18004 Annex D).
    package static let generator = 0b1_1111_0010_0101

    /// The 18-bit codewords of versions 7...40, indexed by version − 7 (ISO/IEC 18004
    /// Annex D, Table D.1): the version's 6 bits followed by their BCH remainder.
    package static let codewords: [Int] = (7...40).map { version in
        var remainder = version << 12
        for shift in stride(from: 5, through: 0, by: -1) where remainder & (1 << (12 + shift)) != 0 {
            remainder ^= generator << shift
        }
        return version << 12 | remainder
    }

    /// The codeword of `version` (7...40).
    package static func codeword(version: Int) -> Int { codewords[version - 7] }

    /// The version whose codeword is nearest to `bits` (18 bits, as read) and the number of
    /// bits they differ in. Codewords differ in at least 8 bits, so one within 3 is the only
    /// one that close.
    package static func nearest(to bits: Int) -> (version: Int, distance: Int) {
        var best = 7
        var bestDistance = Int.max
        for (index, codeword) in codewords.enumerated() {
            let distance = (codeword ^ bits).nonzeroBitCount
            if distance < bestDistance {
                best = index + 7
                bestDistance = distance
            }
        }
        return (best, bestDistance)
    }

    /// The versions named by the copies in `grid` that are within 3 bit errors of a
    /// codeword: empty when neither is readable.
    package static func readableVersions(in grid: QRModuleGrid) -> [Int] {
        var versions: [Int] = []
        for copy in 0..<2 {
            let (version, distance) = nearest(to: read(copy: copy, from: grid))
            if distance <= 3 { versions.append(version) }
        }
        return versions
    }

    /// The 18 bits of copy `copy` (0: top right; 1: bottom left), bit 17 the most significant.
    package static func read(copy: Int, from grid: QRModuleGrid) -> Int {
        var bits = 0
        for bit in 0..<18 {
            let (row, column) = position(copy: copy, bit: bit, size: grid.size)
            if grid[row, column] { bits |= 1 << bit }
        }
        return bits
    }

    /// Where bit `bit` (0 least significant … 17) of copy `copy` sits (§7.10, Figure 27): in
    /// the top-right block bit i is at row i / 3, column size − 11 + i % 3; the bottom-left
    /// block is its transpose.
    package static func position(copy: Int, bit: Int, size: Int) -> (row: Int, column: Int) {
        copy == 0 ? (bit / 3, size - 11 + bit % 3) : (size - 11 + bit % 3, bit / 3)
    }

    /// Writes both copies of `version`'s codeword into `modules` (a `size × size` grid).
    package static func write(version: Int, into modules: inout [Bool], size: Int) {
        let bits = codeword(version: version)
        for copy in 0..<2 {
            for bit in 0..<18 {
                let (row, column) = position(copy: copy, bit: bit, size: size)
                modules[row * size + column] = bits & (1 << bit) != 0
            }
        }
    }
}
