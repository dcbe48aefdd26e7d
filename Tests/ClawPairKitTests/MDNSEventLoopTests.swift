import Testing
@testable import ClawPairKit

@Suite struct MDNSEventLoopTests {
    @Test func pollTimeoutRoundsUpAndClamps() {
        let now = ContinuousClock.now
        #expect(MDNSEventLoop.pollTimeout(until: nil, now: now) == -1)
        #expect(MDNSEventLoop.pollTimeout(until: now, now: now) == 0)
        #expect(MDNSEventLoop.pollTimeout(until: now - .seconds(1), now: now) == 0)
        #expect(MDNSEventLoop.pollTimeout(until: now + .microseconds(1), now: now) == 1)
        #expect(MDNSEventLoop.pollTimeout(until: now + .milliseconds(250), now: now) == 250)
        #expect(MDNSEventLoop.pollTimeout(until: now + .microseconds(250_001), now: now) == 251)
        #expect(MDNSEventLoop.pollTimeout(until: now + .seconds(100_000_000), now: now) == Int32.max)
    }
}
