import Testing

@testable import ClawPairKit

/// The correlator on a manual clock: every timeout fires when the test moves time, not
/// when a real deadline passes.
@Suite struct GatewayRequestCorrelatorTests {
    @Test func idsAreUnique() throws {
        let correlator = GatewayRequestCorrelator(clock: ManualClock(), idPrefix: "p")
        let ids = try (0..<1000).map { _ in try correlator.register() }
        #expect(Set(ids).count == 1000)
        #expect(ids.first == "p-1")
        let other = GatewayRequestCorrelator(clock: ManualClock())
        #expect(try other.register() != (try GatewayRequestCorrelator(clock: ManualClock()).register()))
    }

    @Test func aResponseBeforeTheWaitIsKept() async throws {
        let correlator = GatewayRequestCorrelator(clock: ManualClock())
        let id = try correlator.register()
        #expect(correlator.resolve(.ok(id: id, payload: "early")))
        #expect(try await correlator.response(for: id) == .ok(id: id, payload: "early"))
        #expect(correlator.pendingCount == 0)
        #expect(!correlator.resolve(.ok(id: id, payload: "again")))
        #expect(!correlator.resolve(.ok(id: "unknown", payload: nil)))
    }

    @Test func responsesReachTheirOwnRequests() async throws {
        let correlator = GatewayRequestCorrelator(clock: ManualClock())
        let first = try correlator.register()
        let second = try correlator.register()
        async let a = correlator.response(for: first)
        async let b = correlator.response(for: second)
        // Answered in the other order (whether or not the waits have started yet).
        #expect(correlator.resolve(.ok(id: second, payload: "b")))
        #expect(correlator.resolve(.ok(id: first, payload: "a")))
        #expect(try await a == .ok(id: first, payload: "a"))
        #expect(try await b == .ok(id: second, payload: "b"))
    }

    @Test func timesOutAtTheDefault15Seconds() async throws {
        let clock = ManualClock()
        let correlator = GatewayRequestCorrelator(clock: clock)
        let id = try correlator.register()
        let response = Task { try await correlator.response(for: id) }
        try await clock.waitForSleepers([.seconds(15)])
        clock.advance(to: .seconds(14))
        #expect(correlator.pendingCount == 1)
        clock.advance(to: .seconds(15))
        await #expect(throws: ClawPairError(.gatewayRequestTimeout, "")) { _ = try await response.value }
        #expect(correlator.pendingCount == 0)
        // A late answer is dropped.
        #expect(!correlator.resolve(.ok(id: id, payload: nil)))
    }

    @Test func finishingFailsPendingAndLaterRequests() async throws {
        let clock = ManualClock()
        let correlator = GatewayRequestCorrelator(clock: clock)
        let id = try correlator.register()
        let response = Task { try await correlator.response(for: id, timeout: .seconds(5)) }
        try await clock.waitForSleepers([.seconds(5)])
        correlator.finish(throwing: ClawPairError(.gatewayClosed, "gone"))
        await #expect(throws: ClawPairError(.gatewayClosed, "")) { _ = try await response.value }
        #expect(throws: ClawPairError(.gatewayClosed, "")) { _ = try correlator.register() }
    }
}
