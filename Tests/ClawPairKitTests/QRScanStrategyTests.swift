import Testing
@testable import ClawPairKit

@Suite struct QRScanStrategyTests {
    private func names(_ width: Int, _ height: Int) -> [String] {
        QRScanStrategy.plan(width: width, height: height).map(\.description)
    }

    @Test func cheapestFirst() {
        for (width, height) in [(60, 60), (1600, 1000), (4000, 3000)] {
            let plan = names(width, height)
            #expect(Array(plan.prefix(2)) == ["direct", "inverted"])
            #expect(Set(plan).count == plan.count, "no strategy twice")
        }
    }

    @Test func smallImagesAreEnlarged() throws {
        let plan = names(120, 120)
        #expect(plan.contains("upscaled-2") && plan.contains("upscaled-3+inverted"))
        let upscaled = try #require(plan.firstIndex(of: "upscaled-2"))
        let median = try #require(plan.firstIndex(of: "median"))
        #expect(upscaled < median)
        #expect(!names(1600, 1000).contains("upscaled-2"))
    }

    @Test func hugeImagesAreShrunkBeforeFiltering() {
        let plan = names(4000, 3000)
        // 12 MP towards 2 MP: a factor of 3.
        #expect(plan.contains("downscaled-3") && plan.contains("downscaled-3+inverted"))
        #expect(plan.contains("downscaled-3+median"))
        #expect(!plan.contains("median"))
        // zbar reads mirrored codes itself; on huge images that retry is not worth a scan.
        #expect(!plan.contains("mirrored"))
        #expect(names(1600, 1000).contains("mirrored"))
    }

    @Test func everyPlanEndsWithRotationsAndAQuietZone() {
        let plan = names(800, 600)
        for name in ["rotated-90", "rotated-180", "rotated-270", "rotated-10", "rotated-330", "rotated-45", "padded"] {
            #expect(plan.contains(name), "\(name)")
        }
        #expect(plan.last == "padded+inverted")
    }

    @Test func strategyNames() {
        #expect(QRScanStrategy([]).description == "direct")
        #expect(QRScanStrategy([.mirrored, .inverted]).description == "mirrored+inverted")
        #expect(QRScanStrategy([.upscaled(3)]).description == "upscaled-3")
        #expect(QRScanStrategy([.rotated(-20)]).description == "rotated-340")
        #expect(QRScanStrategy([.binarized(.adaptive(radius: 4, offset: 4))]).description == "binarized-adaptive")
    }
}
