import Testing
@testable import ClawPairWire

@Suite struct ClawPairErrorTests {
    @Test func comparesByCodeOnly() {
        #expect(ClawPairError(.setupCodeExpired, "a") == ClawPairError(.setupCodeExpired, "b"))
        #expect(ClawPairError(.setupCodeExpired, "a") != ClawPairError(.setupCodeInvalid, "a"))
    }
}
