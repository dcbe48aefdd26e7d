// Perspective resampling: the view of a flat object as if the camera faced it squarely.

extension GrayImage {
    /// A `width` × `height` image whose pixel (x, y) shows what `self` has at
    /// `sourceOf((x + 0.5, y + 0.5))`, sampled bilinearly.
    ///
    /// `sourceOf` is the inverse map (output to source), so every output pixel gets exactly
    /// one value and there are no holes. Points outside `self`, or sent to infinity, read as
    /// white: the quiet zone a code needs.
    func warped(width: Int, height: Int, sourceOf: Homography) -> GrayImage {
        let sourceWidth = self.width, sourceHeight = self.height
        return pixels.withUnsafeBufferPointer { source in
            func sample(_ x: Int, _ y: Int) -> Double {
                guard x >= 0, y >= 0, x < sourceWidth, y < sourceHeight else { return Double(Self.background) }
                return Double(source[y * sourceWidth + x])
            }
            return GrayImage(width: width, height: height) { out in
                for outY in 0..<height {
                    for outX in 0..<width {
                        // Pixel centres sit at +0.5 in both coordinate systems.
                        guard let point = sourceOf.apply(PlanePoint(Double(outX) + 0.5, Double(outY) + 0.5)),
                              point.x > -1, point.y > -1,
                              point.x < Double(sourceWidth) + 1, point.y < Double(sourceHeight) + 1
                        else {
                            out[outY * width + outX] = Self.background
                            continue
                        }
                        let x = point.x - 0.5, y = point.y - 0.5
                        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
                        let fx = x - Double(x0), fy = y - Double(y0)
                        let top = sample(x0, y0) * (1 - fx) + sample(x0 + 1, y0) * fx
                        let bottom = sample(x0, y0 + 1) * (1 - fx) + sample(x0 + 1, y0 + 1) * fx
                        let value = top * (1 - fy) + bottom * fy
                        out[outY * width + outX] = UInt8(min(255, max(0, value.rounded())))
                    }
                }
            }
        }
    }
}
