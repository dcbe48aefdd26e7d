// Tone transforms: each maps sample values and returns a new image of the same size.

extension GrayImage {
    /// How ``binarized(_:)`` picks black and white.
    public enum Binarization: Sendable, Hashable {
        /// One threshold for the whole image, chosen by Otsu's method: best for evenly lit
        /// screenshots whose histogram has a dark and a light peak.
        case otsu
        /// A threshold per pixel: black below the mean of the square `2 × radius + 1` pixels
        /// wide around it by more than `offset`, white above it by more than `offset`.
        /// Copes with shadows, gradients and blur. In flat areas, where the local mean says
        /// nothing (the inside of a large module), the Otsu threshold decides.
        case adaptive(radius: Int, offset: Int)
        /// One threshold halfway between the darkest and the lightest 5 % of pixels. Under
        /// blur the light class spreads out and Otsu's threshold drifts into it, until a
        /// finder's light ring turns dark; the mid-range stays between the two.
        case midRange
    }

    /// The photographic negative: light modules on a dark background become the dark on
    /// light a QR decoder expects.
    public func inverted() -> GrayImage {
        map { 255 &- $0 }
    }

    /// The image with its tones spread over the full 0…255 range.
    ///
    /// The darkest `clipFraction` of pixels become black and the lightest `clipFraction`
    /// white, so a few stray pixels don't pin the range; a faded, low-contrast print then
    /// has edges a scanner can find. Returns `self` when the image is flat.
    public func contrastStretched(clipFraction: Double = 0.01) -> GrayImage {
        let histogram = self.histogram()
        let fraction = clipFraction.isNaN ? 0 : min(max(clipFraction, 0), 0.49)
        let clip = Int(Double(pixels.count) * fraction)
        var low = 0, seen = 0
        while low < 255, seen + histogram[low] <= clip {
            seen += histogram[low]
            low += 1
        }
        var high = 255
        seen = 0
        while high > 0, seen + histogram[high] <= clip {
            seen += histogram[high]
            high -= 1
        }
        guard high > low else { return self }
        var table = [UInt8](repeating: 0, count: 256)
        for value in 0..<256 {
            let stretched = (value - low) * 255 / (high - low)
            table[value] = UInt8(min(255, max(0, stretched)))
        }
        return mapThrough(table)
    }

    /// The image reduced to pure black (0) and white (255).
    ///
    /// Noise and blur leave grey fringes that break the run-length patterns a scanner looks
    /// for; thresholding restores hard module edges.
    public func binarized(_ method: Binarization = .otsu) -> GrayImage {
        switch method {
        case .otsu:
            let threshold = otsuThreshold()
            return map { $0 > threshold ? 255 : 0 }
        case .midRange:
            let threshold = midRangeThreshold()
            return map { $0 > threshold ? 255 : 0 }
        case .adaptive(let radius, let offset):
            // Beyond these bounds the window is the whole image and every sample is decided
            // by the offset alone; clamping keeps the sums from overflowing.
            return adaptiveThreshold(
                radius: min(max(1, radius), max(width, height)), offset: min(max(offset, -255), 255)
            )
        }
    }

    /// The image with each pixel replaced by the median of its 3 × 3 neighbourhood.
    ///
    /// Removes salt-and-pepper noise (isolated dark or light specks) that breaks the run
    /// lengths a scanner measures, while keeping module edges sharp, unlike a blur.
    /// Border pixels use the neighbours that exist, with the edge row or column repeated.
    public func medianFiltered() -> GrayImage {
        let width = self.width, height = self.height
        guard width >= 3, height >= 3 else { return self }
        return pixels.withUnsafeBufferPointer { source in
            GrayImage(width: width, height: height) { out in
                for y in 0..<height {
                    let above = max(y - 1, 0) * width, row = y * width
                    let below = min(y + 1, height - 1) * width
                    for x in 0..<width {
                        let left = max(x - 1, 0), right = min(x + 1, width - 1)
                        var window = (
                            source[above + left], source[above + x], source[above + right],
                            source[row + left], source[row + x], source[row + right],
                            source[below + left], source[below + x], source[below + right]
                        )
                        out[row + x] = Self.median(of: &window)
                    }
                }
            }
        }
    }

