internal import CClawShims
internal import CPNG

/// Draws a QR code as an 8-bit greyscale PNG, with libpng's simplified write API.
public struct QRPNGRenderer: Sendable {
    /// The largest image side, in pixels, the renderer will make: far beyond any useful
    /// code (a version-40 code at 40 px per module is 7,400 px), small enough that a mistyped
    /// scale can't ask for gigabytes.
    public static let maximumSide = 16_384

    /// A renderer; it has no settings of its own.
    public init() {}

    /// Renders `matrix` as PNG bytes: black modules on white, `scale` pixels per module,
    /// with a quiet zone of `margin` modules on every side.
    ///
    /// - Parameters:
    ///   - scale: pixels per module.
    ///   - margin: quiet zone in modules; the standard asks for 4.
    ///   - invert: white modules on black, the quiet zone black too.
    /// - Precondition: `scale >= 1`, `margin >= 0`.
    /// - Throws: `ClawPairError` `.qrEncodeFailed` when the image would be wider than
    ///   ``maximumSide`` or libpng fails (its message is kept).
    public func render(
        _ matrix: QRMatrix, scale: Int = 8, margin: Int = 4, invert: Bool = false
    ) throws(ClawPairError) -> [UInt8] {
        precondition(scale >= 1, "scale must be at least 1")
        precondition(margin >= 0, "margin must not be negative")
        // Checked in two steps so that no product can overflow: the margin alone first.
        let modules = matrix.size + 2 * min(margin, Self.maximumSide)
        let (side, overflow) = modules.multipliedReportingOverflow(by: scale)
        guard margin <= Self.maximumSide, !overflow, side <= Self.maximumSide else {
            throw ClawPairError(
                .qrEncodeFailed,
                "a PNG of \(modules) modules at \(scale) px each would be wider than the limit of "
                    + "\(Self.maximumSide) px",
                remedy: "choose a smaller scale or margin"
            )
        }

        let (dark, light): (UInt8, UInt8) = invert ? (255, 0) : (0, 255)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(side * side)
        // Build each module row's pixel row once, then repeat it `scale` times.
        for y in -margin..<matrix.size + margin {
            var row: [UInt8] = []
            row.reserveCapacity(side)
            for x in -margin..<matrix.size + margin {
                row.append(contentsOf: repeatElement(matrix.isDark(x: x, y: y) ? dark : light, count: scale))
            }
            for _ in 0..<scale { pixels.append(contentsOf: row) }
        }
        return try Self.encodeGray(pixels, side: side)
    }

    // MARK: libpng

    /// Compresses a square 8-bit greyscale bitmap, rows top to bottom.
    private static func encodeGray(_ pixels: [UInt8], side: Int) throws(ClawPairError) -> [UInt8] {
        try CLibrary.libpng.require()
        func makeImage() -> png_image {
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            image.width = png_uint_32(side)
            image.height = png_uint_32(side)
            image.format = png_uint_32(PNG_FORMAT_GRAY)
            return image
        }
        // The first call, with no buffer, only measures; the second writes. Each call
        // frees libpng's working state before it returns, success or not; png_image_free
        // is for the failure path, where it is a no-op if nothing is left.
        var image = makeImage()
        var byteCount: png_alloc_size_t = 0
        let measured = pixels.withUnsafeBytes { raw in
            clawpair_png_image_write_to_memory(&image, nil, &byteCount, 0, raw.baseAddress, png_int_32(side), nil)
        }
        guard measured != 0, byteCount > 0 else { throw libpngError(&image) }

        var output = [UInt8](repeating: 0, count: Int(byteCount))
        image = makeImage()
        let written = output.withUnsafeMutableBytes { out in
            pixels.withUnsafeBytes { raw in
                clawpair_png_image_write_to_memory(&image, out.baseAddress, &byteCount, 0, raw.baseAddress, png_int_32(side), nil)
            }
        }
        guard written != 0 else { throw libpngError(&image) }
        output.removeSubrange(Int(byteCount)...)
        return output
    }

    private static func libpngError(_ image: inout png_image) -> ClawPairError {
        let message = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        clawpair_png_image_free(&image)
        return ClawPairError(.qrEncodeFailed, "libpng could not write the PNG: \(message)")
    }
}
