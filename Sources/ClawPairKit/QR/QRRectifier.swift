/// Undoes the perspective of a QR code photographed at an angle: finds its three finder
/// patterns, estimates the fourth corner from the bottom-right alignment pattern, and resamples
/// the code onto an upright grid zbar reads easily.
///
/// zbar finds codes at any rotation, but a strongly tilted code squeezes one side's modules
/// below what its line scanner resolves and bends the grid it samples. A rectified copy has
/// square modules of ``pixelsPerModule`` pixels and a white quiet zone.
///
/// Geometry from ISO/IEC 18004: a version-v code is 17 + 4v modules wide; finder centres sit
/// 3.5 modules in from three corners; from version 2 on, an alignment pattern (a 5 × 5 ring
/// with a dark centre) is centred 6.5 modules in from the fourth.
enum QRRectifier {
    /// Output resolution: enough for zbar's edge detector and bilinear sampling, yet a version
    /// 10 code (57 modules) stays a 260 × 260 image that scans in about a millisecond.
    static let pixelsPerModule = 4
    /// Modules of quiet zone around the rectified code (the spec asks for four).
    static let quietZone = 4

    /// Where a code lies: its finder patterns in reading orientation and its size.
    struct Placement: Sendable, Equatable {
        var topLeft: QRFinderPattern
        var topRight: QRFinderPattern
        var bottomLeft: QRFinderPattern
        /// Modules per side (17 + 4 × version).
        var dimension: Int
    }

    /// The upright copy of the likeliest code in `image`, or nil when no three finder
    /// patterns form one.
    ///
    /// The size estimate from the finder distances can be off by a version under strong
    /// perspective, so the copy holds the code resampled for the estimate and for the versions
    /// either side, next to each other: zbar scans all three in one pass, and only the right
    /// grid decodes (error correction rejects the others).
    static func rectified(_ image: GrayImage) -> GrayImage? {
        let binary = binarizedForSearch(image)
        let patterns = QRFinderPattern.locate(in: binary)
        guard let estimate = placement(of: patterns, in: binary) else { return nil }
        var copies: [GrayImage] = []
        for dimension in [estimate.dimension, estimate.dimension - 4, estimate.dimension + 4] where (21...177).contains(dimension) {
            var placement = estimate
            placement.dimension = dimension
            if let sourceOf = moduleMap(placement, binary: binary),
               let copy = resample(image, placement: placement, moduleToSource: sourceOf) {
                copies.append(copy)
            }
        }
        return copies.isEmpty ? nil : sideBySide(copies)
    }

    /// `images` left to right on a white canvas as tall as the tallest.
    static func sideBySide(_ images: [GrayImage]) -> GrayImage {
        let width = images.reduce(0) { $0 + $1.width }, height = images.map(\.height).max() ?? 1
        return GrayImage(width: width, height: height) { out in
            guard let base = out.baseAddress else { return }
            base.initialize(repeating: GrayImage.background, count: width * height)
            var left = 0
            for image in images {
                image.pixels.withUnsafeBufferPointer { source in
                    guard let sourceBase = source.baseAddress else { return }
                    for y in 0..<image.height {
                        (base + y * width + left).update(from: sourceBase + y * image.width, count: image.width)
                    }
                }
                left += image.width
            }
        }
    }

    /// A black-and-white copy for the finder search: a local threshold (window about a sixteenth
    /// of the image side), so uneven light or a shadow across the code does not erase a finder.
    static func binarizedForSearch(_ image: GrayImage) -> GrayImage {
        image.binarized(.adaptive(radius: max(6, min(image.width, image.height) / 16), offset: 2))
    }

    // MARK: Which three patterns, in which order

    /// The three patterns that best form a code's corners: about equal module sizes, two
    /// legs of about equal length at about a right angle (perspective bends both, so the
    /// limits are wide), at least version 1's 14 modules apart.
    static func placement(of patterns: [QRFinderPattern], in binary: GrayImage) -> Placement? {
        placements(of: patterns, in: binary, limit: 1).first
    }