    /// The median of nine samples by a 19-exchange sorting network (Paeth, Graphics Gems):
    /// only branch-free min/max, no sorting loop.
    private static func median(
        of v: inout (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
    ) -> UInt8 {
        @inline(__always) func sort(_ a: inout UInt8, _ b: inout UInt8) {
            let low = min(a, b)
            b = max(a, b)
            a = low
        }
        sort(&v.1, &v.2); sort(&v.4, &v.5); sort(&v.7, &v.8)
        sort(&v.0, &v.1); sort(&v.3, &v.4); sort(&v.6, &v.7)
        sort(&v.1, &v.2); sort(&v.4, &v.5); sort(&v.7, &v.8)
        sort(&v.0, &v.3); sort(&v.5, &v.8); sort(&v.4, &v.7)
        sort(&v.3, &v.6); sort(&v.1, &v.4); sort(&v.2, &v.5)
        sort(&v.4, &v.7); sort(&v.4, &v.2); sort(&v.6, &v.4)
        sort(&v.4, &v.2)
        return v.4
    }

    /// The mean of the outermost rows and columns, about 2 % of each side deep.
    ///
    /// A QR code's quiet zone is light, so a dark border hints that the image is a negative.
    func borderMean() -> Int {
        let depth = max(1, min(width, height) / 50)
        var sum = 0, count = 0
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = y * width
                if y < depth || y >= height - depth {
                    for x in 0..<width { sum += Int(source[row + x]) }
                    count += width
                } else {
                    for x in 0..<min(depth, width) { sum += Int(source[row + x]) + Int(source[row + width - 1 - x]) }
                    count += 2 * min(depth, width)
                }
            }
        }
        return count > 0 ? sum / count : 255
    }

    /// How many pixels have each of the 256 values.
    func histogram() -> [Int] {
        var counts = [Int](repeating: 0, count: 256)
        pixels.withUnsafeBufferPointer { source in
            counts.withUnsafeMutableBufferPointer { counts in
                for value in source { counts[Int(value)] += 1 }
            }
        }
        return counts
    }

    /// The threshold that best separates the histogram into two classes (Otsu, 1979):
    /// it maximises the variance between the dark and the light class.
    /// Halfway between the 5th and the 95th percentile of the samples.
    func midRangeThreshold() -> UInt8 {
        let histogram = self.histogram()
        let tail = max(1, pixels.count / 20)
        var count = 0, low = 0, high = 255
        for value in 0..<256 {
            count += histogram[value]
            if count >= tail { low = value; break }
        }
        count = 0
        for value in (0..<256).reversed() {
            count += histogram[value]
            if count >= tail { high = value; break }
        }
        return UInt8((low + high) / 2)
    }

    func otsuThreshold() -> UInt8 {
        let histogram = self.histogram()
        let total = Double(pixels.count)
        var weightedSum = 0.0
        for value in 0..<256 { weightedSum += Double(value * histogram[value]) }

        var best: (threshold: Int, variance: Double) = (127, -1)
        var darkCount = 0.0, darkSum = 0.0
        for value in 0..<256 {
            darkCount += Double(histogram[value])
            darkSum += Double(value * histogram[value])
            let lightCount = total - darkCount
            guard darkCount > 0, lightCount > 0 else { continue }
            let darkMean = darkSum / darkCount
            let lightMean = (weightedSum - darkSum) / lightCount
            let variance = darkCount * lightCount * (darkMean - lightMean) * (darkMean - lightMean)
            if variance > best.variance { best = (value, variance) }
        }
        return UInt8(best.threshold)
    }

    /// Local-mean thresholding in O(pixels) and O(width) extra memory: a running sum per
    /// column over the rows of the window, then a running sum across those columns.
    private func adaptiveThreshold(radius: Int, offset: Int) -> GrayImage {
        let width = self.width, height = self.height
        let global = Int(otsuThreshold())
        // Dark below the window mean by more than `offset`, light above it by more, else the
        // global threshold decides; as `sample × area` against the sum: no division.
        // Wrapping arithmetic: with offset and radius clamped (binarized(_:)), a sum is at most
        // 255 × 64 Mi pixels and a product 510 × that, far inside Int, so the overflow checks
        // on every pixel would only cost.
        @inline(__always) func classify(_ value: Int, _ area: Int, _ windowSum: Int) -> UInt8 {
            if (value &+ offset) &* area < windowSum { return 0 }
            if (value &- offset) &* area > windowSum { return 255 }
            return value > global ? 255 : 0
        }
        return pixels.withUnsafeBufferPointer { source in
            GrayImage(width: width, height: height) { out in
                // Unsafe buffers and an edge-free middle stretch: this runs over every pixel
                // of every image the scanner's first pass reads.
                let columnSums = UnsafeMutableBufferPointer<Int>.allocate(capacity: width)
                columnSums.initialize(repeating: 0)
                defer { columnSums.deallocate() }
                // Rows 0...radius-1 start in the window; each output row adds one row below.
                for y in 0..<min(radius, height) {
                    let row = y * width
                    for x in 0..<width { columnSums[x] &+= Int(source[row + x]) }
                }
                // Columns whose window lies wholly inside the image: x - radius ≥ 0 and
                // x + radius < width.
                let middle = radius..<max(radius, width - radius)
                for y in 0..<height {
                    let entering = y + radius, leaving = y - radius - 1
                    if entering < height {
                        let row = entering * width
                        for x in 0..<width { columnSums[x] &+= Int(source[row + x]) }
                    }
                    if leaving >= 0 {
                        let row = leaving * width
                        for x in 0..<width { columnSums[x] &-= Int(source[row + x]) }
                    }
                    let rows = min(height - 1, y + radius) - max(0, y - radius) + 1
                    let row = y * width

                    var windowSum = 0
                    for x in 0..<min(radius, width) { windowSum += columnSums[x] }
                    var x = 0
                    while x < width {
                        if middle.contains(x) {
                            // The window slides by one column: add the entering, drop the leaving.
                            let area = rows * (2 * radius + 1)
                            while x < middle.upperBound {
                                windowSum &+= columnSums[x + radius]
                                if x > radius { windowSum &-= columnSums[x - radius - 1] }
                                out[row + x] = classify(Int(source[row + x]), area, windowSum)
                                x += 1
                            }
                            continue
                        }
                        if x + radius < width { windowSum += columnSums[x + radius] }
                        if x - radius - 1 >= 0 { windowSum -= columnSums[x - radius - 1] }
                        let columns = min(width - 1, x + radius) - max(0, x - radius) + 1
                        out[row + x] = classify(Int(source[row + x]), rows * columns, windowSum)
                        x += 1
                    }
                }
            }
        }
    }

    /// Applies `transform` to every sample.
    private func map(_ transform: (UInt8) -> UInt8) -> GrayImage {
        pixels.withUnsafeBufferPointer { source in
            GrayImage(width: width, height: height) { out in
                for index in 0..<source.count { out[index] = transform(source[index]) }
            }
        }
    }

    /// Replaces every sample by its entry in a 256-entry lookup table.
    private func mapThrough(_ table: [UInt8]) -> GrayImage {
        table.withUnsafeBufferPointer { table in
            map { table[Int($0)] }
        }
    }
}
