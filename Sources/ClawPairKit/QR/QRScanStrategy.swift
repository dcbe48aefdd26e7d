/// One way of looking at an image: a chain of transforms applied before zbar scans it.
///
/// ``QRScanStrategy/plan(width:height:)`` is pure, so the order of retries can be read and
/// tested without scanning anything; ``QRScanner`` executes it.
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
            // Clockwise degrees in 0..<360, so -30° reads "rotated-330", as ImageMagick would.
            case .rotated(let degrees): "rotated-\(((Int(degrees.rounded()) % 360) + 360) % 360)"
            case .padded: "padded"
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
            }
        }
    }

    /// Applied first to last; empty means the image as given.
    let transforms: [Transform]

    init(_ transforms: [Transform]) {
        self.transforms = transforms
    }

    /// `"direct"`, or the transforms joined by `+`: the ``QRSymbol/strategy`` text.
    var description: String {
        transforms.isEmpty ? "direct" : transforms.map(\.description).joined(separator: "+")
    }
}

// MARK: Plan

extension QRScanStrategy {
    /// Images with a shorter side below this many pixels get the upscaling retries: their
    /// modules may be 1–2 px, too few for zbar's edge detector, and they are cheap to enlarge.
    static let smallImageSide = 400

    /// Images above this many pixels are shrunk before the expensive retries. A 4-megapixel
    /// scan costs zbar ~150 ms; a QR code that fails at full size but survives filtering is
    /// almost always large enough to survive halving too.
    static let hugeImagePixels = 4_000_000

    /// The size the expensive retries shrink a huge image towards.
    static let workingImagePixels = 2_000_000

    /// The retry order for a `width` × `height` image; the first entry is `direct`.
    ///
    /// Cheap and likely first: the image as given, then its negative (dark-mode screenshots,
    /// light-on-dark prints); enlargements for tiny images; then filters that repair noise,
    /// blur and low contrast; then rotations and a quiet zone, which rescue the fewest.
    /// Filters and their negatives come in pairs because nothing tells us the polarity.
    static func plan(width: Int, height: Int) -> [QRScanStrategy] {
        var plan: [QRScanStrategy] = []
        func add(_ transforms: [Transform]) {
            plan.append(QRScanStrategy(transforms))
        }
        func addWithNegative(_ transforms: [Transform]) {
            add(transforms)
            add(transforms + [.inverted])
        }
        let pixels = width * height
        let isSmall = min(width, height) < smallImageSide
        let isHuge = pixels > hugeImagePixels

        addWithNegative([])
        if !isHuge {
            // zbar 0.23 reads mirrored codes itself, so this is only a perturbation of the
            // sampling grid: worth a scan on ordinary images, not on huge ones.
            addWithNegative([.mirrored])
        }
        if isSmall {
            addWithNegative([.upscaled(2)])
            addWithNegative([.upscaled(3)])
        }

        // Filters run on a working copy: a huge image shrunk by an integer factor (box
        // averaging, which also smooths noise), otherwise the image itself.
        var base: [Transform] = []
        if isHuge {
            let factor = Int((Double(pixels) / Double(workingImagePixels)).squareRoot().rounded(.up))
            base = [.downscaled(factor)]
            addWithNegative(base)
        }
        let adaptive = Transform.binarized(.adaptive(radius: 4, offset: 4))
        addWithNegative(base + [.medianFiltered])
        addWithNegative(base + [adaptive])
        addWithNegative(base + [.contrastStretched])
        addWithNegative(base + [.binarized(.otsu)])
        addWithNegative(base + [.medianFiltered, adaptive])

        for quarterTurns in 1...3 {
            add(base + [.rotated(Double(90 * quarterTurns))])
        }
        for degrees in [10.0, -10, 20, -20, 30, -30, 45] {
            addWithNegative(base + [.rotated(degrees)])
        }
        let border = max(16, min(width, height) / 10)
        addWithNegative(base + [.padded(border)])
        return plan
    }
}