    /// The `limit` best-scoring triples of ``placement(of:in:)``, best first. A code seen at an
    /// angle can score worse than three look-alikes in its data area, so a reader that can
    /// tell a right triple from a wrong one (by decoding) tries more than the best.
    static func placements(of patterns: [QRFinderPattern], in binary: GrayImage, limit: Int) -> [Placement] {
        // A real finder is crossed by about three modules' worth of rows; false hits in the
        // data area by a few. So candidates need at least half the hits of the third best.
        let ranked = patterns.filter { $0.hits >= 2 }
        guard ranked.count >= 3 else { return [] }
        let third = Double(ranked[2].hits)
        let candidates = Array(ranked.filter { Double($0.hits) >= third / 2 }.prefix(12))
        var scored: [(score: Double, placement: Placement)] = []
        for i in 0..<candidates.count {
            for j in (i + 1)..<candidates.count {
                for k in (j + 1)..<candidates.count {
                    guard let (shape, placement) = evaluate(candidates[i], candidates[j], candidates[k])
                    else { continue }
                    let weakest = Double(min(candidates[i].hits, candidates[j].hits, candidates[k].hits))
                    scored.append((shape + max(0, 1 - weakest / third), placement))
                }
            }
        }
        // Stable, so equal scores keep the order the single best was chosen in.
        return scored.enumerated().sorted { ($0.element.score, $0.offset) < ($1.element.score, $1.offset) }
            .prefix(limit).map { entry in
                var placement = entry.element.placement
                placement.dimension = dimension(placement, binary: binary)
                return placement
            }
    }

    /// A score (lower is better) and the reading order, or nil when the three cannot be one code.
    private static func evaluate(
        _ a: QRFinderPattern, _ b: QRFinderPattern, _ c: QRFinderPattern
    ) -> (Double, Placement)? {
        // The corner pattern is the one opposite the longest side.
        let ab = a.center.distance(to: b.center), bc = b.center.distance(to: c.center)
        let ca = c.center.distance(to: a.center)
        var (corner, first, second) = (a, b, c)
        if ab >= bc, ab >= ca { (corner, first, second) = (c, a, b) }
        else if ca >= ab, ca >= bc { (corner, first, second) = (b, c, a) }
        let p = PlanePoint(first.center.x - corner.center.x, first.center.y - corner.center.y)
        let q = PlanePoint(second.center.x - corner.center.x, second.center.y - corner.center.y)
        let lp = (p.x * p.x + p.y * p.y).squareRoot(), lq = (q.x * q.x + q.y * q.y).squareRoot()
        let sizes = [a.moduleSize, b.moduleSize, c.moduleSize]
        let sizeRatio = sizes.max()! / sizes.min()!
        let legRatio = max(lp, lq) / min(lp, lq)
        let cosine = abs(p.x * q.x + p.y * q.y) / (lp * lq)
        let meanSize = sizes.reduce(0, +) / 3
        guard sizeRatio < 2.5, legRatio < 2, cosine < 0.6, min(lp, lq) > 10 * meanSize else { return nil }
        // Reading order: top-right is clockwise from bottom-left seen from the corner (y down).
        let clockwise = p.x * q.y - p.y * q.x > 0
        let placement = Placement(
            topLeft: corner, topRight: clockwise ? first : second, bottomLeft: clockwise ? second : first,
            dimension: 0
        )
        return (cosine + (legRatio - 1) + 0.5 * (sizeRatio - 1), placement)
    }

    /// Modules per side: the finder distances over the module size measured along each leg
    /// (a tilted pattern measured along rows would read too large), plus the 7 between the
    /// centres and the corners, rounded to the nearest 17 + 4v.
    static func dimension(_ placement: Placement, binary: GrayImage) -> Int {
        let tl = placement.topLeft, tr = placement.topRight, bl = placement.bottomLeft
        let across = binary.pixels.withUnsafeBufferPointer { pixels -> Double in
            let line = PixelLine(pixels: pixels, width: binary.width, height: binary.height)
            func modules(_ from: QRFinderPattern, _ to: QRFinderPattern) -> Double {
                let length = from.center.distance(to: to.center)
                let unit = PlanePoint((to.center.x - from.center.x) / length, (to.center.y - from.center.y) / length)
                func size(_ pattern: QRFinderPattern) -> Double {
                    let limit = Int(pattern.moduleSize * 7 * 3)
                    guard let run = line.crossing(pattern.center, direction: unit, limit: limit) else {
                        return pattern.moduleSize
                    }
                    return Double(run.total) / 7
                }
                return length / ((size(from) + size(to)) / 2)
            }
            return (modules(tl, tr) + modules(tl, bl)) / 2
        }
        let version = min(40, max(1, Int(((across + 7 - 17) / 4).rounded())))
        return 17 + 4 * version
    }

