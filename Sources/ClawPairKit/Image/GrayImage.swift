/// An 8-bit luminance image, the one pixel format the QR scanner works on.
///
/// Rows are stored top to bottom, each `width` bytes long, with no padding; 0 is black and
/// 255 is white. Transforms (``inverted()``, ``rotated(byDegrees:)``…) return new images and
/// live in the `GrayImage+…` files beside this one.
public struct GrayImage: Sendable {
    /// The largest image, in pixels, that clawpair decodes or builds.
    ///
    /// 64 Mi pixels is a 8192 × 8192 photo, larger than any phone camera or screenshot a setup
    /// code comes from, yet it bounds what a hostile header can make us allocate (64 MiB of
    /// luminance plus the transform copies the scanner makes).
    public static let maximumPixelCount = 64 * 1024 * 1024

    /// Columns, at least 1.
    public let width: Int
    /// Rows, at least 1.
    public let height: Int
    /// `width * height` luminance samples, row-major.
    public let pixels: [UInt8]

    /// Wraps `pixels` as a `width` × `height` image.
    ///
    /// - Throws: `.imageTooLarge` when the image exceeds ``maximumPixelCount``;
    ///   `.imageUnreadable` when a side is not positive or `pixels` has the wrong length.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(ClawPairError) {
        try Self.checkSize(width: width, height: height)
        guard pixels.count == width * height else {
            throw ClawPairError(
                .imageUnreadable,
                "pixel buffer holds \(pixels.count) bytes, expected \(width) × \(height)"
            )
        }
        self.init(unchecked: width, height, pixels)
    }

    /// For transforms and decoders that have already checked the size.
    init(unchecked width: Int, _ height: Int, _ pixels: [UInt8]) {
        assert(width > 0 && height > 0 && pixels.count == width * height)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Builds an image by letting `fill` write all `width * height` samples.
    ///
    /// The buffer is uninitialized memory: `fill` must write every byte. This avoids zeroing a
    /// buffer that is overwritten at once, which matters on the scanner's hot path.
    init(
        width: Int, height: Int,
        filling fill: (UnsafeMutableBufferPointer<UInt8>) -> Void
    ) {
        let count = width * height
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            fill(buffer)
            initialized = count
        }
        self.init(unchecked: width, height, pixels)
    }

    /// Throws unless `width` × `height` is a positive size within ``maximumPixelCount``.
    ///
    /// Decoders call this with the header's dimensions before allocating anything.
    static func checkSize(width: Int, height: Int) throws(ClawPairError) {
        guard width > 0, height > 0 else {
            throw ClawPairError(.imageUnreadable, "image has no pixels (\(width) × \(height))")
        }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= maximumPixelCount else {
            throw ClawPairError(
                .imageTooLarge,
                "image is \(width) × \(height) pixels, more than the \(maximumPixelCount / (1024 * 1024)) Mi pixels clawpair reads",
                remedy: "crop or shrink the image around the QR code"
            )
        }
    }

    /// The sample at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> UInt8 {
        pixels[y * width + x]
    }
}

extension GrayImage: Equatable {}
