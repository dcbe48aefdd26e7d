/// Time limits for tests that check something happens "at once" rather than after a
/// timeout.
///
/// The whole test run shares the machine, and the cooperative pool has one thread per core:
/// a test elsewhere that blocks a pool thread (an external tool waited for synchronously)
/// stalls every async test for seconds. So "at once" is checked against a slow path made
/// much slower still, not against a small absolute number.
enum TestTiming {
    /// A timeout the code under test must not wait for.
    static let slow: Duration = .seconds(10)
    /// Well under ``slow``, well over any stall seen in a full run (about 3 s).
    static let quick: Duration = .milliseconds(7500)
}
