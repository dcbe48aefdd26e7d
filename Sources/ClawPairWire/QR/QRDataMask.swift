/// The eight data mask patterns (ISO/IEC 18004 §7.8.2, Table 10): a module of the encoding
/// region is flipped where its pattern's condition holds, so that no symbol shows large
/// areas of one colour or finder-like runs. The format information names the one used.
package enum QRDataMask {
    /// Whether mask `pattern` (0...7) flips the module at `row` (i in Table 10) and `column`
    /// (j).
    @inline(__always)
    package static func flips(pattern: Int, row i: Int, column j: Int) -> Bool {
        switch pattern {
        case 0: (i + j) % 2 == 0
        case 1: i % 2 == 0
        case 2: j % 3 == 0
        case 3: (i + j) % 3 == 0
        case 4: (i / 2 + j / 3) % 2 == 0
        case 5: (i * j) % 2 + (i * j) % 3 == 0
        case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }

    /// Every pattern's conditions repeat every 12 rows and every 12 columns (12 is a multiple
    /// of each period: 2, 3, 4 and 6).
    package static let period = 12

    /// ``flips(pattern:row:column:)`` for rows and columns 0..<12, pattern p's 144 entries
    /// starting at p · 144, row-major: placement reads one entry per module instead of
    /// evaluating the pattern's divisions.
    package static let periodTable: [Bool] = (0..<8).flatMap { pattern in
        (0..<(period * period)).map { flips(pattern: pattern, row: $0 / period, column: $0 % period) }
    }
}
