/// Reads a QR code without zbar: finds its three finder patterns, maps the module grid onto
/// the image, samples the modules (``QRGridSampler``) and decodes the grid (``QRSymbolDecoder``).
///
/// The scanner's first pass. Most pictures of a setup code hold one code, upright or turned,
/// flat or at an angle, light or dark, mirrored or not, and reading it here spares loading
/// libzbar, which with the 16 libraries it pulls in and the iconv modules its QR decoder
/// opens is more than half of a one-image scan. zbar stays the reader for what this one
/// declines: it reports every code of an image with several (this reader finds one), and it
/// reads some codes a finder search misses (1-pixel modules, heavy blur).
///
/// Declining is cheap and never wrong: Reed–Solomon refuses a grid sampled in the wrong place.
enum QRGridReader {
    /// Larger images go to zbar, whose sparse first pass is cheaper there than a finder
    /// search of every row (a 4000 × 3000 photo with a small code somewhere).
    static let maximumPixels = 4_000_000

    /// The code in `image`, or nil when this reader finds none or declines.
    ///
    /// Looks for finders in black-and-white copies, until one yields a code: one threshold
    /// for the whole image (the mid-range between its darkest and lightest pixels: cheap, and
    /// blur wide enough to fill a finder's light ring defeats a local one), a local threshold
    /// (uneven light, a shadow), and a local threshold of the image's 3 × 3 median (impulse
    /// noise breaks the finders' runs). Each in its own polarity, then as its negative (light
    /// on dark: dark-mode screens); each grid as sampled, then mirrored, because a mirrored
    /// code's finders look the same and only the decode tells. The modules are sampled from
    /// the grey image itself, so the symbol's strategy names only what changed that (the
    /// median, the negative, the mirror), as zbar's retries of the same transforms are named.
    static func read(_ image: GrayImage) -> QRSymbol? {
        guard image.width * image.height <= maximumPixels else { return nil }
        if let symbol = read(image, binary: image.binarized(.midRange), steps: []) { return symbol }
        if let symbol = read(image, binary: QRRectifier.binarizedForSearch(image), steps: []) { return symbol }
        let median = image.medianFiltered()
        return read(median, binary: QRRectifier.binarizedForSearch(median), steps: ["median"])
    }

    /// `image` in both polarities, its finders found in `binary` (dark modules 0).
    private static func read(_ image: GrayImage, binary: GrayImage, steps: [String]) -> QRSymbol? {
        if let symbol = read(QRGridSampler(image: image, negative: false), binary: binary, steps: steps) {
            return symbol
        }
        return read(QRGridSampler(image: image, negative: true), binary: binary.inverted(), steps: steps + ["inverted"])
    }

    /// Finder triples tried, best-scoring first: a code seen at an angle can score below
    /// three look-alikes in its own data area, and decoding tells them apart.
    static let placementsTried = 3

    /// `binary` holds dark modules as 0, in the polarity `sampler` reads.
    private static func read(_ sampler: QRGridSampler, binary: GrayImage, steps: [String]) -> QRSymbol? {
        let patterns = QRFinderPattern.locate(in: binary)
        for placement in QRRectifier.placements(of: patterns, in: binary, limit: placementsTried)
        where [placement.topLeft, placement.topRight, placement.bottomLeft].allSatisfy(isSolid) {
            guard let symbol = read(sampler, placement: placement, binary: binary, steps: steps, followPerspective: true)
            else { continue }
            // zbar reports every code of an image; this reader one.
            return holdsAnotherCode(patterns, besides: placement, sampler: sampler, binary: binary) ? nil : symbol
        }
        return nil
    }

