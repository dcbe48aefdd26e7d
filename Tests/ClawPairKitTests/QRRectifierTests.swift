import Testing
@testable import ClawPairKit

/// `matrix` drawn `moduleSize` pixels per module, dark on white, with a `margin`-module quiet zone.
private func render(_ matrix: QRMatrix, moduleSize: Int, margin: Int = 4) -> GrayImage {
    let side = (matrix.size + 2 * margin) * moduleSize
    var pixels = [UInt8](repeating: 255, count: side * side)
    for y in 0..<side {
        for x in 0..<side {
            let mx = x / moduleSize - margin, my = y / moduleSize - margin
            if mx >= 0, my >= 0, mx < matrix.size, my < matrix.size, matrix.isDark(x: mx, y: my) {
                pixels[y * side + x] = 0
            }
        }
    }
    return try! GrayImage(width: side, height: side, pixels: pixels)
}

/// The corners of a `side`-pixel square, clockwise from the top left.
private func square(_ side: Double) -> [PlanePoint] {
    [PlanePoint(0, 0), PlanePoint(side, 0), PlanePoint(side, side), PlanePoint(0, side)]
}

/// `image` as a camera sees it when the square's corners land on `corners` in a
/// `width` × `height` frame (the warp's inverse does the sampling).
private func photographed(_ image: GrayImage, corners: [PlanePoint], width: Int, height: Int) -> GrayImage {
    let map = Homography(mapping: corners, to: square(Double(image.width)))!
    return image.warped(width: width, height: height, sourceOf: map)
}

/// A tilt: the top edge farther away (shorter) than the bottom one, and a slight turn.
private let tilted = [PlanePoint(90, 60), PlanePoint(330, 85), PlanePoint(370, 400), PlanePoint(40, 380)]

@Suite struct HomographyTests {
    @Test func mapsEachSourcePointToItsTarget() throws {
        let targets = [PlanePoint(12, 7), PlanePoint(201, 30), PlanePoint(180, 260), PlanePoint(3, 199)]
        let map = try #require(Homography(mapping: square(100), to: targets))
        for (source, target) in zip(square(100), targets) {
            let mapped = try #require(map.apply(source))
            #expect(mapped.distance(to: target) < 1e-9)
        }
        // A straight line stays straight: the centre of the square lands on the diagonals' crossing.
        let centre = try #require(map.apply(PlanePoint(50, 50)))
        let back = try #require(Homography(mapping: targets, to: square(100))?.apply(centre))
        #expect(back.distance(to: PlanePoint(50, 50)) < 1e-9)
    }

    @Test func identityAndTranslation() throws {
        let identity = try #require(Homography(mapping: square(10), to: square(10)))
        #expect(identity.apply(PlanePoint(3, 4))?.distance(to: PlanePoint(3, 4)) ?? 1 < 1e-12)
        let moved = try #require(Homography(mapping: square(10), to: square(10).map { PlanePoint($0.x + 5, $0.y - 2) }))
        #expect(moved.apply(PlanePoint(3, 4))?.distance(to: PlanePoint(8, 2)) ?? 1 < 1e-9)
    }

    @Test func collinearPointsHaveNoMap() {
        let line = [PlanePoint(0, 0), PlanePoint(1, 1), PlanePoint(2, 2), PlanePoint(0, 5)]
        #expect(Homography(mapping: line, to: square(10)) == nil)
        #expect(Homography(mapping: square(10), to: line) == nil)
        #expect(Homography(mapping: Array(square(10).prefix(3)), to: Array(square(10).prefix(3))) == nil)
    }

