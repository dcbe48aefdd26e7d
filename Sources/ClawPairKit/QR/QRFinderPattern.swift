/// One of the three 7 × 7 squares in a QR code's corners, as found in an image.
///
/// ISO/IEC 18004 draws each as a dark 3 × 3 centre inside a light ring inside a dark ring,
/// so any line through its centre crosses dark, light, dark, light, dark runs in the ratio
/// 1 : 1 : 3 : 1 : 1, whatever the code's rotation or scale. ``locate(in:)`` looks for that.
struct QRFinderPattern: Sendable, Equatable {
    /// The centre, in pixel coordinates (pixel (x, y) covers [x, x + 1) × [y, y + 1)).
    var center: PlanePoint
    /// The module size in pixels, averaged over the horizontal and vertical runs.
    var moduleSize: Double
    /// How many scan rows crossed it: confidence.
    var hits: Int
}

extension QRFinderPattern {
    /// The finder patterns in `binary` (0 dark, anything else light), most hits first.
    ///
    /// Every row is searched for five runs in the 1 : 1 : 3 : 1 : 1 ratio; each hit is checked
    /// across, along the column through its centre, and hits on the same pattern are merged.
    static func locate(in binary: GrayImage) -> [QRFinderPattern] {
        var found: [QRFinderPattern] = []
        let width = binary.width, height = binary.height
        binary.pixels.withUnsafeBufferPointer { pixels in
            let line = PixelLine(pixels: pixels, width: width, height: height)
            var runs: [Int] = []
            var starts: [Int] = []
            for y in 0..<height {
                // Run lengths of the row; `firstDark` says whether run 0 is dark. A tight scan
                // to each run's end: this loop sees every pixel of the image.
                runs.removeAll(keepingCapacity: true)
                starts.removeAll(keepingCapacity: true)
                let row = y * width
                let firstDark = pixels[row] == 0
                var x = 0
                while x < width {
                    let start = x, dark = pixels[row + x] == 0
                    x += 1
                    while x < width, (pixels[row + x] == 0) == dark { x += 1 }
                    runs.append(x - start)
                    starts.append(start)
                }
                var index = firstDark ? 0 : 1
                while index + 4 < runs.count {
                    defer { index += 2 }
                    guard hasFinderRatio(runs[index], runs[index + 1], runs[index + 2], runs[index + 3], runs[index + 4])
                    else { continue }
                    let total = runs[index] + runs[index + 1] + runs[index + 2] + runs[index + 3] + runs[index + 4]
                    let centerX = Double(starts[index + 2]) + Double(runs[index + 2]) / 2
                    // Across: the column through the centre must show the same pattern, of
                    // about the same size (perspective may squash it, but not to a third).
                    guard let vertical = line.crossing(
                        PlanePoint(centerX, Double(y) + 0.5), direction: PlanePoint(0, 1), limit: total * 3
                    ), vertical.total * 3 > total, vertical.total < total * 3 else { continue }
                    let center = PlanePoint(centerX, Double(y) + 0.5 + vertical.centerOffset)
                    // And the row through the corrected centre, for a better x.
                    guard let horizontal = line.crossing(center, direction: PlanePoint(1, 0), limit: total * 3)
                    else { continue }
                    let refined = PlanePoint(center.x + horizontal.centerOffset, center.y)
                    let size = Double(horizontal.total + vertical.total) / 14
                    merge(QRFinderPattern(center: refined, moduleSize: size, hits: 1), into: &found)
                }
            }
        }
        return found.sorted { $0.hits > $1.hits }
    }

    /// Whether five run lengths (dark, light, dark, light, dark) are close to 1 : 1 : 3 : 1 : 1.
    ///
    /// Generous: blur fattens dark runs and perspective stretches one side, and a false hit
    /// costs little because it must also pass the cross-check and merge with its neighbours.
    static func hasFinderRatio(_ runs: [Int]) -> Bool {
        runs.count == 5 && hasFinderRatio(runs[0], runs[1], runs[2], runs[3], runs[4])
    }

