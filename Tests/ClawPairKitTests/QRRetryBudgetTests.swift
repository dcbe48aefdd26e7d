import Testing
@testable import ClawPairKit

@Suite struct QRRetryBudgetTests {
    @Test func stopsAfterTheBudgetsPasses() {
        let plan = QRScanStrategy.plan(width: 120, height: 120)
        #expect(plan.count > QRRetryBudget.passes, "the budget should cut this plan")
        let affordable = QRRetryBudget.affordable(plan)
        #expect(affordable.count == QRRetryBudget.passes)
        #expect(affordable == Array(plan.prefix(QRRetryBudget.passes)), "plan order kept")
        #expect(QRRetryBudget.affordable(plan, passes: 3).map(\.description) == ["direct", "inverted", "mirrored"])
        // The first pass is always paid for; a short plan is kept whole.
        #expect(QRRetryBudget.affordable(plan, passes: 0).map(\.description) == ["direct"])
        #expect(QRRetryBudget.affordable(Array(plan.prefix(4))).count == 4)
    }

    @Test(arguments: [(60, 60), (120, 120), (300, 200), (800, 600), (1600, 1000), (4000, 3000)])
    func keepsEveryStrategyThatFoundACodeOnTheCorpus(width: Int, height: Int) {
        for darkBorder in [false, true] {
            let names = QRRetryBudget.affordable(QRScanStrategy.plan(width: width, height: height, darkBorder: darkBorder))
                .map(\.description)
            // The rectified pair comes last of those, so it bounds the budget.
            #expect(names.filter { $0.hasSuffix("rectified") }.count == 2, "\(width)×\(height) \(names)")
            #expect(names.contains { $0.hasSuffix("rotated-45") })
            #expect(names.contains { $0.hasSuffix("median") } && names.contains { $0.hasSuffix("binarized-adaptive") })
            if min(width, height) < QRScanStrategy.tinyImageSide {
                #expect(names.contains("upscaled-3") && names.contains("upscaled-3+inverted"))
            }
            // Padding, last of all, is always cut; small images lose the tone curves and rotations too.
            #expect(!names.contains { $0.hasSuffix("padded") })
        }
    }
}
