import ClawPairKit

/// `clawpair gateways list|show|add|focus|bolt|unbolt|forget|rename|trust`: the registry of
/// paired gateways (spec/registry.md), one subcommand per verb, and what they share.
enum GatewaysCommand {
    static let spec = CommandSpec(
        group: "gateways",
        summary: "Manage the registry of gateways: list, show, add, focus, bolt, unbolt, forget, rename, trust, headers.",
        usage: "list|show|add|focus|bolt|unbolt|forget|rename|trust|headers [ID] [options]",
        discussion: """
            ID is a stable id, an entry's exact name, or a unique prefix of a stable id; an
            unknown or ambiguous ID is exit 3 (the candidates are listed). A manual entry's id
            is manual|HOST|PORT[|PATH] (host lowercased, the route's port), so adding the same
            gateway twice updates the entry. The focused gateway cannot be unbolted (exit 3):
            focus another first. forget and trust ask on a terminal (no: exit 1, nothing
            changed); elsewhere they need --yes (trust: or --fingerprint), else exit 2. trust
            without --fingerprint reads the certificate the gateway presents now over a TLS
            handshake and asks before pinning it.

            The registry is the SQLite database registry.sqlite3 in the state directory.
            Secrets are printed as "<redacted>" unless --show-secrets. A damaged registry, or
            one written by a newer clawpair, is exit 8 and is left untouched.
            """,
        subcommands: [
            GatewaysListCommand.spec, GatewaysShowCommand.spec, GatewaysAddCommand.spec, GatewaysFocusCommand.spec, GatewaysBoltCommand.spec,
            GatewaysUnboltCommand.spec, GatewaysForgetCommand.spec, GatewaysRenameCommand.spec, GatewaysTrustCommand.spec,
            GatewaysHeadersCommand.spec,
        ])

    /// The options every subcommand takes besides its own.
    static let sharedOptions: [OptionSpec] = [.home, .json]

    /// The registry in the state directory (`--home`, else the environment's), created
    /// when missing.
    static func registry(home: String?, _ context: CommandContext) throws -> GatewayRegistry {
        try context.openRegistry(in: try StateDirectory.resolve(home: home, environment: context.console.environment))
    }

    /// The registry when one exists in the state directory (never created just to read).
    static func existingRegistry(home: String?, _ context: CommandContext) throws -> GatewayRegistry? {
        let directory = try StateDirectory.resolve(home: home, environment: context.console.environment)
        guard FileAccess.exists(directory.appending(GatewayRegistry.fileName)) else { return nil }
        return try context.openRegistry(in: directory)
    }

    /// The daemon's live state of `id`, or `.none` when no daemon runs for that home.
    static func liveState(of id: GatewayID, home: String?, _ context: CommandContext) async -> LiveState {
        guard let gateways = await liveGateways(home: home, context) else { return .none }
        return .running(gateways.first { $0.id == id })
    }

    /// Every gateway's live state, or nil when no daemon runs for that home.
    static func liveGateways(home: String?, _ context: CommandContext) async -> [LiveGateway]? {
        guard let directory = try? StateDirectory.resolve(home: home, environment: context.console.environment) else { return nil }
        return await DaemonClient(directory: directory).statusIfRunning()
    }

    /// `NAME (ID)`, escaped for the terminal.
    static func describe(_ id: GatewayID, in registry: GatewayRegistry) throws -> String {
        let name = try registry.record(id)?.entry.name ?? id.rawValue
        return "\(TerminalText.escape(name)) (\(TerminalText.escape(id.rawValue)))"
    }

    /// Asks on the terminal; without one, refuses with a usage error (exit 2) naming the flag.
    static func confirm(_ question: String, refusal: String, _ context: CommandContext) throws {
        guard context.console.stderrIsTerminal, context.console.stdinIsTerminal else { throw UsageError(refusal) }
        context.console.printError(question)
        guard context.console.answeredYes() else {
            throw ClawPairError(.cancelled, "cancelled; nothing was changed")
        }
    }
}

extension OptionSpec {
    /// forget and trust: the answer to their question.
    static let yes = OptionSpec(flag: "yes", short: "y", help: "Do not ask for confirmation.")
}
