import ClawPairKit

/// Where a command reads and writes: the process's streams in `main`, buffers in tests. The
/// CLI's one way to its process: no command makes a system call of its own.
public struct Console: Sendable {
    public var writeStdout: @Sendable ([UInt8]) -> Void
    public var writeStderr: @Sendable ([UInt8]) -> Void
    /// Reads standard input to its end, failing past `limit` bytes.
    public var readStdin: @Sendable (_ limit: Int) throws(ClawPairError) -> [UInt8]
    /// One line typed at a prompt (without its newline), nil at end of input; only the
    /// bytes of that line are consumed.
    public var readLine: @Sendable () -> String?
    public var stdinIsTerminal: Bool
    public var stdoutIsTerminal: Bool
    public var stderrIsTerminal: Bool
    public var environment: [String: String]
    /// Unix milliseconds, injectable so expiry checks are testable.
    public var nowMs: @Sendable () -> Int64

    public init(
        writeStdout: @escaping @Sendable ([UInt8]) -> Void, writeStderr: @escaping @Sendable ([UInt8]) -> Void,
        readStdin: @escaping @Sendable (_ limit: Int) throws(ClawPairError) -> [UInt8],
        readLine: @escaping @Sendable () -> String? = { nil }, stdinIsTerminal: Bool = false, stdoutIsTerminal: Bool,
        stderrIsTerminal: Bool, environment: [String: String], nowMs: @escaping @Sendable () -> Int64
    ) {
        self.writeStdout = writeStdout
        self.writeStderr = writeStderr
        self.readStdin = readStdin
        self.readLine = readLine
        self.stdinIsTerminal = stdinIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.environment = environment
        self.nowMs = nowMs
    }

    func print(_ text: String) { writeStdout(Array(text.utf8)) }
    func printError(_ text: String) { writeStderr(Array(text.utf8)) }

    /// A setup code read from standard input. At a terminal nothing shows that the command
    /// waits for input, so it says what to do first (on stderr, so stdout stays the result).
    func readPastedCode(command: String) throws(ClawPairError) -> String {
        if stdinIsTerminal { printError("clawpair \(command): paste the code, then Ctrl-D\n") }
        return String(decoding: try readStdin(SetupCodeReader.maximumInputBytes + 1), as: UTF8.self)
    }

    /// Reads the answer to a yes/no question just asked: only "y" or "yes" (any case, spaces
    /// around it allowed) is yes; anything else, or no answer, is no.
    func answeredYes() -> Bool {
        guard let line = readLine() else { return false }
        let answer = line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
        return ["y", "yes"].contains(String(answer).lowercased())
    }
}

extension Console {
    /// The real process: file descriptors 0, 1 and 2, the environment and the wall clock.
    public static var process: Console {
        Console(
            writeStdout: { writeAll(1, $0) }, writeStderr: { writeAll(2, $0) },
            readStdin: { limit throws(ClawPairError) in try FileIO.readAll(descriptor: 0, name: "standard input", limit: limit) },
            readLine: { Terminal.readLine(descriptor: 0) }, stdinIsTerminal: Terminal.isTerminal(0),
            stdoutIsTerminal: Terminal.isTerminal(1), stderrIsTerminal: Terminal.isTerminal(2),
            environment: ProcessEnvironment.current,
            nowMs: { WallClock.nowMs() })
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        try? FileIO.write(bytes, descriptor: descriptor)
    }
}
