import ClawPairKit

/// `clawpair status [--json] [--watch]`: the daemon's live sessions, read over its socket.
enum StatusCommand: Command {
    static let spec = CommandSpec(
        name: "status", summary: "Show the daemon's live sessions per gateway (state, route, last error, next retry).",
        usage: "[--json] [--watch] [--home DIR]", positionals: 0...0, options: [.watchChanges, .home, .json],
        discussion: """
            JSON: [{id, name, focused, bolt, sessions:[{role, state, since, route, lastError,
            nextRetryAt, presence}]}], state one of connecting, connected, backoff, paused,
            stopped; since and nextRetryAt are Unix ms; lastError is {code, message, remedy}
            (for a paused session the remedy is the command that fixes it); presence is the
            node's last presence beacon {state: recorded|acknowledged|not-recorded|failed, at,
            reason}. --watch prints every gateway, then one line per change (NDJSON with
            --json) until interrupted (exit 0) or the daemon stops.

            With no daemon running: exit 7, "daemon not running: start it with `clawpair
            daemon` or the systemd user unit".
            """,
        runs: Self.self)

    struct Options: Sendable {
        let home: String?
        let watch: Bool
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        Options(home: arguments.value(.home), watch: arguments[.watchChanges])
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        let directory = try StateDirectory.resolve(home: options.home, environment: context.console.environment)
        let client = DaemonClient(directory: directory)
        guard options.watch else {
            let gateways = try await client.status()
            if context.json {
                context.printJSON(.array(gateways.map(\.json)))
            } else if gateways.isEmpty {
                context.console.print("The daemon runs; no gateway is focused or bolted.\n")
            } else {
                context.console.print(StatusRendering.table(gateways, nowMs: context.console.nowMs(), style: context.style))
            }
            return .success
        }
        SignalMonitor.start()
        let json = context.json
        let console = context.console
        let style = context.style
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await client.watch { gateway in
                    if json {
                        console.print(gateway.json.serialized() + "\n")
                    } else {
                        console.print(StatusRendering.table([gateway], nowMs: console.nowMs(), style: style))
                    }
                    return true
                }
            }
            group.addTask { _ = await SignalMonitor.nextTermination() }
            await group.next()
            group.cancelAll()
        }
        return .success
    }
}

extension OptionSpec {
    fileprivate static let watchChanges = OptionSpec(flag: "watch", help: "Keep printing changes (NDJSON with --json) until interrupted.")
}
