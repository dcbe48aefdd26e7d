import ClawPairKit

/// `clawpair daemon [--foreground] [--log-format text|json]`: keeps the focused gateway's
/// node and operator sessions and every bolted gateway's operator session connected.
enum DaemonCommand: Command {
    /// Set in the detached child, which then logs to `daemon.log` itself.
    static let detachedVariable = "CLAWPAIR_DAEMON_DETACHED"
    /// 15 s for a detached daemon to listen on its socket before `daemon` gives up waiting.
    static let startTimeout: Duration = .seconds(15)

    static let spec = CommandSpec(
        name: "daemon",
        summary: "Keep the focused and bolted gateways' sessions connected; serve `clawpair status`.",
        usage: "[--foreground] [--log-format text|json] [--json] [--home DIR]",
        positionals: 0...0, options: [.foreground, .logFormat, .home, .json],
        discussion: """
            The focused gateway gets a node session (role node, scopes []) and an operator
            session (the scopes it was paired with); every other bolted gateway one operator
            session (operator.read, operator.write, operator.talk.secrets). Each uses the
            gateway's device token, its pin (or system trust) before any credential is sent,
            and its proven route first. Lost sessions reconnect with backoff and jitter; a
            problem only the user can fix (a revoked device, a pin mismatch, a refused
            credential) pauses that gateway, with the fixing command in `clawpair status`.
            Changes made by other clawpair commands (focus, bolt, unbolt, forget, trust, pair)
            are followed at once.

            Without --foreground it detaches and logs to daemon.log in the state directory
            (0600, rotated at 1 MiB), and prints its pid once it serves (JSON: {started, pid,
            log}); with --foreground it logs to stderr (the systemd unit,
            examples/clawpair.service). One daemon per state directory: a second one exits 7
            naming the running one's pid. SIGTERM or SIGINT closes every session with 1000 and
            exits 0; SIGHUP re-reads the registry. A damaged registry is exit 8.
            """,
        runs: Self.self)

    struct Options: Sendable {
        let home: String?
        let foreground: Bool
        let format: DaemonLog.Format
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        Options(home: arguments.value(.home), foreground: arguments[.foreground], format: try logFormat(arguments))
    }

    /// `--log-format text|json` (the daemon's, and the sim's event lines).
    static func logFormat(_ arguments: ParsedArguments) throws(UsageError) -> DaemonLog.Format {
        let text = arguments.value(.logFormat) ?? DaemonLog.Format.text.rawValue
        guard let format = DaemonLog.Format(rawValue: text) else {
            throw UsageError("--log-format must be text or json, not '\(TerminalText.escape(text))'")
        }
        return format
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        let environment = context.console.environment
        let directory = try StateDirectory.resolve(home: options.home, environment: environment)
        let detachedChild = environment[detachedVariable] != nil
        guard options.foreground || detachedChild else { return try await detach(options, directory: directory, context) }
        let log: DaemonLog
        if detachedChild {
            try directory.ensure()
            log = try DaemonLog(format: options.format, path: directory.appending(Daemon.logFileName), escape: TerminalText.escape)
        } else {
            log = DaemonLog(format: options.format, escape: TerminalText.escape)
        }
        let daemon = Daemon(directory: directory, environment: environment, log: log, displayName: Pairing.hostName())
        try await daemon.run(onReady: { log.event("ready", fields: [("socket", DaemonStatusProtocol.socketPath(in: directory))]) })
        return .success
    }

    /// Starts the daemon in the background and returns once it serves its socket.
    static func detach(_ options: Options, directory: StateDirectory, _ context: CommandContext) async throws -> ExitStatus {
        try directory.ensure()
        // Refused here, before anything starts, when a daemon already runs for this home.
        try Daemon.requireNoOtherInstance(in: directory)
        let logPath = directory.appending(Daemon.logFileName)
        var environment = context.console.environment
        environment[detachedVariable] = "1"
        let child = try DetachedProcess.relaunchingThisProgram(
            arguments: ["daemon", "--home", directory.path, "--log-format", options.format.rawValue],
            environment: environment.map { "\($0.key)=\($0.value)" }, logPath: logPath)
        let client = DaemonClient(directory: directory)
        let deadline = ContinuousClock.now + startTimeout
        while ContinuousClock.now < deadline {
            if let status = child.exitStatusIfExited() {
                throw ClawPairError(
                    status == ExitStatus.environment.rawValue ? .daemonAlreadyRunning : .internalError,
                    "the daemon exited with status \(status) while starting: \(lastLine(of: logPath))", remedy: "see \(logPath)")
            }
            if await client.statusIfRunning() != nil, Daemon.lockHolder(in: directory) == child.pid {
                if context.json {
                    context.printJSON(["started": true, "pid": .integer(Int64(child.pid)), "log": .string(logPath)])
                } else {
                    context.console.print("clawpair daemon started (pid \(child.pid)); log: \(TerminalText.escape(logPath))\n")
                }
                return .success
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ClawPairError(.internalError, "the daemon (pid \(child.pid)) did not start serving within 15 s; see \(logPath)")
    }
}

/// The last line of the file at `path` (what a daemon that failed to start said), escaped.
private func lastLine(of path: String) -> String {
    guard let bytes = try? FileIO.readAll(path: path) else { return "(no log)" }
    let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "(empty log)"
    return TerminalText.escape(line)
}

extension OptionSpec {
    fileprivate static let foreground = OptionSpec(flag: "foreground", help: "Stay attached and log to stderr (for systemd and tests).")
    static let logFormat = OptionSpec(
        value: "log-format", metavar: "FORMAT", completing: .choices(DaemonLog.Format.allCases.map(\.rawValue)), help: "text (default) or json lines.")
}