    /// The code whose finders `estimate` places, trying the sizes either side of its estimate;
    /// `followPerspective` adds the maps for a code seen at an angle, beyond the parallelogram.
    private static func read(
        _ sampler: QRGridSampler, placement estimate: QRRectifier.Placement, binary: GrayImage, steps: [String],
        followPerspective: Bool
    ) -> QRSymbol? {
        // The size estimate from finder distances can be off by a version at a steep angle,
        // and by several when perspective shrinks the modules one finder is measured with;
        // from version 7 the code says its own version, next to the finders, where even a
        // wrong size samples it right.
        // (A list that grows while it is walked: hence the index.)
        var dimensions = [estimate.dimension, estimate.dimension - 4, estimate.dimension + 4]
        var index = 0
        while index < dimensions.count {
            let dimension = dimensions[index]
            index += 1
            guard (21...177).contains(dimension) else { continue }
            var placement = estimate
            placement.dimension = dimension
            // Maps from the module grid to the image, cheapest first: the parallelogram the
            // three finders span (exact for a code seen head-on, as in a screenshot); through
            // the alignment pattern, found where the finders' shapes put it (a code at an
            // angle); the shapes' own fit (no alignment pattern found). zbar's rectified retry
            // searches a wider window, at a cost this first pass does not pay.
            var named: Int?
            var tried: [Homography] = []
            func attempt(_ map: Homography?) -> QRSymbol? {
                guard let map, !tried.contains(map) else { return nil }
                tried.append(map)
                switch decode(sampler.grid(size: dimension, moduleToPixel: map), steps: steps) {
                case .symbol(let symbol): return symbol
                case .sizeNamed(let size): named = named ?? size
                case .unreadable: break
                }
                return nil
            }
            if let symbol = attempt(QRRectifier.parallelogramMap(placement)) { return symbol }
            if followPerspective {
                // Version 1 has no alignment pattern.
                let shape = QRRectifier.finderShapeMap(placement, binary: binary)
                if let shape, dimension > 21, let symbol = attempt(
                    QRRectifier.moduleMap(placement, alignment: QRRectifier.alignmentCenter(placement, binary: binary, prior: shape))
                ) {
                    return symbol
                }
                if let symbol = attempt(shape) { return symbol }
            }
            if let named, !dimensions.contains(named) { dimensions.append(named) }
        }
        return nil
    }

    /// What a sampled grid gave.
    private enum Reading {
        case symbol(QRSymbol)
        /// Its version information names another size: sample again at that one.
        case sizeNamed(Int)
        /// Nothing this reader reports: no symbol as sampled, or one zbar reads its own way.
        case unreadable
    }

    /// The grid's payload, trying it as sampled and mirrored.
    private static func decode(_ grid: QRModuleGrid?, steps: [String]) -> Reading {
        guard let grid else { return .unreadable }
        var named: Int?
        for mirrored in [false, true] {
            do {
                let decoded = try QRSymbolDecoder.decode(mirrored ? grid.transposed : grid)
                // zbar's retries name a mirror image before the negative: "mirrored+inverted".
                var names = steps
                if mirrored { names.insert("mirrored", at: names.firstIndex(of: "inverted") ?? names.endIndex) }
                return .symbol(QRSymbol(bytes: decoded.payload, strategy: names.isEmpty ? "direct" : names.joined(separator: "+")))
            } catch where error.code == .unsupportedSegment {
                // The grid is right, but zbar reports Kanji and ECI segments its own way.
                return .unreadable
            } catch {
                if let version = error.namedVersion { named = named ?? 17 + 4 * version }
            }
        }
        return named.map(Reading.sizeNamed) ?? .unreadable
    }

    /// Whether rows crossed `pattern` for at least a module's height. Its 3-module centre
    /// is crossed by about three modules' worth of rows; noise in a data area makes
    /// look-alikes that a row or two cross, each triple of which costs futile grids.
    static func isSolid(_ pattern: QRFinderPattern) -> Bool {
        Double(pattern.hits) >= pattern.moduleSize
    }

    /// Whether the finder patterns other than `placement`'s three hold a second code that
    /// decodes head-on: zbar then reports both, so this reader declines.
    ///
    /// Decoding, not shape alone, decides: stray 1 : 1 : 3 : 1 : 1 runs in a code's data area
    /// often line up like three finders. Only the parallelogram map is tried, so a second
    /// code seen at a steep angle is not noticed (it is also the rarest case).
    static func holdsAnotherCode(
        _ patterns: [QRFinderPattern], besides placement: QRRectifier.Placement, sampler: QRGridSampler, binary: GrayImage
    ) -> Bool {
        let placed = [placement.topLeft, placement.topRight, placement.bottomLeft]
        let others = patterns.filter { pattern in
            !placed.contains { $0.center.distance(to: pattern.center) < 2 * $0.moduleSize }
        }
        guard let second = QRRectifier.placement(of: others, in: binary),
              [second.topLeft, second.topRight, second.bottomLeft].allSatisfy(isSolid)
        else { return false }
        return read(sampler, placement: second, binary: binary, steps: [], followPerspective: false) != nil
    }
}
