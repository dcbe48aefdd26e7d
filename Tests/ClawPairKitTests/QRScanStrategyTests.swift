import Testing
@testable import ClawPairKit

@Suite struct QRScanStrategyTests {
    private func names(_ width: Int, _ height: Int) -> [String] {
        QRScanStrategy.plan(width: width, height: height).map(\.description)
    }

    @Test func cheapestFirst() {
        for (width, height) in [(60, 60), (800, 600), (1600, 1000), (4000, 3000)] {
            let plan = QRScanStrategy.plan(width: width, height: height)
            #expect(plan.prefix(2).map(\.description) == ["direct", "inverted"])
            #expect(Set(plan).count == plan.count, "no strategy twice")
        }
    }

    @Test func largeImagesAreFirstScannedAtHalfDensity() {
        let plan = QRScanStrategy.plan(width: 1600, height: 1000)
        #expect(plan.prefix(4).map(\.lineStep) == [2, 2, 1, 1])
        #expect(plan.prefix(4).map(\.description) == ["direct", "inverted", "direct", "inverted"])
        #expect(plan.dropFirst(2).allSatisfy { $0.lineStep == 1 })
        #expect(QRScanStrategy.plan(width: 800, height: 600).allSatisfy { $0.lineStep == 1 })
    }

    @Test func smallImagesAreMirroredAndEnlarged() throws {
        let plan = names(120, 120)
        #expect(plan.contains("mirrored") && plan.contains("mirrored+inverted"))
        #expect(plan.contains("upscaled-2") && plan.contains("upscaled-3+inverted"))
        let upscaled = try #require(plan.firstIndex(of: "upscaled-2"))
        let median = try #require(plan.firstIndex(of: "median"))
        #expect(upscaled < median)
        // Tripling stops at 200 px, doubling and mirroring at 400 px.
        #expect(names(300, 300).contains("upscaled-2") && !names(300, 300).contains("upscaled-3"))
        for plan in [names(400, 400), names(1600, 1000)] {
            #expect(!plan.contains("upscaled-2") && !plan.contains("mirrored"))
        }
    }

    @Test func hugeImagesAreShrunkBeforeFiltering() {
        let plan = names(4000, 3000)
        // 12 MP towards 2 MP: a factor of 3.
        #expect(plan.contains("downscaled-3") && plan.contains("downscaled-3+inverted"))
        #expect(plan.contains("downscaled-3+median") && !plan.contains("median"))
        // 1.6 MP is filtered at full size.
        #expect(names(1600, 1000).contains("median"))
    }

    @Test func lastResortsRunOnASmallCopyInOnePolarity() {
        let small = names(300, 200)
        for name in ["stretched", "binarized", "rotated-90", "rotated-180", "rotated-270",
                     "rotated-10", "rotated-330", "rotated-45"] {
            #expect(small.contains(name), "\(name)")
        }
        #expect(small.last == "padded")
        #expect(!small.contains("rotated-10+inverted"))
        // A dark border suggests a negative: the last resorts then work on the negative.
        let dark = QRScanStrategy.plan(width: 300, height: 200, darkBorder: true).map(\.description)
        #expect(dark.last == "inverted+padded" && dark.contains("inverted+rotated-45"))
        // 1.6 MP shrinks by 3 to stay under a quarter megapixel.
        #expect(names(1600, 1000).contains("downscaled-3+rotated-10"))
    }

    @Test func strategyNames() {
        #expect(QRScanStrategy([]).description == "direct")
        #expect(QRScanStrategy([.mirrored, .inverted]).description == "mirrored+inverted")
        #expect(QRScanStrategy([.upscaled(3)]).description == "upscaled-3")
        #expect(QRScanStrategy([.rotated(-20)]).description == "rotated-340")
        #expect(QRScanStrategy([.binarized(.adaptive(radius: 4, offset: 4))]).description == "binarized-adaptive")
    }
}
