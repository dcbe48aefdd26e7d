import Synchronization
import Testing

@testable import ClawPairKit

/// The race's ordering rules, on a ``ManualClock``: no wall-clock thresholds, only virtual
/// start/finish instants and recorded start order.
@Suite struct StaggeredRaceTests {
    struct Failure: Error, Equatable { let id: Int }

    /// Records what attempts saw (started, cancelled).
    final class Log: Sendable {
        private let events = Mutex<[String]>([])
        func record(_ event: String) { events.withLock { $0.append(event) } }
        var all: [String] { events.withLock { $0 } }

        /// Waits (real time, polling) until `event` was recorded.
        func waitFor(_ event: String) async throws {
            for _ in 0..<5000 {
                if all.contains(event) { return }
                try await Task.sleep(for: .milliseconds(1))
            }
            throw ClockTimeout(expected: event, actual: all.description)
        }
    }

    let clock = ManualClock()
    let log = Log()

    /// An attempt that waits `delay` on the manual clock, then returns `id` or throws.
    func attempt(_ id: Int, after delay: Duration? = nil, succeeds: Bool) -> @Sendable () async throws -> Int {
        { [clock, log] in
            log.record("start \(id)")
            if let delay {
                do { try await clock.sleep(for: delay) } catch {
                    log.record("cancelled \(id)")
                    throw error
                }
            }
            log.record("end \(id) at \(clock.now)")
            guard succeeds else { throw Failure(id: id) }
            return id
        }
    }

    static func ms(_ value: Int) -> Duration { .milliseconds(value) }
    static func at(_ value: Int) -> ManualClock.Instant { ManualClock.at(.milliseconds(value)) }

    /// Summary of outcomes: "won", "lost", "failed", "cancelled", "notStarted".
    static func kinds(_ report: RaceReport<Int, ManualClock.Instant>) -> [String] {
        report.attempts.map {
            switch $0.outcome {
            case .won: "won"
            case .succeededButLost: "lost"
            case .failed: "failed"
            case .cancelled: "cancelled"
            case .notStarted: "notStarted"
            }
        }
    }

    @Test func stagger_isRFC8305ConnectionAttemptDelay() {
        #expect(HappyEyeballs.connectionAttemptDelay == .milliseconds(250))
        #expect(StaggeredRace().stagger == .milliseconds(250))
    }

    @Test func noAttemptsNoWinner() async {
        let report = await StaggeredRace(clock: clock).run([@Sendable () async throws -> Int]())
        #expect(report.winnerIndex == nil && report.attempts.isEmpty)
    }

    @Test func firstFailsFast_secondStartsAtOnce() async {
        let report = await StaggeredRace(clock: clock).run([
            attempt(0, succeeds: false), attempt(1, succeeds: true),
        ])
        #expect(report.winnerIndex == 1)
        #expect(report.winner == 1)
        #expect(Self.kinds(report) == ["failed", "won"])
        #expect(report.attempts.map(\.startedAt) == [Self.at(0), Self.at(0)])
        #expect(report.startOrder == [0, 1])
        #expect((report.attempts[0].outcome.error as? Failure) == Failure(id: 0))
    }

    @Test func firstHangs_secondStartsAfterTheStagger() async throws {
        async let running = StaggeredRace(clock: clock).run([
            attempt(0, after: Self.ms(10_000), succeeds: false), attempt(1, succeeds: true),
        ])
        // Attempt 0 sleeps until 10 s; the stagger timer until 250 ms.
        try await clock.waitForSleepers([Self.ms(250), Self.ms(10_000)])
        #expect(log.all == ["start 0"])
        clock.advance(to: Self.ms(250))
        // Attempt 1 succeeded, but attempt 0 is earlier and still running: the race waits.
        try await log.waitFor("end 1 at 0.25 seconds")
        clock.advance(to: Self.ms(10_000))
        let report = await running
        #expect(report.winnerIndex == 1)
        #expect(Self.kinds(report) == ["failed", "won"])
        #expect(report.attempts.map(\.startedAt) == [Self.at(0), Self.at(250)])
    }

    @Test func laterSuccessWaitsForEarlierPending_andEarlierWins() async throws {
        async let running = StaggeredRace(clock: clock).run([
            attempt(0, after: Self.ms(400), succeeds: true),
            attempt(1, after: Self.ms(50), succeeds: true),
            attempt(2, succeeds: true),
        ])
        try await clock.waitForSleepers([Self.ms(250), Self.ms(400)])
        clock.advance(to: Self.ms(250))
        // Attempt 1 runs until 300 ms; the next stagger would start attempt 2 at 500 ms.
        try await clock.waitForSleepers([Self.ms(300), Self.ms(400), Self.ms(500)])
        clock.advance(to: Self.ms(300))
        // Attempt 1 succeeded; attempt 0 (earlier) is still pending, so the race goes on.
        try await log.waitFor("end 1 at 0.3 seconds")
        clock.advance(to: Self.ms(400))
        let report = await running
        #expect(report.winnerIndex == 0)
        #expect(Self.kinds(report) == ["won", "lost", "notStarted"])
        #expect(log.all == ["start 0", "start 1", "end 1 at 0.3 seconds", "end 0 at 0.4 seconds"])
        #expect(!log.all.contains("start 2"))
    }

