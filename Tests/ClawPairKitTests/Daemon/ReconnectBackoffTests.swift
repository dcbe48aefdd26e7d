import ClawPairTestSupport
import Testing

@testable import ClawPairKit

/// The real clients' schedules (spec/registry.md "Backoff") and clawpair's jitter on top.
@Suite struct ReconnectBackoffTests {
    @Test(arguments: [
        (0, 500), (1, 850), (2, 1445), (3, 2456), (4, 4176), (5, 7099), (6, 8000), (40, 8000),
    ])
    func focusedFollowsTheIOSLoops(attempt: Int, milliseconds: Int64) {
        // min(8, 0.5 × 1.7^n) s, to the millisecond.
        #expect(ReconnectBackoff.base(.focused, attempt: attempt).wholeMilliseconds == milliseconds)
    }

    @Test(arguments: [(0, 1), (1, 2), (2, 4), (3, 8), (4, 16), (5, 30), (6, 30), (100, 30)])
    func fleetFollowsTheOperatorFleet(attempt: Int, seconds: Int64) {
        // min(2^min(n, 5), 30) s.
        #expect(ReconnectBackoff.base(.fleet, attempt: attempt) == .seconds(seconds))
    }

    @Test func jitterStaysBetweenTheFloorAndTheBaseAndUsesTheWholeRange() {
        var random = SplitMix64(seed: 13)
        for schedule in [ReconnectBackoff.Schedule.focused, .fleet] {
            for attempt in 0..<8 {
                // The fleet spreads over at least 2 s; the focused sessions over the base.
                let base = max(ReconnectBackoff.base(schedule, attempt: attempt), ReconnectBackoff.minimumWindow(schedule))
                let delays = (0..<400).map { _ in ReconnectBackoff.delay(schedule, attempt: attempt, using: &random) }
                #expect(delays.allSatisfy { $0 >= ReconnectBackoff.jitterFloor && $0 <= base })
                // Spread over the interval: some in its lower and some in its upper quarter.
                let span = base - ReconnectBackoff.jitterFloor
                #expect(delays.contains { $0 < ReconnectBackoff.jitterFloor + span / 4 })
                #expect(delays.contains { $0 > base - span / 4 })
            }
        }
    }

    @Test func theSameSeedGivesTheSameDelays() {
        var first = SplitMix64(seed: 7)
        var second = SplitMix64(seed: 7)
        let a = (0..<20).map { ReconnectBackoff.delay(.fleet, attempt: $0, using: &first) }
        let b = (0..<20).map { ReconnectBackoff.delay(.fleet, attempt: $0, using: &second) }
        #expect(a == b)
    }

    /// 200 sessions losing their gateway at once: the jitter-free formula brings all of
    /// them back in the same instant; with jitter no 100 ms window holds more than 15 %.
    @Test func aReconnectStormSpreads() {
        var random = SplitMix64(seed: 200)
        let delays = (0..<200).map { _ in ReconnectBackoff.delay(.fleet, attempt: 0, using: &random).wholeMilliseconds }
        var windows: [Int64: Int] = [:]
        for delay in delays { windows[delay / 100, default: 0] += 1 }
        #expect(windows.values.max()! <= 30)
        #expect(delays.max()! <= 2_000)
        let jitterFree = (0..<200).map { _ in ReconnectBackoff.base(.fleet, attempt: 0).wholeMilliseconds }
        #expect(Set(jitterFree).count == 1)
    }

    @Test func aGatewaysDelayGetsJitterOnTopNeverBelowIt() {
        var random = SplitMix64(seed: 3)
        for _ in 0..<100 {
            let jittered = ReconnectBackoff.jittered(.milliseconds(50), using: &random)
            #expect(jittered >= ReconnectBackoff.jitterFloor && jittered <= ReconnectBackoff.jitterFloor)
        }
    }
}
