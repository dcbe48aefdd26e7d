import Testing
@testable import ClawPairKit

@Suite struct CommandRunnerTests {
    static let shell = "/bin/sh"

    @Test func capturesBothStreamsAndTheStatus() throws {
        let output = try CommandRunner.run(Self.shell, arguments: ["-c", "echo out; echo err >&2; exit 3"], environment: [:], timeout: .seconds(5))
        #expect(output.termination == .exited(3))
        #expect(output.standardOutput == Array("out\n".utf8))
        #expect(output.firstErrorLine == "err")
    }

    /// More than a pipe buffer on each stream at once must not deadlock.
    @Test func readsMoreThanAPipeBufferFromBoth() throws {
        let script = "head -c 1000000 /dev/zero; head -c 300000 /dev/zero >&2"
        let output = try CommandRunner.run(Self.shell, arguments: ["-c", script], environment: [:], timeout: .seconds(10))
        #expect(output.termination == .exited(0))
        #expect(output.standardOutput.count == 1_000_000)
        #expect(output.standardError.count == 300_000)
    }

    @Test func passesExactlyTheEnvironment() throws {
        let output = try CommandRunner.run(Self.shell, arguments: ["-c", "echo \"$ONLY${HOME:-unset}\""], environment: ["ONLY": "x"], timeout: .seconds(5))
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == "xunset\n")
    }

    @Test func killsAChildThatOverrunsItsTimeout() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let output = try CommandRunner.run(Self.shell, arguments: ["-c", "echo early; exec sleep 30"], environment: [:], timeout: .milliseconds(300))
        #expect(output.termination == .timedOut)
        #expect(output.standardOutput == Array("early\n".utf8))
        #expect(clock.now - start < .seconds(5))
    }

    @Test func reportsSignals() throws {
        let output = try CommandRunner.run(Self.shell, arguments: ["-c", "kill -9 $$"], environment: [:], timeout: .seconds(5))
        #expect(output.termination == .signalled(9))
    }

    @Test func cannotStartAMissingProgram() {
        #expect(throws: ClawPairError(.ioError, "")) {
            try CommandRunner.run("/nonexistent/tailscale", arguments: [], environment: [:], timeout: .seconds(1))
        }
    }
}