    @Test func laterSuccessWaitsForEarlierPending_earlierFails() async throws {
        async let running = StaggeredRace(clock: clock).run([
            attempt(0, after: Self.ms(400), succeeds: false),
            attempt(1, after: Self.ms(50), succeeds: true),
            attempt(2, succeeds: true),
        ])
        try await clock.waitForSleepers([Self.ms(250), Self.ms(400)])
        clock.advance(to: Self.ms(250))
        try await clock.waitForSleepers([Self.ms(300), Self.ms(400), Self.ms(500)])
        clock.advance(to: Self.ms(300))
        try await log.waitFor("end 1 at 0.3 seconds")
        clock.advance(to: Self.ms(400))
        let report = await running
        #expect(report.winnerIndex == 1)
        #expect(Self.kinds(report) == ["failed", "won", "notStarted"])
    }

    @Test func winnerCancelsLaterPendingAttempts() async throws {
        async let running = StaggeredRace(clock: clock).run([
            attempt(0, after: Self.ms(300), succeeds: true),
            attempt(1, after: Self.ms(5_000), succeeds: true),
            attempt(2, after: Self.ms(5_000), succeeds: true),
        ])
        try await clock.waitForSleepers([Self.ms(250), Self.ms(300)])
        clock.advance(to: Self.ms(250))
        try await clock.waitForSleepers([Self.ms(300), Self.ms(500), Self.ms(5_250)])
        clock.advance(to: Self.ms(300))
        let report = await running
        #expect(report.winnerIndex == 0)
        #expect(Self.kinds(report) == ["won", "cancelled", "notStarted"])
        #expect(log.all.contains("cancelled 1"))
        #expect(clock.sleeperDeadlines.isEmpty)
    }

    @Test func successCancelsLaterAttemptsAtOnce_whileEarlierOnesStillRun() async throws {
        async let running = StaggeredRace(clock: clock).run([
            attempt(0, after: Self.ms(1_000), succeeds: false),
            attempt(1, after: Self.ms(350), succeeds: true),
            attempt(2, after: Self.ms(5_000), succeeds: true),
        ])
        try await clock.waitForSleepers([Self.ms(250), Self.ms(1_000)])
        clock.advance(to: Self.ms(250))
        try await clock.waitForSleepers([Self.ms(500), Self.ms(600), Self.ms(1_000)])
        clock.advance(to: Self.ms(500))
        try await clock.waitForSleepers([Self.ms(600), Self.ms(1_000), Self.ms(5_500)])
        clock.advance(to: Self.ms(600))
        // Attempt 1 succeeded: attempt 2 is cancelled now, attempt 0 still runs.
        try await log.waitFor("cancelled 2")
        try await clock.waitForSleepers([Self.ms(1_000)])
        clock.advance(to: Self.ms(1_000))
        let report = await running
        #expect(report.winnerIndex == 1)
        #expect(Self.kinds(report) == ["failed", "won", "cancelled"])
        #expect(report.attempts.map(\.startedAt) == [Self.at(0), Self.at(250), Self.at(500)])
    }

    @Test func everythingFails_allFailuresReported() async throws {
        async let running = StaggeredRace(clock: clock).run([
            attempt(0, after: Self.ms(100), succeeds: false),
            attempt(1, succeeds: false),
            attempt(2, succeeds: false),
        ])
        try await clock.waitForSleepers([Self.ms(100), Self.ms(250)])
        clock.advance(to: Self.ms(100))
        let report = await running
        #expect(report.winnerIndex == nil && report.winner == nil)
        #expect(Self.kinds(report) == ["failed", "failed", "failed"])
        #expect(report.attempts.compactMap { $0.outcome.error as? Failure } == [0, 1, 2].map(Failure.init))
        // A failure starts the next attempt at once: 1 and 2 start when 0 fails, at 100 ms.
        #expect(report.attempts.map(\.startedAt) == [Self.at(0), Self.at(100), Self.at(100)])
        #expect(report.startOrder == [0, 1, 2])
    }

    @Test func staggerKeepsStartingWhileEarlierAttemptsHang() async throws {
        async let running = StaggeredRace(clock: clock).run([
            attempt(0, after: Self.ms(1_000), succeeds: false),
            attempt(1, after: Self.ms(1_000), succeeds: false),
            attempt(2, after: Self.ms(10), succeeds: true),
        ])
        try await clock.waitForSleepers([Self.ms(250), Self.ms(1_000)])
        clock.advance(to: Self.ms(250))
        try await clock.waitForSleepers([Self.ms(500), Self.ms(1_000), Self.ms(1_250)])
        clock.advance(to: Self.ms(500))
        // Attempt 2 starts at 500 and succeeds at 510, then waits for 0 and 1 to fail.
        try await clock.waitForSleepers([Self.ms(510), Self.ms(1_000), Self.ms(1_250)])
        clock.advance(to: Self.ms(510))
        try await log.waitFor("end 2 at 0.51 seconds")
        clock.advance(to: Self.ms(1_250))
        let report = await running
        #expect(report.winnerIndex == 2)
        #expect(report.attempts.map(\.startedAt) == [Self.at(0), Self.at(250), Self.at(500)])
        #expect(Self.kinds(report) == ["failed", "failed", "won"])
    }
}
