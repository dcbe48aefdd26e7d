/// One way of looking at an image: a chain of transforms applied before zbar scans it, and
/// how densely zbar scans the result.
///
/// ``QRScanStrategy/plan(width:height:darkBorder:)`` is pure, so the order of retries can be
/// read and tested without scanning anything; ``QRScanner`` executes it.
struct QRScanStrategy: Sendable, Hashable, CustomStringConvertible {
    /// A single image transform.
    enum Transform: Sendable, Hashable, CustomStringConvertible {
        case inverted
        case mirrored
        case upscaled(Int)
        case downscaled(Int)
        case contrastStretched
        case medianFiltered
        case binarized(GrayImage.Binarization)
        case rotated(Double)
        case padded(Int)
        /// The likeliest code resampled upright by ``QRRectifier``, or a blank image when it
        /// finds no three finder patterns.
        case rectified

        var description: String {
            switch self {
            case .inverted: "inverted"
            case .mirrored: "mirrored"
            case .upscaled(let factor): "upscaled-\(factor)"
            case .downscaled(let factor): "downscaled-\(factor)"
            case .contrastStretched: "stretched"
            case .medianFiltered: "median"
            case .binarized(.otsu): "binarized"
            case .binarized(.adaptive): "binarized-adaptive"
            case .binarized(.midRange): "binarized-midrange"
            // Clockwise degrees in 0..<360, so -30° reads "rotated-330", as ImageMagick would.
            case .rotated(let degrees): "rotated-\(((Int(degrees.rounded()) % 360) + 360) % 360)"
            case .padded: "padded"
            case .rectified: "rectified"
            }
        }

        func apply(to image: GrayImage) -> GrayImage {
            switch self {
            case .inverted: image.inverted()
            case .mirrored: image.mirrored()
            case .upscaled(let factor): image.scaledUp(by: factor)
            case .downscaled(let factor): image.scaledDown(by: factor)
            case .contrastStretched: image.contrastStretched()
            case .medianFiltered: image.medianFiltered()
            case .binarized(let method): image.binarized(method)
            case .rotated(let degrees): image.rotated(byDegrees: degrees)
            case .padded(let border): image.padded(by: border)
            case .rectified: QRRectifier.rectified(image) ?? GrayImage(unchecked: 1, 1, [GrayImage.background])
            }
        }
    }

    /// Applied first to last; empty means the image as given.
    let transforms: [Transform]
    /// zbar scans every `lineStep`-th row and column: 1 is every line, as `zbarimg` does;
    /// 2 costs about 60 % as much and misses only codes with very small modules.
    let lineStep: Int

    init(_ transforms: [Transform], lineStep: Int = 1) {
        self.transforms = transforms
        self.lineStep = lineStep
    }

    /// `"direct"`, or the transforms joined by `+`: the ``QRSymbol/strategy`` text.
    var description: String {
        transforms.isEmpty ? "direct" : transforms.map(\.description).joined(separator: "+")
    }
}

// MARK: Plan

extension QRScanStrategy {
    /// Images with a shorter side below this many pixels get the mirroring and doubling
    /// retries: their modules may be 1–2 px, too few for zbar's edge detector, and every
    /// retry on them costs a few milliseconds.
    static let smallImageSide = 400

    /// Images with a shorter side below this are also tripled. Above it a code with 1 px
    /// modules is implausible, and a tripled 400 px image already costs a 1.4 MP scan.
    static let tinyImageSide = 200

    /// Images above this many pixels are shrunk before filtering. A 4-megapixel scan costs
    /// zbar ~150 ms; a code that fails at full size but survives filtering is almost always
    /// large enough to survive shrinking too.
    static let hugeImagePixels = 4_000_000

    /// The most pixels the noise and blur filters (median, adaptive threshold) work on.
    static let filterImagePixels = 2_000_000

    /// The most pixels the last-resort retries (tone curves, rotations, padding) work on.
    /// They rarely rescue anything zbar missed (it reads rotated codes by itself), so they
    /// get a small copy and cost little.
    static let lastResortImagePixels = 250_000

