/// A sampled QR symbol: `size × size` modules, row-major from the top left, `true` = dark.
///
/// What the image side hands ``QRSymbolDecoder``: the modules as sampled, quiet zone
/// excluded, not yet checked in any way beyond their count.
public struct QRModuleGrid: Sendable, Hashable {
    /// Modules per side: 17 + 4v for version v (ISO/IEC 18004 §6.3.1), 21...177.
    public let size: Int
    /// Row-major from the top left, `true` for dark; `size * size` entries.
    package let modules: [Bool]

    /// A grid of `modules` (row by row from the top left, `true` for dark).
    ///
    /// Returns nil unless `size == 17 + 4v` for a version v in 1...40 and
    /// `modules.count == size * size`.
    public init?(size: Int, modules: [Bool]) {
        guard (21...177).contains(size), (size - 17) % 4 == 0, modules.count == size * size else { return nil }
        self.size = size
        self.modules = modules
    }

    /// The symbol version (1...40) a grid of this size has.
    package var version: Int { (size - 17) / 4 }

    /// Whether the module at `row`, `column` (from the top left) is dark.
    ///
    /// - Precondition: both are in `0..<size`.
    public subscript(row: Int, column: Int) -> Bool {
        precondition(row >= 0 && row < size && column >= 0 && column < size, "module outside the grid")
        return modules[row * size + column]
    }

    /// The grid mirrored across its main diagonal (row ↔ column): how a code seen in a
    /// mirror, or printed mirrored, samples. ``QRSymbolDecoder`` does not try it by itself;
    /// the caller does.
    public var transposed: QRModuleGrid {
        var mirrored = [Bool](repeating: false, count: modules.count)
        for row in 0..<size {
            for column in 0..<size { mirrored[column * size + row] = modules[row * size + column] }
        }
        return QRModuleGrid(validated: size, mirrored)
    }

    /// A grid whose size and module count the caller has already checked.
    package init(validated size: Int, _ modules: [Bool]) {
        assert(modules.count == size * size)
        self.size = size
        self.modules = modules
    }
}
