/// What a short-lived helper command did.
struct CommandOutput: Sendable, Hashable {
    enum Termination: Sendable, Hashable {
        case exited(Int32)
        case signalled(Int32)
        /// It ran past the timeout and was killed; output is whatever came before.
        case timedOut
    }

    let termination: Termination
    let standardOutput: [UInt8]
    let standardError: [UInt8]

    /// The first non-empty line of standard error, for a report.
    var firstErrorLine: String? {
        String(decoding: standardError, as: UTF8.self)
            .split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) }.map(String.init)
    }
}

/// Runs a helper program with a deadline, reading both pipes as they fill so a chatty child
/// cannot block on a full pipe. posix_spawn, not Foundation's `Process`: Foundation would be
/// the only reason the binary loads ICU at every start.
enum CommandRunner {
    /// `tailscale status --json` for a tailnet of thousands of peers is a few MiB; more than
    /// this is not a status document, and memory stays bounded.
    static let maximumOutputBytes = 16 * 1024 * 1024
    /// Between SIGTERM and SIGKILL for a child that overran its timeout.
    static let terminationGrace: Duration = .milliseconds(200)
    /// How often to look whether a child that closed its pipes has exited.
    static let exitPollInterval: Duration = .milliseconds(5)

    /// What a helper program gets of clawpair's environment (issue 16, item 9): where to find
    /// programs, the user's language and home, nothing else — not `CLAWPAIR_SIM_TOKEN`, an
    /// Access JWT in a variable, or anything else a user exported for clawpair.
    static func minimalEnvironment(from environment: [String: String]) -> [String: String] {
        environment.filter { name, _ in ["PATH", "LANG", "HOME"].contains(name) || name.hasPrefix("LC_") }
    }

    /// Runs `executable` (an absolute path) with `arguments` and exactly `environment`,
    /// standard input from /dev/null. Throws ``ClawPairError/Code/ioError`` when it cannot be
    /// started.
    static func run(
        _ executable: String, arguments: [String], environment: [String: String], timeout: Duration
    ) throws(ClawPairError) -> CommandOutput {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        let child = try ChildProcess(
            executable: executable, arguments: arguments,
            environment: environment.map { "\($0.key)=\($0.value)" })
        var streams = [Stream(descriptor: child.standardOutput), Stream(descriptor: child.standardError)]
        var timedOut = false
        while streams.contains(where: { !$0.finished }) {
            let remaining = deadline - clock.now
            guard remaining > .zero else {
                timedOut = true
                break
            }
            var polls = streams.filter { !$0.finished }.map { Syscalls.PollEntry(descriptor: $0.descriptor, waitingFor: .readable) }
            do { _ = try Syscalls.poll(&polls, timeoutMilliseconds: Int32(clamping: remaining.wholeMilliseconds + 1)) } catch { break }
            for index in streams.indices where !streams[index].finished {
                guard let entry = polls.first(where: { $0.descriptor == streams[index].descriptor }), entry.isReady else { continue }
                streams[index].readAvailable(limit: maximumOutputBytes)
            }
        }
        // Pipes closed; give the child until the deadline to exit.
        var termination: CommandOutput.Termination?
        while !timedOut {
            termination = child.reapIfExited()
            if termination != nil { break }
            if clock.now >= deadline {
                timedOut = true
                break
            }
            Syscalls.sleep(for: exitPollInterval)
        }
        if timedOut {
            child.stop(grace: terminationGrace, pollInterval: exitPollInterval)
            return CommandOutput(termination: .timedOut, standardOutput: streams[0].bytes, standardError: streams[1].bytes)
        }
        return CommandOutput(termination: termination!, standardOutput: streams[0].bytes, standardError: streams[1].bytes)
    }

    private struct Stream {
        let descriptor: Int32
        var bytes: [UInt8] = []
        var finished = false

        init(descriptor: Int32) { self.descriptor = descriptor }

        /// One read of what the pipe holds; EOF, an error or the size limit finish it.
        mutating func readAvailable(limit: Int) {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let result = chunk.withUnsafeMutableBytes { try? Syscalls.read(descriptor, into: $0) }
            guard let result else {
                finished = true
                return
            }
            guard case .processed(let count) = result else { return }
            if count == 0 {
                finished = true
                return
            }
            bytes += chunk[0..<min(count, max(0, limit - bytes.count))]
            if bytes.count >= limit { finished = true }
        }
    }
}