    /// ``hasFinderRatio(_:)`` for five runs given one by one: asked for every run of every
    /// row, so it builds no array. In sevenths of the total, integers only: a run is off when
    /// |7 run - expected| reaches the tolerance (3/4 of a unit; 3/2 for the middle).
    static func hasFinderRatio(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int) -> Bool {
        let total = a + b + c + d + e
        guard total >= 7 else { return false }
        // 4 × (7 run - expected) against 4 × tolerance: 3 × total, or 6 × total in the middle.
        func off(_ run: Int, _ units: Int, _ tolerance: Int) -> Bool { 4 * abs(7 * run - units * total) >= tolerance * total }
        return !(off(a, 1, 3) || off(b, 1, 3) || off(c, 3, 6) || off(d, 1, 3) || off(e, 1, 3))
    }

    /// Adds a hit to the pattern it belongs to (a centre within two of its modules), or as a new one.
    private static func merge(_ hit: QRFinderPattern, into found: inout [QRFinderPattern]) {
        for index in found.indices {
            let known = found[index]
            let reach = 2 * max(known.moduleSize, hit.moduleSize)
            guard known.center.distance(to: hit.center) < reach,
                  max(known.moduleSize, hit.moduleSize) < 2 * min(known.moduleSize, hit.moduleSize)
            else { continue }
            let n = Double(known.hits)
            found[index] = QRFinderPattern(
                center: PlanePoint((known.center.x * n + hit.center.x) / (n + 1), (known.center.y * n + hit.center.y) / (n + 1)),
                moduleSize: (known.moduleSize * n + hit.moduleSize) / (n + 1),
                hits: known.hits + 1
            )
            return
        }
        found.append(hit)
    }
}

/// Walks a binary image along a straight line, for cross-checks in any direction.
struct PixelLine {
    let pixels: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int

    /// Whether the pixel under `point` is dark; nil outside the image.
    func isDark(_ point: PlanePoint) -> Bool? {
        // Int() truncates, which is the floor once the coordinate is known not negative (and
        // much cheaper than rounded(.down), on a path walked for every finder candidate).
        guard point.x >= 0, point.y >= 0 else { return nil }
        let x = Int(point.x), y = Int(point.y)
        guard x < width, y < height else { return nil }
        return pixels[y * width + x] == 0
    }

    /// The five runs through `point` (which must lie in the dark middle run) along the unit
    /// vector `direction`, when they have the finder ratio: their total length, and where the
    /// middle run's centre lies relative to `point`, in steps along `direction`.
    func crossing(_ point: PlanePoint, direction: PlanePoint, limit: Int) -> (total: Int, centerOffset: Double)? {
        guard isDark(point) == true else { return nil }
        func walk(_ sign: Double) -> [Int]? {
            // Runs from `point` outwards: the rest of the middle, light, dark.
            var counts = [0, 0, 0]
            var stage = 0
            var step = 0
            while step <= limit {
                let p = PlanePoint(point.x + sign * Double(step) * direction.x, point.y + sign * Double(step) * direction.y)
                guard let dark = isDark(p) else { break }
                let wantDark = stage != 1
                if dark != wantDark {
                    stage += 1
                    if stage == 3 { return counts }
                    continue
                }
                counts[stage] += 1
                step += 1
            }
            // The outer dark run may end at the image edge; the others may not.
            return stage == 2 && counts[2] > 0 ? counts : nil
        }
        guard let forward = walk(1), let backward = walk(-1) else { return nil }
        // The middle run counts `point` in both walks.
        let middle = forward[0] + backward[0] - 1
        let runs = [backward[2], backward[1], middle, forward[1], forward[2]]
        guard QRFinderPattern.hasFinderRatio(runs) else { return nil }
        // Middle run spans steps -(backward[0] - 1) ... forward[0] - 1; its centre is their mean.
        let offset = Double(forward[0] - backward[0]) / 2
        return (runs.reduce(0, +), offset)
    }
}
