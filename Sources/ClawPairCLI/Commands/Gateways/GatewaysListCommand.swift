import ClawPairKit

/// `clawpair gateways list`: every gateway, the focused one first.
enum GatewaysListCommand: Command {
    static let spec = CommandSpec(
        name: "list", summary: "Every gateway, the focused one first.", usage: "[--json]", positionals: 0...0,
        options: GatewaysCommand.sharedOptions,
        discussion: """
            JSON: [{id, name, kind, url, focused, bolt, pinned, paired, access, lastConnectedAtMs}];
            url is the route that last worked, else the configured one; access is full, limited,
            or null when not paired. The table ends with the daemon's sessions by state, or
            "not connected (no daemon running)" when none runs (clawpair status shows them).
            """,
        runs: Self.self)

    /// Straight from the flat listing to bytes, written in chunks: with thousands of entries,
    /// models and a String per cell cost far more than reading SQLite (bench/registry).
    static func run(_ options: HomeOptions, _ context: CommandContext) async throws -> ExitStatus {
        let listing = try GatewaysCommand.registry(home: options.home, context).listing()
        let console = context.console
        if context.json {
            // Indented on a terminal, as printJSON writes every other document.
            GatewaysListRendering.json(listing, pretty: console.stdoutIsTerminal, write: console.writeStdout)
        } else if listing.rows.isEmpty {
            console.print("No gateways yet. Pair one with 'clawpair pair CODE', or add one with 'clawpair gateways add URL'.\n")
        } else {
            GatewaysListRendering.table(listing, style: context.style, write: console.writeStdout)
            console.print(StatusRendering.listFooter(await GatewaysCommand.liveGateways(home: options.home, context)))
        }
        return .success
    }
}