    /// Fifteen points of a known perspective map, in pixels far from the origin: the fit
    /// recovers the map (the normalisation keeps the normal equations well conditioned), and
    /// with four points it is the exact map.
    @Test func fittingRecoversAMapFromManyPoints() throws {
        let truth = try #require(Homography(
            mapping: square(57), to: [PlanePoint(1012, 707), PlanePoint(1380, 690), PlanePoint(1420, 1101), PlanePoint(990, 1060)]))
        let sources = (0..<15).map { PlanePoint(Double($0 % 5) * 13 + 1, Double($0 / 5) * 19 + 3) }
        let targets = try sources.map { try #require(truth.apply($0)) }
        let fitted = try #require(Homography(fitting: sources, to: targets))
        for point in [PlanePoint(0, 0), PlanePoint(57, 57), PlanePoint(28.5, 40)] {
            let expected = try #require(truth.apply(point)), got = try #require(fitted.apply(point))
            #expect(got.distance(to: expected) < 1e-6)
        }
        let corners = try square(57).map { try #require(truth.apply($0)) }
        let four = try #require(Homography(fitting: square(57), to: corners))
        let inside = try #require(four.apply(PlanePoint(20, 30))), expected = try #require(truth.apply(PlanePoint(20, 30)))
        #expect(inside.distance(to: expected) < 1e-6)
        #expect(Homography(fitting: Array(sources.prefix(3)), to: Array(targets.prefix(3))) == nil)
        #expect(Homography(fitting: Array(repeating: PlanePoint(1, 1), count: 5), to: Array(targets.prefix(5))) == nil)
    }

    @Test func warpedWithTheIdentityIsTheImage() throws {
        let image = try GrayImage(width: 3, height: 2, pixels: [0, 50, 100, 150, 200, 250])
        let identity = try #require(Homography(mapping: square(10), to: square(10)))
        #expect(image.warped(width: 3, height: 2, sourceOf: identity) == image)
        // Outside the source reads white.
        let shifted = try #require(Homography(mapping: square(10), to: square(10).map { PlanePoint($0.x + 10, $0.y) }))
        #expect(image.warped(width: 3, height: 2, sourceOf: shifted).pixels.allSatisfy { $0 == 255 })
    }
}

@Suite struct QRRectifierTests {
    @Test func finderRatio() {
        #expect(QRFinderPattern.hasFinderRatio([4, 4, 12, 4, 4]))
        #expect(QRFinderPattern.hasFinderRatio([5, 3, 13, 4, 5]))
        #expect(!QRFinderPattern.hasFinderRatio([4, 4, 4, 4, 4]))
        #expect(!QRFinderPattern.hasFinderRatio([1, 1, 3, 1]))
        #expect(!QRFinderPattern.hasFinderRatio([12, 4, 12, 4, 4]))
    }

    @Test func findsTheThreeFinderPatternsOfAnUprightCode() throws {
        let matrix = try QRMatrix(encoding: ScanSamples.setupCode)
        let image = render(matrix, moduleSize: 5)
        let patterns = QRFinderPattern.locate(in: QRRectifier.binarizedForSearch(image))
        let n = Double(matrix.size)
        // Centres 3.5 modules in from three corners, plus the 4-module margin.
        let expected = [PlanePoint(7.5, 7.5), PlanePoint(n + 0.5, 7.5), PlanePoint(7.5, n + 0.5)].map {
            PlanePoint($0.x * 5, $0.y * 5)
        }
        for centre in expected {
            let match = patterns.first { $0.center.distance(to: centre) < 1.5 }
            #expect(match != nil, "no finder pattern near \(centre) in \(patterns.prefix(5))")
            #expect(abs((match?.moduleSize ?? 0) - 5) < 0.75)
        }
        let placement = try #require(QRRectifier.placement(of: patterns, in: QRRectifier.binarizedForSearch(image)))
        #expect(placement.dimension == matrix.size)
        #expect(placement.topLeft.center.distance(to: expected[0]) < 1.5)
        #expect(placement.topRight.center.distance(to: expected[1]) < 1.5)
        #expect(placement.bottomLeft.center.distance(to: expected[2]) < 1.5)
    }