    // MARK: The map from module grid to image

    /// The homography from module coordinates (module (i, j) covers [i, i + 1) × [j, j + 1))
    /// to image pixels, fixed by the three finder centres and the alignment pattern (or, for
    /// version 1 and when none is found, the parallelogram's fourth corner).
    static func moduleMap(_ placement: Placement, binary: GrayImage) -> Homography? {
        moduleMap(placement, alignment: placement.dimension > 21 ? alignmentCenter(placement, binary: binary) : nil)
    }

    /// The map through the bottom-right alignment pattern's centre found at `alignment` in
    /// the image, or the parallelogram's when there is none.
    static func moduleMap(_ placement: Placement, alignment: PlanePoint?) -> Homography? {
        guard let alignment else { return parallelogramMap(placement) }
        let n = Double(placement.dimension)
        return Homography(
            mapping: [PlanePoint(3.5, 3.5), PlanePoint(n - 3.5, 3.5), PlanePoint(3.5, n - 3.5), PlanePoint(n - 6.5, n - 6.5)],
            to: [placement.topLeft.center, placement.topRight.center, placement.bottomLeft.center, alignment])
    }

    /// A map fitted to the finders' shapes as well as their centres: each finder's extent
    /// along both legs is seven modules, so its edges are four more points of the grid, and
    /// perspective shows in them (the nearer finders look larger). Least squares over the
    /// fifteen points extrapolates to the far corner where the parallelogram cannot; it is
    /// rough there, so it serves to aim the alignment search, and as a last map to try.
    static func finderShapeMap(_ placement: Placement, binary: GrayImage) -> Homography? {
        let n = Double(placement.dimension)
        let tl = placement.topLeft.center, tr = placement.topRight.center, bl = placement.bottomLeft.center
        func unit(_ from: PlanePoint, _ to: PlanePoint) -> PlanePoint {
            let length = max(from.distance(to: to), 1)
            return PlanePoint((to.x - from.x) / length, (to.y - from.y) / length)
        }
        let across = unit(tl, tr), down = unit(tl, bl)
        var modules: [PlanePoint] = [], pixels: [PlanePoint] = []
        binary.pixels.withUnsafeBufferPointer { buffer in
            let line = PixelLine(pixels: buffer, width: binary.width, height: binary.height)
            for (pattern, module) in [
                (placement.topLeft, PlanePoint(3.5, 3.5)), (placement.topRight, PlanePoint(n - 3.5, 3.5)),
                (placement.bottomLeft, PlanePoint(3.5, n - 3.5)),
            ] {
                modules.append(module)
                pixels.append(pattern.center)
                for (direction, step) in [(across, PlanePoint(3.5, 0)), (down, PlanePoint(0, 3.5))] {
                    guard let run = line.crossing(pattern.center, direction: direction, limit: Int(pattern.moduleSize * 21))
                    else { continue }
                    // The run's middle, and half its length, along `direction`.
                    let middle = PlanePoint(
                        pattern.center.x + direction.x * run.centerOffset, pattern.center.y + direction.y * run.centerOffset)
                    let half = Double(run.total) / 2
                    for sign in [-1.0, 1.0] {
                        modules.append(PlanePoint(module.x + sign * step.x, module.y + sign * step.y))
                        pixels.append(PlanePoint(middle.x + sign * half * direction.x, middle.y + sign * half * direction.y))
                    }
                }
            }
        }
        return Homography(fitting: modules, to: pixels)
    }

    /// The affine map that puts the fourth finder-sized corner where the three finders'
    /// parallelogram ends: exact for a code seen head-on, and no search.
    static func parallelogramMap(_ placement: Placement) -> Homography? {
        let n = Double(placement.dimension)
        let tl = placement.topLeft.center, tr = placement.topRight.center, bl = placement.bottomLeft.center
        let corner = PlanePoint(tr.x + bl.x - tl.x, tr.y + bl.y - tl.y)
        return Homography(
            mapping: [PlanePoint(3.5, 3.5), PlanePoint(n - 3.5, 3.5), PlanePoint(3.5, n - 3.5), PlanePoint(n - 3.5, n - 3.5)],
            to: [tl, tr, bl, corner])
    }