    /// Images of at least this many pixels are first scanned on every second line. On
    /// screenshots and photos that finds nearly every code at ~60 % of the cost of a full
    /// scan, which follows only when it finds nothing. The price: beside a large code, a
    /// second code with 1 px modules may go unreported.
    static let sparseScanPixels = 1_000_000

    /// The retry order for a `width` × `height` image; the first entry is `direct`.
    ///
    /// Cheap and likely first: the image as given, then its negative (dark-mode screenshots,
    /// light-on-dark prints), on large images first at half density; mirror images and
    /// enlargements for small images; then filters that repair noise and blur, with and
    /// without negation because nothing tells the polarity. Last, tone curves, rotations and
    /// a quiet zone, which rescue the fewest: they run on a copy of at most
    /// ``lastResortImagePixels``, in one polarity only, negated when `darkBorder` says the
    /// image is probably light-on-dark.
    static func plan(width: Int, height: Int, darkBorder: Bool = false) -> [QRScanStrategy] {
        var plan: [QRScanStrategy] = []
        func addWithNegative(_ transforms: [Transform]) {
            plan.append(QRScanStrategy(transforms))
            plan.append(QRScanStrategy(transforms + [.inverted]))
        }
        let pixels = width * height

        if pixels >= sparseScanPixels {
            plan.append(QRScanStrategy([], lineStep: 2))
            plan.append(QRScanStrategy([.inverted], lineStep: 2))
        }
        addWithNegative([])
        if min(width, height) < smallImageSide {
            // zbar 0.23 reads mirrored codes itself, so a mirror image only perturbs the
            // sampling grid: worth a scan on small images, not on large ones.
            addWithNegative([.mirrored])
            addWithNegative([.upscaled(2)])
        }
        if min(width, height) < tinyImageSide {
            addWithNegative([.upscaled(3)])
        }

        // Huge images are shrunk by an integer factor first; box averaging also smooths noise.
        let filterBase = shrunk(pixels, to: pixels > hugeImagePixels ? filterImagePixels : pixels)
        if !filterBase.isEmpty { addWithNegative(filterBase) }
        let adaptive = Transform.binarized(.adaptive(radius: 4, offset: 4))
        addWithNegative(filterBase + [.medianFiltered])
        addWithNegative(filterBase + [adaptive])

        let lastResort = shrunk(pixels, to: lastResortImagePixels)
        let base = lastResort + (darkBorder ? [.inverted] : [])
        // Measured on bench/corpus (issue 17): a 45° turn found one code for about 2 direct
        // passes of cost, the rectified pair eight for about 17 each, so by cost per code
        // found the turn goes first.
        plan.append(QRScanStrategy(base + [.rotated(45)]))

        // A code seen at an angle: finder patterns located, perspective undone. Its search
        // needs dark-on-light, so it runs in the polarity the border suggests.
        let polarity: [Transform] = darkBorder ? [.inverted] : []
        plan.append(QRScanStrategy(filterBase + polarity + [.rectified]))
        plan.append(QRScanStrategy(filterBase + [.medianFiltered] + polarity + [.rectified]))

        for transforms: [Transform] in [
            [.contrastStretched], [.binarized(.otsu)], [.medianFiltered, adaptive],
        ] {
            plan.append(QRScanStrategy(base + transforms))
        }
        for degrees in [90.0, 180, 270, 10, -10, 20, -20, 30, -30] {
            plan.append(QRScanStrategy(base + [.rotated(degrees)]))
        }
        // A tenth of the (shrunk) side: about four modules of a code that fills the image.
        var shrinkFactor = 1
        if case .downscaled(let factor)? = lastResort.first { shrinkFactor = factor }
        let border = max(16, min(width, height) / shrinkFactor / 10)
        plan.append(QRScanStrategy(base + [.padded(border)]))
        return plan
    }

    /// The shrink that brings `pixels` down to at most `limit`: none, or one integer factor.
    private static func shrunk(_ pixels: Int, to limit: Int) -> [Transform] {
        guard pixels > limit else { return [] }
        let factor = Int((Double(pixels) / Double(limit)).squareRoot().rounded(.up))
        return [.downscaled(factor)]
    }
}