    @Test func aCodeWarpedByAKnownHomographyIsReadBack() throws {
        let matrix = try QRMatrix(encoding: ScanSamples.setupCode)
        let upright = render(matrix, moduleSize: 6)
        let photo = photographed(upright, corners: tilted, width: 420, height: 440)
        // Where the finder centres must be: the known map applied to the upright centres.
        let map = try #require(Homography(mapping: square(Double(upright.width)), to: tilted))
        let n = Double(matrix.size)
        let topLeft = try #require(map.apply(PlanePoint(7.5 * 6, 7.5 * 6)))
        let topRight = try #require(map.apply(PlanePoint((n + 0.5) * 6, 7.5 * 6)))
        let binary = QRRectifier.binarizedForSearch(photo)
        let placement = try #require(QRRectifier.placement(of: QRFinderPattern.locate(in: binary), in: binary))
        #expect(placement.dimension == matrix.size)
        #expect(placement.topLeft.center.distance(to: topLeft) < 2)
        #expect(placement.topRight.center.distance(to: topRight) < 2)
        // The alignment pattern pins the fourth corner, which the parallelogram gets wrong here.
        let alignment = try #require(QRRectifier.alignmentCenter(placement, binary: binary))
        let expected = try #require(map.apply(PlanePoint((n - 6.5 + 4) * 6, (n - 6.5 + 4) * 6)))
        #expect(alignment.distance(to: expected) < 3)

        let placementMap = try #require(QRRectifier.moduleMap(placement, binary: binary))
        let rectified = try #require(QRRectifier.resample(photo, placement: placement, moduleToSource: placementMap))
        let side = (matrix.size + 2 * QRRectifier.quietZone) * QRRectifier.pixelsPerModule
        #expect(rectified.width == side && rectified.height == side)
        // Every module centre of the rectified code has the colour of the original module.
        var wrong = 0
        for y in 0..<matrix.size {
            for x in 0..<matrix.size {
                let px = (x + QRRectifier.quietZone) * QRRectifier.pixelsPerModule + QRRectifier.pixelsPerModule / 2
                let py = (y + QRRectifier.quietZone) * QRRectifier.pixelsPerModule + QRRectifier.pixelsPerModule / 2
                if (rectified[px, py] < 128) != matrix.isDark(x: x, y: y) { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) of \(matrix.size * matrix.size) modules differ")
        let decoded = try QRScanner().scan(rectified, plan: [QRScanStrategy([])])
        #expect(decoded.map(\.text) == [ScanSamples.setupCode])
        // The retry's image: this size and the versions either side, next to each other.
        let retry = try #require(QRRectifier.rectified(photo))
        #expect(retry.width == side + (side - 16) + (side + 16) && retry.height == side + 16)
        #expect(try QRScanner().scan(retry, plan: [QRScanStrategy([])]).map(\.text) == [ScanSamples.setupCode])
    }

    @Test func aVersionOneCodeUsesTheParallelogram() throws {
        let matrix = try QRMatrix(encoding: "clawpair", level: .low)
        #expect(matrix.size == 21)
        let upright = render(matrix, moduleSize: 8)
        let rotated = upright.rotated(byDegrees: 20)
        let rectified = try #require(QRRectifier.rectified(rotated))
        let decoded = try QRScanner().scan(rectified, plan: [QRScanStrategy([])])
        #expect(decoded.map(\.text) == ["clawpair"])
    }

    @Test func nothingToRectifyInAnImageWithoutACode() throws {
        let blank = try GrayImage(width: 200, height: 120, pixels: [UInt8](repeating: 200, count: 200 * 120))
        #expect(QRRectifier.rectified(blank) == nil)
        // Two finder-like squares are not a code.
        let matrix = try QRMatrix(encoding: "clawpair", level: .low)
        var pixels = render(matrix, moduleSize: 4).pixels
        let side = (matrix.size + 8) * 4
        for y in (side / 2)..<side { for x in 0..<side { pixels[y * side + x] = 255 } }
        #expect(QRRectifier.rectified(try GrayImage(width: side, height: side, pixels: pixels)) == nil)
    }

    @Test func lanesGiveTheSequentialResult() async throws {
        // A plan whose first two strategies find nothing and whose third and fourth both would.
        let matrix = try QRMatrix(encoding: ScanSamples.ascii)
        let image = render(matrix, moduleSize: 4).inverted()
        let plan = [
            QRScanStrategy([]), QRScanStrategy([.mirrored]), QRScanStrategy([.inverted]),
            QRScanStrategy([.mirrored, .inverted]), QRScanStrategy([.inverted, .upscaled(2)]),
        ]
        let sequential = try QRScanner().scan(image, plan: plan)
        #expect(sequential.first?.strategy == "inverted")
        for lanes in [2, 3, 8] {
            let parallel = try await QRScanner.scan(image, plan: plan, lanes: lanes)
            #expect(parallel == sequential, "\(lanes) lanes")
        }
        #expect(try await QRScanner.scan(render(matrix, moduleSize: 4).mirrored(), plan: [QRScanStrategy([.inverted])], lanes: 2).isEmpty)
    }
}