    /// The bottom-right alignment pattern's centre: the best match for its 5 × 5 ring in a
    /// window around where the three finders put it (strong perspective moves it by up to a fifth of the side).
    ///
    /// The first search uses the module steps of the top and left edges, which perspective
    /// skews near the far corner; the second, in a small window around the first match, uses
    /// the steps the map through that match gives there.
    ///
    /// With a `prior` map (``finderShapeMap(_:binary:)``), its image of the pattern's centre
    /// is the guess and its module steps there the template, so a small window suffices
    /// however strong the perspective.
    static func alignmentCenter(_ placement: Placement, binary: GrayImage, prior: Homography? = nil) -> PlanePoint? {
        let n = Double(placement.dimension)
        let tl = placement.topLeft.center, tr = placement.topRight.center, bl = placement.bottomLeft.center
        let target = PlanePoint(n - 6.5, n - 6.5)
        // Module steps along the top and left edges; the affine guess of the target.
        var u = PlanePoint((tr.x - tl.x) / (n - 7), (tr.y - tl.y) / (n - 7))
        var v = PlanePoint((bl.x - tl.x) / (n - 7), (bl.y - tl.y) / (n - 7))
        let reach = n - 10
        var guess = PlanePoint(tl.x + (u.x + v.x) * reach, tl.y + (u.y + v.y) * reach)
        var radiusModules = max(6, n / 4)
        if let prior, let center = prior.apply(target), let right = prior.apply(PlanePoint(target.x + 1, target.y)),
           let down = prior.apply(PlanePoint(target.x, target.y + 1)) {
            (guess, radiusModules) = (center, 3)
            u = PlanePoint(right.x - center.x, right.y - center.y)
            v = PlanePoint(down.x - center.x, down.y - center.y)
        }
        let module = (u.x * u.x + u.y * u.y).squareRoot() / 2 + (v.x * v.x + v.y * v.y).squareRoot() / 2
        // Below 60 of 100 samples even a skewed template is not on the pattern; data can
        // come close too, so the best few separate matches are each refined.
        var best: (score: Int, point: PlanePoint)?
        // The wide search tries every third of a module, not every pixel: it only has to land
        // within a sixth of a module of the centre, where most samples still fall in the right
        // module, and the narrow search below settles the pixel. It was most of a rectified
        // retry's cost (a 30 × 30-module window at 100 samples per pixel).
        let coarse = max(1, Int(module / 3))
        for first in alignmentMatches(
            binary, around: guess, radius: module * radiusModules, step: coarse, u: u, v: v, minimum: 60
        ).prefix(5) {
            guard let through = Homography(
                mapping: [PlanePoint(3.5, 3.5), PlanePoint(n - 3.5, 3.5), PlanePoint(3.5, n - 3.5), target],
                to: [tl, tr, bl, first.point]
            ), let right = through.apply(PlanePoint(target.x + 1, target.y)),
               let down = through.apply(PlanePoint(target.x, target.y + 1))
            else { continue }
            let localU = PlanePoint(right.x - first.point.x, right.y - first.point.y)
            let localV = PlanePoint(down.x - first.point.x, down.y - first.point.y)
            guard let second = alignmentMatches(
                binary, around: first.point, radius: module * 2, step: 1, u: localU, v: localV, minimum: 0
            ).first else { continue }
            if second.score > best?.score ?? -1 { best = second }
        }
        // 80 of 100 samples: a real pattern under blur and noise, rarely a patch of data.
        guard let found = best, found.score >= 80 else { return nil }
        return found.point
    }

