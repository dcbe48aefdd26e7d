import ClawPairKit

/// `clawpair doctor`: checks what discovery and pairing need from this machine.
enum DoctorCommand: Command {
    static let spec = CommandSpec(
        name: "doctor",
        summary: "Check this machine: D-Bus, avahi-daemon, nss-mdns, multicast, routes, resolver, state directory.",
        usage: "[--json]",
        positionals: 0...0,
        options: [.home, .json],
        discussion: """
            One line per check, ok / warn / fail / skipped, each problem with the command that
            fixes it. Checks read files and sockets only; nothing is changed (the state
            directory is not created). tailscale is checked only when it is installed.

            Exit status: 0 when nothing failed (warnings allowed), 7 when a check failed.
            """,
        runs: Self.self)

    static func run(_ options: HomeOptions, _ context: CommandContext) async throws -> ExitStatus {
        let checker = MachineChecker(
            inputs: MachineCheckInputs(environment: context.console.environment, homeOption: options.home))
        let style = context.style
        let report = checker.run { check in
            context.progress("checked \(check.id.rawValue)…" + String(repeating: " ", count: 20) + "\r")
        }
        context.progress(String(repeating: " ", count: 50) + "\r")
        if context.json {
            context.printJSON(report.json)
        } else {
            let width = report.checks.map(\.title.count).max() ?? 0
            for check in report.checks {
                let label: String =
                    switch check.status {
                    case .ok: style.green("ok  ")
                    case .warn: style.yellow("warn")
                    case .fail: style.red("fail")
                    case .skipped: style.dim("skip")
                    }
                var line = "\(label)  \(check.title.padding(to: width))  \(TerminalText.escape(check.detail))\n"
                if let remedy = check.remedy { line += "      " + String(repeating: " ", count: width) + "  → \(TerminalText.escape(remedy))\n" }
                context.console.print(line)
            }
        }
        return report.ok ? .success : .environment
    }
}
