/// Reads a code's modules off an image through the map from module grid to pixels: each
/// module's luminance from five points inside it (its centre and four a fifth of a module
/// from it), then dark or light against the modules around it.
///
/// Five points, not the centre alone: a speck of noise or a JPEG ringing artefact on the
/// centre pixel flips a module, five rarely. Against the neighbours, not a global level:
/// uneven light (a shadow, a lamp's gradient across a photo) moves the level across the code,
/// and a module's neighbourhood sees the same light it does.
struct QRGridSampler {
    /// How far from a module's centre the four outer samples fall, in modules along each
    /// axis: a fifth of a module, clear of the edges blur smears.
    static let sampleOffset = 0.2

    /// Modules each way whose mean is a module's threshold: 11 × 11, wide enough to hold
    /// both dark and light modules anywhere in a code (a finder is 7 × 7), narrow enough
    /// for light that changes across the code.
    static let thresholdRadius = 5

    let image: GrayImage
    /// Light-on-dark codes are read from the negative: a module's luminance is inverted.
    let negative: Bool

    /// The `size` × `size` grid through `moduleToPixel`, or nil when a module falls outside
    /// the image (the map is wrong, or the code is cut off).
    func grid(size: Int, moduleToPixel map: Homography) -> QRModuleGrid? {
        guard let luminance = luminance(size: size, map: map) else { return nil }
        return QRModuleGrid(size: size, modules: Self.threshold(luminance, size: size))
    }

    /// Each module's mean luminance (0 black … 255 white, after `negative`), row-major.
    ///
    /// The map runs once per module, for its centre; the outer samples step from the centre
    /// along the grid's axes there, half the way to the neighbouring centres (the map's local
    /// affine part: exact for a code seen head-on, and within a hair of the map inside one
    /// module at any angle).
    private func luminance(size: Int, map: Homography) -> [Int]? {
        var centers = [PlanePoint](repeating: PlanePoint(0, 0), count: size * size)
        for row in 0..<size {
            for column in 0..<size {
                guard let center = map.apply(PlanePoint(Double(column) + 0.5, Double(row) + 0.5)) else { return nil }
                centers[row * size + column] = center
            }
        }
        let width = image.width, height = image.height, step = Self.sampleOffset
        var values = [Int](repeating: 0, count: size * size)
        let inside = image.pixels.withUnsafeBufferPointer { pixels -> Bool in
            @inline(__always) func sample(_ x: Double, _ y: Double) -> Int? {
                // Int() is the floor for coordinates known not negative, and far cheaper.
                guard x >= 0, y >= 0 else { return nil }
                let px = Int(x), py = Int(y)
                guard px < width, py < height else { return nil }
                return Int(pixels[py * width + px])
            }
            for row in 0..<size {
                let up = max(row - 1, 0), down = min(row + 1, size - 1)
                for column in 0..<size {
                    let left = max(column - 1, 0), right = min(column + 1, size - 1)
                    let center = centers[row * size + column]
                    let a = centers[row * size + left], b = centers[row * size + right]
                    let c = centers[up * size + column], d = centers[down * size + column]
                    // One module along each axis, scaled to the sample offset.
                    let across = step / Double(right - left), along = step / Double(down - up)
                    let ux = (b.x - a.x) * across, uy = (b.y - a.y) * across
                    let vx = (d.x - c.x) * along, vy = (d.y - c.y) * along
                    guard let s0 = sample(center.x, center.y),
                          let s1 = sample(center.x - ux - vx, center.y - uy - vy),
                          let s2 = sample(center.x + ux - vx, center.y + uy - vy),
                          let s3 = sample(center.x - ux + vx, center.y - uy + vy),
                          let s4 = sample(center.x + ux + vx, center.y + uy + vy)
                    else { return false }
                    let mean = (s0 + s1 + s2 + s3 + s4) / 5
                    values[row * size + column] = negative ? 255 - mean : mean
                }
            }
            return true
        }
        return inside ? values : nil
    }

    /// Dark where a module is darker than the mean of the modules within
    /// ``thresholdRadius`` of it (a summed-area table keeps it linear).
    static func threshold(_ values: [Int], size: Int) -> [Bool] {
        let stride = size + 1
        var sums = [Int](repeating: 0, count: stride * stride)
        for row in 0..<size {
            var rowSum = 0
            for column in 0..<size {
                rowSum += values[row * size + column]
                sums[(row + 1) * stride + column + 1] = sums[row * stride + column + 1] + rowSum
            }
        }
        var dark = [Bool](repeating: false, count: size * size)
        for row in 0..<size {
            let top = max(0, row - thresholdRadius), bottom = min(size, row + thresholdRadius + 1)
            for column in 0..<size {
                let left = max(0, column - thresholdRadius), right = min(size, column + thresholdRadius + 1)
                let total = sums[bottom * stride + right] - sums[top * stride + right] - sums[bottom * stride + left]
                    + sums[top * stride + left]
                let count = (bottom - top) * (right - left)
                // value < mean, without a division.
                dark[row * size + column] = values[row * size + column] * count < total
            }
        }
        return dark
    }
}
