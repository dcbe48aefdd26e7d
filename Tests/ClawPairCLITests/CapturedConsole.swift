import Synchronization
@testable import ClawPairCLI
import ClawPairKit

/// A console whose streams are buffers, so CLI tests run the real dispatcher in-process.
final class CapturedConsole: Sendable {
    private let out = Mutex<[UInt8]>([])
    private let err = Mutex<[UInt8]>([])
    /// What prompts have not read yet of `stdin`, line by line.
    private let unread: Mutex<ArraySlice<UInt8>>
    let stdin: [UInt8]
    let environment: [String: String]
    let nowMs: Int64
    /// Whether the streams claim to be a terminal (colour, progress, prompts).
    let terminal: Bool

    init(
        stdin: String = "", stdinBytes: [UInt8]? = nil, environment: [String: String] = [:], nowMs: Int64 = 1_780_000_000_000,
        terminal: Bool = false
    ) {
        self.stdin = stdinBytes ?? Array(stdin.utf8)
        unread = Mutex(self.stdin[...])
        self.environment = environment
        self.nowMs = nowMs
        self.terminal = terminal
    }

    var console: Console {
        Console(
            writeStdout: { bytes in self.out.withLock { $0 += bytes } },
            writeStderr: { bytes in self.err.withLock { $0 += bytes } },
            readStdin: { limit throws(ClawPairError) in
                guard self.stdin.count <= limit else { throw ClawPairError(.fileUnreadable, "standard input is too large") }
                return self.stdin
            },
            readLine: {
                self.unread.withLock { rest in
                    guard !rest.isEmpty else { return nil }
                    let line = rest.prefix { $0 != 0x0A }
                    rest = rest.dropFirst(min(rest.count, line.count + 1))
                    return String(decoding: line, as: UTF8.self)
                }
            },
            stdinIsTerminal: terminal, stdoutIsTerminal: terminal, stderrIsTerminal: terminal, environment: environment,
            nowMs: { [nowMs] in nowMs })
    }

    var stdout: String { out.withLock { String(decoding: $0, as: UTF8.self) } }
    var stderr: String { err.withLock { String(decoding: $0, as: UTF8.self) } }
}

/// Runs `clawpair ARGS…` in-process; returns the exit status and the captured streams.
func runCLI(
    _ arguments: [String], stdin: String = "", nowMs: Int64 = 1_780_000_000_000, environment: [String: String] = [:], terminal: Bool = false
) async -> (status: Int32, stdout: String, stderr: String) {
    let captured = CapturedConsole(stdin: stdin, environment: environment, nowMs: nowMs, terminal: terminal)
    let status = await CLI.run(arguments, console: captured.console)
    return (status, captured.stdout, captured.stderr)
}
