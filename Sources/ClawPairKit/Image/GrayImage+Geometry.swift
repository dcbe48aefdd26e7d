// Geometric transforms: each returns a new image and leaves `self` alone.
// They loop over raw buffers because the scanner runs them on multi-megapixel images.

extension GrayImage {
    /// The sample value used wherever a transform needs new pixels: paper white, so added
    /// borders read as the quiet zone a QR code needs around it.
    static let background: UInt8 = 255

    /// The image flipped left to right, as a mirror or a front camera shows it.
    public func mirrored() -> GrayImage {
        let width = self.width
        return pixels.withUnsafeBufferPointer { source in
            GrayImage(width: width, height: height) { out in
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width {
                        out[row + x] = source[row + width - 1 - x]
                    }
                }
            }
        }
    }

    /// The image turned clockwise by `degrees` (negative turns counter-clockwise), as
    /// ImageMagick's `-rotate` does.
    ///
    /// Multiples of 90° move pixels exactly. Other angles sample bilinearly and grow the
    /// canvas to hold the whole turned image, filling the corners with white.
    public func rotated(byDegrees degrees: Double) -> GrayImage {
        guard degrees.isFinite else { return self }
        let normalized = degrees.truncatingRemainder(dividingBy: 360)
        let turns = normalized / 90
        if turns == turns.rounded() {
            return rotated(quarterTurns: Int(turns))
        }
        return rotatedBilinear(radians: normalized * .pi / 180)
    }

    /// The image turned clockwise by `quarterTurns` × 90°, losslessly.
    public func rotated(quarterTurns: Int) -> GrayImage {
        let width = self.width, height = self.height
        switch ((quarterTurns % 4) + 4) % 4 {
        case 1:
            // Output row y is input column y, read bottom to top.
            return pixels.withUnsafeBufferPointer { source in
                GrayImage(width: height, height: width) { out in
                    for y in 0..<width {
                        let outRow = y * height
                        for x in 0..<height {
                            out[outRow + x] = source[(height - 1 - x) * width + y]
                        }
                    }
                }
            }
        case 2:
            return GrayImage(unchecked: width, height, pixels.reversed())
        case 3:
            // Output row y is input column (width - 1 - y), read top to bottom.
            return pixels.withUnsafeBufferPointer { source in
                GrayImage(width: height, height: width) { out in
                    for y in 0..<width {
                        let outRow = y * height
                        let column = width - 1 - y
                        for x in 0..<height {
                            out[outRow + x] = source[x * width + column]
                        }
                    }
                }
            }
        default:
            return self
        }
    }

    private func rotatedBilinear(radians: Double) -> GrayImage {
        let cosine = Trigonometry.cosine(radians), sine = Trigonometry.sine(radians)
        let width = self.width, height = self.height
        let outWidth = Int((Double(width) * abs(cosine) + Double(height) * abs(sine)).rounded(.up))
        let outHeight = Int((Double(width) * abs(sine) + Double(height) * abs(cosine)).rounded(.up))
        let centerX = Double(width - 1) / 2, centerY = Double(height - 1) / 2
        let outCenterX = Double(outWidth - 1) / 2, outCenterY = Double(outHeight - 1) / 2
        let white = Double(Self.background)

        return pixels.withUnsafeBufferPointer { source in
            // Out-of-bounds neighbours read as white so edges fade into the fill.
            func sample(_ x: Int, _ y: Int) -> Double {
                guard x >= 0, y >= 0, x < width, y < height else { return white }
                return Double(source[y * width + x])
            }
            return GrayImage(width: outWidth, height: outHeight) { out in
                for outY in 0..<outHeight {
                    let dy = Double(outY) - outCenterY
                    // Inverse mapping: where in the source does this output row start?
                    var sourceX = -outCenterX * cosine + dy * sine + centerX
                    var sourceY = outCenterX * sine + dy * cosine + centerY
                    let row = outY * outWidth
                    for outX in 0..<outWidth {
                        defer { sourceX += cosine; sourceY -= sine }
                        guard sourceX > -1, sourceY > -1,
                              sourceX < Double(width), sourceY < Double(height)
                        else {
                            out[row + outX] = Self.background
                            continue
                        }
                        let x0 = Int(sourceX.rounded(.down)), y0 = Int(sourceY.rounded(.down))
                        let fx = sourceX - Double(x0), fy = sourceY - Double(y0)
                        let top = sample(x0, y0) * (1 - fx) + sample(x0 + 1, y0) * fx
                        let bottom = sample(x0, y0 + 1) * (1 - fx) + sample(x0 + 1, y0 + 1) * fx
                        let value = top * (1 - fy) + bottom * fy
                        out[row + outX] = UInt8(min(255, max(0, value.rounded())))
                    }
                }
            }
        }
    }

    /// The image enlarged `factor` times by repeating each pixel (nearest neighbour), which
    /// keeps module edges sharp: what a scanner needs from a code drawn 1 px per module.
    ///
    /// Returns `self` when `factor` ≤ 1 or when the result would exceed
    /// ``maximumPixelCount``.
    public func scaledUp(by factor: Int) -> GrayImage {
        // The first test keeps factor × factor from overflowing.
        guard factor > 1, factor <= Self.maximumPixelCount,
              width * height <= Self.maximumPixelCount / (factor * factor)
        else { return self }
        let width = self.width
        let outWidth = width * factor
        return pixels.withUnsafeBufferPointer { source in
            GrayImage(width: outWidth, height: height * factor) { out in
                guard let base = out.baseAddress else { return }
                for y in 0..<height {
                    let first = base + y * factor * outWidth
                    for x in 0..<width {
                        let value = source[y * width + x]
                        for k in 0..<factor { first[x * factor + k] = value }
                    }
                    // The other rows of this band copy the first one.
                    for k in 1..<factor {
                        (first + k * outWidth).update(from: first, count: outWidth)
                    }
                }
            }
        }
    }

    /// The image shrunk `factor` times by averaging each `factor` × `factor` block.
    ///
    /// Averaging also smooths sensor noise, which helps on large noisy photos. Leftover
    /// columns and rows at the right and bottom edge are dropped. Returns `self` when
    /// `factor` ≤ 1, and never shrinks a side below one pixel.
    public func scaledDown(by factor: Int) -> GrayImage {
        let factor = min(factor, width, height)
        guard factor > 1 else { return self }
        let width = self.width
        let outWidth = width / factor, outHeight = height / factor
        let area = factor * factor
        return pixels.withUnsafeBufferPointer { source in
            GrayImage(width: outWidth, height: outHeight) { out in
                // Column sums for one band of `factor` rows, reused band after band.
                var sums = [Int](repeating: 0, count: outWidth)
                for outY in 0..<outHeight {
                    for i in 0..<outWidth { sums[i] = 0 }
                    for y in (outY * factor)..<(outY * factor + factor) {
                        let row = y * width
                        for outX in 0..<outWidth {
                            var sum = 0
                            let start = row + outX * factor
                            for x in start..<(start + factor) { sum += Int(source[x]) }
                            sums[outX] += sum
                        }
                    }
                    let outRow = outY * outWidth
                    for outX in 0..<outWidth {
                        out[outRow + outX] = UInt8((sums[outX] + area / 2) / area)
                    }
                }
            }
        }
    }

    /// The image inside a white border `border` pixels wide on every side.
    ///
    /// QR codes need a light quiet zone around them; a code cropped right at its edge
    /// gets one back this way. Returns `self` when `border` ≤ 0 or the result would exceed
    /// ``maximumPixelCount``.
    public func padded(by border: Int) -> GrayImage {
        guard border > 0, border <= Self.maximumPixelCount else { return self }
        let outWidth = width + 2 * border, outHeight = height + 2 * border
        guard outWidth <= Self.maximumPixelCount / outHeight else { return self }
        let width = self.width
        return pixels.withUnsafeBufferPointer { source in
            GrayImage(width: outWidth, height: outHeight) { out in
                guard let base = out.baseAddress, let sourceBase = source.baseAddress else { return }
                base.initialize(repeating: Self.background, count: outWidth * outHeight)
                for y in 0..<height {
                    (base + (y + border) * outWidth + border)
                        .update(from: sourceBase + y * width, count: width)
                }
            }
        }
    }
}
