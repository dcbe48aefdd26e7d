import ClawPairKit

/// `clawpair resolve INSTANCE`: one gateway by its instance name.
enum ResolveCommand: Command {
    static let spec = CommandSpec(
        name: "resolve",
        summary: "Resolve one gateway by its name (as browse shows it in NAME).",
        usage: "INSTANCE [--domain D] [--timeout S] [--json]",
        positionals: 1...1,
        options: DiscoveryOptions.table + [.json],
        discussion: """
            INSTANCE is what browse prints in its NAME column: the display name, or the decoded
            instance name (`Studio (OpenClaw)`, a one-word `studio`), compared without regard to
            case or runs of spaces; an instance name wins over a display name. Prints the
            gateway's host, port, addresses and TXT, or with --json the gateway object of browse.

            Exit status: 0 when found; 1 when no such instance answered within --timeout; 3
            (REGISTRY_AMBIGUOUS, the candidates listed) when the name matches several gateways;
            7 when local. was asked for, avahi-daemon or D-Bus is not running, and nothing was
            found.
            """,
        runs: Self.self)

    struct Options: Sendable {
        let instance: String
        let discovery: GatewayDiscovery.Options
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        Options(instance: arguments.positionals[0], discovery: try DiscoveryOptions.make(arguments, environment: context.console.environment))
    }

    static func run(_ resolve: Options, _ context: CommandContext) async throws -> ExitStatus {
        let instance = resolve.instance
        let options = resolve.discovery
        let discovery = GatewayDiscovery(options: options)
        context.progress("resolving \(TerminalText.escape(instance))…\r")
        let result = try await discovery.browse()
        context.progress(String(repeating: " ", count: 60) + "\r")
        guard let gateway = try GatewayNameMatch.find(instance, in: result.gateways) else {
            if let failure = result.problems.first(where: { $0.error.code.category == .environment })?.error { throw failure }
            let domains = options.domains.map(\.name).joined(separator: ", ")
            throw ClawPairError(
                .gatewayNotFound, "no gateway instance \"\(instance)\" in \(domains)",
                remedy: "run `clawpair browse` to see the names; check the gateway is running and advertising")
        }
        if context.json {
            context.printJSON(gateway.json)
        } else {
            context.console.print(GatewayRendering.detail(gateway))
        }
        return .success
    }
}
