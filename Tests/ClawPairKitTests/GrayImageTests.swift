import Testing
@testable import ClawPairKit

/// A 3 × 2 image whose samples name their position: row 0 is 1 2 3, row 1 is 4 5 6.
private let small = GrayImage(unchecked: 3, 2, [1, 2, 3, 4, 5, 6])

/// Deterministic pseudo-random samples (a 64-bit LCG), so failures reproduce.
private func noise(width: Int, height: Int, seed: UInt64) -> GrayImage {
    var state = seed
    let pixels = (0..<(width * height)).map { _ -> UInt8 in
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return UInt8(truncatingIfNeeded: state >> 56)
    }
    return GrayImage(unchecked: width, height, pixels)
}

@Suite struct GrayImageTests {
    @Test func initChecksTheBufferLength() {
        #expect(throws: ClawPairError(.imageUnreadable, "")) {
            try GrayImage(width: 3, height: 2, pixels: [1, 2, 3])
        }
        #expect(throws: ClawPairError(.imageUnreadable, "")) {
            try GrayImage(width: 0, height: 2, pixels: [])
        }
    }

    @Test func initRefusesMoreThanTheCapBeforeLookingAtPixels() {
        #expect(throws: ClawPairError(.imageTooLarge, "")) {
            try GrayImage(width: 100_000, height: 100_000, pixels: [])
        }
        #expect(throws: ClawPairError(.imageTooLarge, "")) {
            try GrayImage(width: Int.max, height: 2, pixels: [])
        }
        #expect(GrayImage.maximumPixelCount == 64 * 1024 * 1024)
    }

    @Test func inverted() {
        #expect(small.inverted().pixels == [254, 253, 252, 251, 250, 249])
    }

    @Test func mirrored() {
        #expect(small.mirrored().pixels == [3, 2, 1, 6, 5, 4])
    }

    @Test func quarterTurnsMovePixelsExactly() {
        let clockwise = small.rotated(quarterTurns: 1)
        #expect(clockwise.width == 2 && clockwise.height == 3)
        #expect(clockwise.pixels == [4, 1, 5, 2, 6, 3])
        #expect(small.rotated(quarterTurns: 2).pixels == [6, 5, 4, 3, 2, 1])
        let counterClockwise = small.rotated(quarterTurns: 3)
        #expect(counterClockwise.pixels == [3, 6, 2, 5, 1, 4])
        #expect(small.rotated(quarterTurns: -1) == counterClockwise)
        #expect(small.rotated(quarterTurns: 4) == small)
        #expect(small.rotated(byDegrees: 90) == clockwise)
        #expect(small.rotated(byDegrees: -270) == clockwise)
        #expect(small.rotated(byDegrees: 360) == small)
    }

    @Test func smallAngleGrowsTheCanvasAndFillsCornersWithWhite() throws {
        let black = try GrayImage(width: 40, height: 20, pixels: [UInt8](repeating: 0, count: 800))
        let turned = black.rotated(byDegrees: 30)
        // 40·cos30 + 20·sin30 ≈ 44.6 wide, 40·sin30 + 20·cos30 ≈ 37.3 high.
        #expect(turned.width == 45 && turned.height == 38)
        #expect(turned[0, 0] == 255)
        #expect(turned[turned.width - 1, turned.height - 1] == 255)
        #expect(turned[turned.width / 2, turned.height / 2] == 0)
        // Turning back by the same angle leaves the middle black.
        let back = turned.rotated(byDegrees: -30)
        #expect(back[back.width / 2, back.height / 2] == 0)
    }

    @Test func scaledUpRepeatsPixels() {
        let big = small.scaledUp(by: 2)
        #expect(big.width == 6 && big.height == 4)
        #expect(big.pixels == [
            1, 1, 2, 2, 3, 3,
            1, 1, 2, 2, 3, 3,
            4, 4, 5, 5, 6, 6,
            4, 4, 5, 5, 6, 6,
        ])
        #expect(small.scaledUp(by: 1) == small)
    }

    @Test func scaledDownAveragesBlocksAndDropsTheRemainder() throws {
        let image = try GrayImage(width: 5, height: 4, pixels: [
            0, 10, 100, 101, 7,
            20, 30, 102, 103, 7,
            255, 255, 0, 0, 7,
            255, 254, 0, 1, 7,
        ])
        let half = image.scaledDown(by: 2)
        #expect(half.width == 2 && half.height == 2)
        #expect(half.pixels == [15, 102, 255, 0])
        #expect(small.scaledDown(by: 10).width == 1)
    }

    @Test func paddedAddsAWhiteBorder() {
        let padded = small.padded(by: 2)
        #expect(padded.width == 7 && padded.height == 6)
        #expect(padded[0, 0] == 255 && padded[6, 5] == 255 && padded[1, 2] == 255)
        #expect(padded[2, 2] == 1 && padded[4, 3] == 6)
    }

    @Test func contrastStretchSpreadsAFadedImage() throws {
        let faded = try GrayImage(width: 4, height: 1, pixels: [100, 110, 140, 150])
        #expect(faded.contrastStretched(clipFraction: 0).pixels == [0, 51, 204, 255])
        let flat = try GrayImage(width: 2, height: 1, pixels: [9, 9])
        #expect(flat.contrastStretched() == flat)
    }

    @Test func otsuSplitsTwoPeaks() throws {
        let image = try GrayImage(width: 6, height: 1, pixels: [20, 30, 40, 180, 190, 200])
        let threshold = image.otsuThreshold()
        #expect(threshold >= 40 && threshold < 180)
        #expect(image.binarized(.otsu).pixels == [0, 0, 0, 255, 255, 255])
    }

    /// Halfway between the 5th and 95th percentiles: a few outliers do not move it, and a
    /// blurred image whose light pixels spread out still splits at the middle.
    @Test func midRangeSplitsBetweenTheTails() throws {
        // 100 samples: 3 at 0 (outliers), 40 at 40, 50 at 200, 7 at 255.
        let pixels = [UInt8](repeating: 0, count: 3) + [UInt8](repeating: 40, count: 40)
            + [UInt8](repeating: 200, count: 50) + [UInt8](repeating: 255, count: 7)
        let image = try GrayImage(width: 10, height: 10, pixels: pixels)
        #expect(image.midRangeThreshold() == (40 + 255) / 2)
        #expect(image.binarized(.midRange).pixels == pixels.map { $0 > 147 ? 255 : 0 })
        let flat = try GrayImage(width: 2, height: 2, pixels: [9, 9, 9, 9])
        #expect(flat.binarized(.midRange).pixels == [0, 0, 0, 0])
    }

    @Test func adaptiveThresholdFollowsAGradient() throws {
        // Dark stripes on a background that brightens left to right: a single threshold
        // loses the stripes on one side, a local one keeps all of them.
        let width = 64, height = 8
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let background = 60 + x * 3
                pixels[y * width + x] = UInt8(x % 8 < 2 ? background - 50 : background)
            }
        }
        let image = try GrayImage(width: width, height: height, pixels: pixels)
        let binary = image.binarized(.adaptive(radius: 4, offset: 4))
        for x in 0..<width {
            #expect(binary[x, 4] == (x % 8 < 2 ? 0 : 255), "column \(x)")
        }
        // Inside a flat dark region the local mean says nothing; Otsu keeps it dark.
        let block = try GrayImage(width: 40, height: 40, pixels: (0..<1600).map { $0 % 40 < 20 ? 10 : 240 })
        #expect(block.binarized(.adaptive(radius: 2, offset: 4))[5, 20] == 0)
    }

    /// The sliding sums agree with the definition, pixel by pixel: the mean of the window
    /// clipped to the image, by more than `offset`, else the Otsu threshold. Sizes include
    /// images narrower and shorter than the window, where no column is clear of the edges.
    @Test(arguments: [(1, 1, 1, 0), (7, 5, 2, 3), (40, 33, 4, 4), (25, 60, 12, 2), (9, 9, 20, 0), (64, 3, 1, 8)])
    func adaptiveThresholdMatchesItsDefinition(width: Int, height: Int, radius: Int, offset: Int) {
        let image = noise(width: width, height: height, seed: UInt64(width * 1000 + height))
        let global = Int(image.otsuThreshold())
        let binary = image.binarized(.adaptive(radius: radius, offset: offset))
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0, count = 0
                for wy in max(0, y - radius)...min(height - 1, y + radius) {
                    for wx in max(0, x - radius)...min(width - 1, x + radius) {
                        sum += Int(image[wx, wy])
                        count += 1
                    }
                }
                let value = Int(image[x, y])
                let expected: UInt8 =
                    (value + offset) * count < sum ? 0 : (value - offset) * count > sum ? 255 : value > global ? 255 : 0
                #expect(binary[x, y] == expected, "(\(x), \(y))")
            }
        }
    }

    @Test func medianMatchesASortedWindow() {
        let image = noise(width: 23, height: 17, seed: 42)
        let filtered = image.medianFiltered()
        for y in 0..<image.height {
            for x in 0..<image.width {
                var window: [UInt8] = []
                for dy in -1...1 {
                    for dx in -1...1 {
                        let sx = min(max(x + dx, 0), image.width - 1)
                        let sy = min(max(y + dy, 0), image.height - 1)
                        window.append(image[sx, sy])
                    }
                }
                #expect(filtered[x, y] == window.sorted()[4], "at \(x), \(y)")
            }
        }
    }

    @Test func medianRemovesASpeck() throws {
        var pixels = [UInt8](repeating: 255, count: 25)
        pixels[12] = 0
        let image = try GrayImage(width: 5, height: 5, pixels: pixels)
        #expect(image.medianFiltered().pixels.allSatisfy { $0 == 255 })
    }

    @Test func borderMeanReadsTheOutsideOnly() {
        // A white 100 × 100 image with a black centre: the border stays white.
        var pixels = [UInt8](repeating: 255, count: 100 * 100)
        for y in 10..<90 { for x in 10..<90 { pixels[y * 100 + x] = 0 } }
        let framed = GrayImage(unchecked: 100, 100, pixels)
        #expect(framed.borderMean() == 255)
        #expect(framed.inverted().borderMean() == 0)
        #expect(small.borderMean() == 3)
    }

    @Test func absurdArgumentsLeaveTheImageAlone() {
        #expect(small.rotated(byDegrees: .nan) == small)
        #expect(small.rotated(byDegrees: .infinity) == small)
        #expect(small.scaledUp(by: Int.max) == small)
        #expect(small.scaledUp(by: 5000) == small)
        #expect(small.padded(by: Int.max) == small)
        #expect(small.scaledDown(by: Int.max).pixels.count == 1)
        #expect(small.contrastStretched(clipFraction: .nan).pixels.count == 6)
        #expect(small.binarized(.adaptive(radius: Int.max, offset: Int.min)).pixels.count == 6)
    }
}
