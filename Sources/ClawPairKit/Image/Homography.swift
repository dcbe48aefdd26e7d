/// A point in image coordinates (x to the right, y down, in pixels) or in a code's module grid.
struct PlanePoint: Sendable, Hashable {
    var x: Double
    var y: Double

    init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    func distance(to other: PlanePoint) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// A projective map of the plane: what a camera does to a flat code seen at an angle.
///
/// (x, y) maps to ((a x + b y + c) / (g x + h y + 1), (d x + e y + f) / (g x + h y + 1)); four
/// point pairs, no three of them on a line, fix the eight coefficients.
struct Homography: Sendable, Equatable {
    /// a, b, c, d, e, f, g, h, row by row; the ninth coefficient is 1.
    let coefficients: [Double]

    /// The map that takes each of `sources` to the `targets` at the same index.
    ///
    /// Returns nil unless there are exactly four pairs in general position (no three on a
    /// line, in either set), where no such map exists or it is not unique.
    init?(mapping sources: [PlanePoint], to targets: [PlanePoint]) {
        guard sources.count == 4, targets.count == 4 else { return nil }
        // Two linear equations per pair in the eight unknowns (multiplying out the division).
        var rows: [[Double]] = []
        for (s, t) in zip(sources, targets) {
            rows.append([s.x, s.y, 1, 0, 0, 0, -s.x * t.x, -s.y * t.x, t.x])
            rows.append([0, 0, 0, s.x, s.y, 1, -s.x * t.y, -s.y * t.y, t.y])
        }
        guard let c = Self.solve(&rows) else { return nil }
        // Three targets on a line solve the equations too, with a map that flattens the
        // plane: its matrix is singular. Compare against the size of its entries.
        let determinant = c[0] * (c[4] - c[5] * c[7]) - c[1] * (c[3] - c[5] * c[6]) + c[2] * (c[3] * c[7] - c[4] * c[6])
        let magnitude = c.map(abs).max() ?? 0
        guard abs(determinant) > 1e-9 * max(1, magnitude * magnitude * magnitude) else { return nil }
        coefficients = c
    }

    /// The map that takes `sources` to `targets` best in the least-squares sense (of the
    /// equations multiplied out, as for four points), for more than four pairs measured
    /// with error. Nil with fewer than four pairs or when they do not fix a map.
    ///
    /// Both sets are first moved to their centroid and scaled to a mean distance of √2
    /// (Hartley's normalisation): in pixels the normal equations would mix entries of 1 and
    /// of 10⁹, and lose the small ones.
    init?(fitting sources: [PlanePoint], to targets: [PlanePoint]) {
        guard sources.count == targets.count, sources.count >= 4,
              let from = Self.normalisation(sources), let to = Self.normalisation(targets)
        else { return nil }
        var normal = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
        func add(_ row: [Double]) {
            for i in 0..<8 where row[i] != 0 {
                for j in 0..<9 { normal[i][j] += row[i] * row[j] }
            }
        }
        for (source, target) in zip(sources, targets) {
            let s = from.apply(source), t = to.apply(target)
            add([s.x, s.y, 1, 0, 0, 0, -s.x * t.x, -s.y * t.x, t.x])
            add([0, 0, 0, s.x, s.y, 1, -s.x * t.y, -s.y * t.y, t.y])
        }
        guard let c = Self.solve(&normal) else { return nil }
        // The map in pixels: undo the target normalisation after, apply the source one before.
        let fitted = [[c[0], c[1], c[2]], [c[3], c[4], c[5]], [c[6], c[7], 1]]
        let product = Self.multiply(Self.multiply(to.inverse, fitted), from.matrix)
        guard abs(product[2][2]) > 1e-12 else { return nil }
        let h = product.joined().map { $0 / product[2][2] }
        coefficients = Array(h.prefix(8))
    }

    /// A similarity (translation and uniform scale) that moves `points` to their centroid
    /// at a mean distance of √2, and its inverse.
    private static func normalisation(
        _ points: [PlanePoint]
    ) -> (matrix: [[Double]], inverse: [[Double]], apply: (PlanePoint) -> PlanePoint)? {
        let count = Double(points.count)
        let cx = points.map(\.x).reduce(0, +) / count, cy = points.map(\.y).reduce(0, +) / count
        let mean = points.map { (($0.x - cx) * ($0.x - cx) + ($0.y - cy) * ($0.y - cy)).squareRoot() }.reduce(0, +) / count
        guard mean > 0 else { return nil }
        let k = 2.0.squareRoot() / mean
        return (
            [[k, 0, -k * cx], [0, k, -k * cy], [0, 0, 1]],
            [[1 / k, 0, cx], [0, 1 / k, cy], [0, 0, 1]],
            { PlanePoint(k * ($0.x - cx), k * ($0.y - cy)) }
        )
    }

    private static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    /// The image of `point`; nil where the map sends it to infinity (the horizon).
    func apply(_ point: PlanePoint) -> PlanePoint? {
        let c = coefficients
        let w = c[6] * point.x + c[7] * point.y + 1
        guard abs(w) > 1e-12 else { return nil }
        return PlanePoint((c[0] * point.x + c[1] * point.y + c[2]) / w, (c[3] * point.x + c[4] * point.y + c[5]) / w)
    }

    /// Gaussian elimination with partial pivoting on an n × (n + 1) augmented matrix.
    private static func solve(_ m: inout [[Double]]) -> [Double]? {
        let n = m.count
        // Coordinates are pixels (up to thousands) and their products; relative to the
        // largest entry a pivot this small means the points are (nearly) collinear.
        let scale = m.joined().map(abs).max() ?? 0
        guard scale > 0 else { return nil }
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
                  abs(m[pivot][column]) > scale * 1e-10
            else { return nil }
            m.swapAt(column, pivot)
            for row in 0..<n where row != column {
                let factor = m[row][column] / m[column][column]
                guard factor != 0 else { continue }
                for k in column...n { m[row][k] -= factor * m[column][k] }
            }
        }
        return (0..<n).map { m[$0][n] / m[$0][$0] }
    }
}