    /// Pixel centres in the window, every `step`-th pixel each way, whose surroundings match an alignment pattern drawn with
    /// module steps `u` and `v` at least `minimum` times of 100 samples (four per module, a
    /// quarter module from its centre): best first, each at least a module and a half from
    /// any better one, ties to the one nearer `guess`.
    private static func alignmentMatches(
        _ binary: GrayImage, around guess: PlanePoint, radius: Double, step: Int, u: PlanePoint, v: PlanePoint,
        minimum: Int
    ) -> [(score: Int, point: PlanePoint)] {
        var offsets: [(dx: Double, dy: Double, dark: Bool)] = []
        for j in -2...2 {
            for i in -2...2 {
                // Dark centre and outer ring, light inner ring.
                let dark = max(abs(i), abs(j)) != 1
                for (si, sj) in [(-0.25, -0.25), (0.25, -0.25), (-0.25, 0.25), (0.25, 0.25)] {
                    let mi = Double(i) + si, mj = Double(j) + sj
                    offsets.append((u.x * mi + v.x * mj, u.y * mi + v.y * mj, dark))
                }
            }
        }
        let width = binary.width, height = binary.height
        let reach = Int(radius.rounded(.up))
        let cx = Int(guess.x), cy = Int(guess.y)
        guard cx + reach >= 0, cy + reach >= 0, cx - reach < width, cy - reach < height else { return [] }
        // A sample of the candidate at pixel (x, y) lies at floor(x + 0.5 + dx) = x + floor(0.5 + dx):
        // a fixed pixel offset, so away from the edges the inner loop only adds an index.
        let pixelOffsets = offsets.map { (x: Int((0.5 + $0.dx).rounded(.down)), y: Int((0.5 + $0.dy).rounded(.down))) }
        let indexOffsets = pixelOffsets.map { $0.y * width + $0.x }
        let wantDark = offsets.map(\.dark)
        let left = -(pixelOffsets.map(\.x).min() ?? 0), right = width - 1 - (pixelOffsets.map(\.x).max() ?? 0)
        let top = -(pixelOffsets.map(\.y).min() ?? 0), bottom = height - 1 - (pixelOffsets.map(\.y).max() ?? 0)
        var matches: [(score: Int, distance: Double, point: PlanePoint)] = []
        binary.pixels.withUnsafeBufferPointer { pixels in
            for y in stride(from: max(0, cy - reach), through: min(height - 1, cy + reach), by: step) {
                for x in stride(from: max(0, cx - reach), through: min(width - 1, cx + reach), by: step) {
                    var score = 0
                    if x >= left, x <= right, y >= top, y <= bottom {
                        let base = y * width + x
                        for k in indexOffsets.indices where (pixels[base + indexOffsets[k]] == 0) == wantDark[k] { score += 1 }
                    } else {
                        for (k, offset) in pixelOffsets.enumerated() {
                            let sx = x + offset.x, sy = y + offset.y
                            guard sx >= 0, sy >= 0, sx < width, sy < height else { continue }
                            if (pixels[sy * width + sx] == 0) == wantDark[k] { score += 1 }
                        }
                    }
                    if score >= minimum {
                        let center = PlanePoint(Double(x) + 0.5, Double(y) + 0.5)
                        matches.append((score, center.distance(to: guess), center))
                    }
                }
            }
        }
        matches.sort { $0.score != $1.score ? $0.score > $1.score : $0.distance < $1.distance }
        let spacing = 1.5 * ((u.x * u.x + u.y * u.y).squareRoot() + (v.x * v.x + v.y * v.y).squareRoot()) / 2
        var separate: [(score: Int, point: PlanePoint)] = []
        for match in matches where separate.count < 8 {
            if separate.allSatisfy({ $0.point.distance(to: match.point) >= spacing }) {
                separate.append((match.score, match.point))
            }
        }
        return separate
    }

    // MARK: Resampling

    /// The code on an upright grid of ``pixelsPerModule`` pixels per module with a
    /// ``quietZone``, sampled bilinearly from `image` through `moduleToSource`.
    static func resample(_ image: GrayImage, placement: Placement, moduleToSource: Homography) -> GrayImage? {
        let scale = Double(pixelsPerModule), border = Double(quietZone)
        let side = (placement.dimension + 2 * quietZone) * pixelsPerModule
        // Output pixel coordinates of the four reference points, and where they are in the image.
        let modules = [PlanePoint(0, 0), PlanePoint(1, 0), PlanePoint(0, 1), PlanePoint(1, 1)].map {
            PlanePoint($0.x * Double(placement.dimension), $0.y * Double(placement.dimension))
        }
        let sources = modules.compactMap(moduleToSource.apply)
        guard sources.count == 4,
              let outputToSource = Homography(
                mapping: modules.map { PlanePoint(($0.x + border) * scale, ($0.y + border) * scale) }, to: sources
              )
        else { return nil }
        return image.warped(width: side, height: side, sourceOf: outputToSource)
    }
}
