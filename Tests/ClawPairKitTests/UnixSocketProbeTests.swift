import Glibc
import Testing
@testable import ClawPairKit

@Suite struct UnixSocketProbeTests {
    @Test func acceptsOnAListeningSocket() {
        let directory = FixtureDirectory()
        let listener = UnixSocketListener(path: directory("bus"))
        #expect(UnixSocketProbe.probe(.path(directory("bus"))) == .accepted)
        _ = listener
    }

    @Test func missingSocketIsAbsent() {
        let directory = FixtureDirectory()
        let outcome = UnixSocketProbe.probe(.path(directory("nothing-here")))
        #expect(outcome == .failed(errno: ENOENT, reason: String(cString: strerror(ENOENT))))
        #expect(outcome.isAbsent)
        #expect(outcome.summary == "no such socket")
    }

    /// A socket file nobody listens on (a daemon that died and left it behind).
    @Test func boundButNotListeningIsRefused() {
        let directory = FixtureDirectory()
        let listener = UnixSocketListener(path: directory("stale"), listening: false)
        let outcome = UnixSocketProbe.probe(.path(directory("stale")))
        guard case .failed(let code, _) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(code == ECONNREFUSED)
        #expect(outcome.isAbsent)
        _ = listener
    }

    @Test func acceptsOnAnAbstractSocket() {
        let name = "clawpair-doctor-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let listener = UnixSocketListener(abstract: name)
        #expect(UnixSocketProbe.probe(.abstract(name)) == .accepted)
        _ = listener
    }

    /// Backlog 0 holds one pending connection; the next connect waits for SO_SNDTIMEO.
    @Test func fullBacklogTimesOut() {
        let directory = FixtureDirectory()
        let listener = UnixSocketListener(path: directory("wedged"), backlog: 0)
        #expect(UnixSocketProbe.probe(.path(directory("wedged")), timeout: .milliseconds(100)) == .accepted)
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = UnixSocketProbe.probe(.path(directory("wedged")), timeout: .milliseconds(100))
        #expect(outcome == .timedOut)
        #expect(clock.now - start < .seconds(2))
        _ = listener
    }

    @Test func pathTooLongForSockaddr() {
        let outcome = UnixSocketProbe.probe(.path("/" + String(repeating: "x", count: 200)))
        guard case .failed(let code, _) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(code == ENAMETOOLONG)
    }

    @Test func fileThatIsNotASocketIsRefused() {
        let directory = FixtureDirectory()
        directory.write("plain", "x")
        let outcome = UnixSocketProbe.probe(.path(directory("plain")))
        #expect(outcome == .failed(errno: ECONNREFUSED, reason: String(cString: strerror(ECONNREFUSED))))
    }
}
