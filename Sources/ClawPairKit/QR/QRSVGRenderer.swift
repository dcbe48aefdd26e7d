/// Draws a QR code as a small SVG document.
///
/// One `<path>` holds every horizontal run of dark modules as a rectangle, over a background
/// `<rect>`, so the file stays a few kilobytes even for large codes. Coordinates are in
/// modules (the `viewBox`); `width`/`height` give a default pixel size for viewers that
/// need one. `shape-rendering="crispEdges"` keeps rasterisers from antialiasing the seams
/// between neighbouring runs into grey lines.
public struct QRSVGRenderer: Sendable {
    /// A renderer; it has no settings of its own.
    public init() {}

    /// Renders `matrix` with a quiet zone of `margin` modules on every side.
    ///
    /// - Parameters:
    ///   - margin: quiet zone in modules; the standard asks for 4.
    ///   - invert: white modules on black (quiet zone black too) instead of black on white.
    ///   - scale: pixels per module for the `width`/`height` attributes.
    /// - Precondition: `margin >= 0`, `scale >= 1`.
    /// - Returns: a complete SVG document ending with a newline.
    public func render(_ matrix: QRMatrix, margin: Int = 4, invert: Bool = false, scale: Int = 8) -> String {
        precondition(margin >= 0, "margin must not be negative")
        precondition(scale >= 1, "scale must be at least 1")
        let side = matrix.size + 2 * margin
        let (paper, ink) = invert ? ("#000000", "#ffffff") : ("#ffffff", "#000000")

        // The path is always the dark modules; inverting only swaps the two colours. The
        // margin, like every light module, is the background rect's colour.
        var path = ""
        for y in 0..<matrix.size {
            var x = 0
            while x < matrix.size {
                guard matrix.isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                let start = x
                while x < matrix.size, matrix.isDark(x: x, y: y) { x += 1 }
                let length = x - start
                path += "M\(start + margin) \(y + margin)h\(length)v1h-\(length)z"
            }
        }

        let pixels = side * scale
        // `stroke="none"` is spelled out: ImageMagick's built-in SVG renderer (MSVG)
        // otherwise strokes filled shapes with a one-pixel outline.
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(pixels)" height="\(pixels)" \
            viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">
            <rect width="\(side)" height="\(side)" fill="\(paper)" stroke="none"/>
            <path fill="\(ink)" stroke="none" d="\(path)"/>
            </svg>

            """
    }
}
