import ClawPairKit

/// `clawpair access logout TARGET`: the origin's session goes, for every entry on that host.
enum AccessLogoutCommand: Command {
    static let spec = CommandSpec(
        name: "logout", summary: "Remove the origin's session, for every registry entry on that host.",
        usage: "TARGET [--json]", positionals: 1...1, completing: [.gateway], options: [.home, .json],
        discussion: """
            The entries keep everything else (pairing, device tokens, custom headers); their
            next request to the origin is challenged, and probe and the daemon say to sign in
            again. Nothing to remove is not an error ("removed": false).
            """,
        runs: Self.self)

    struct Options: Sendable {
        let target: String
        let home: String?
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        Options(target: arguments.positionals[0], home: arguments.value(.home))
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        let registry = try GatewaysCommand.existingRegistry(home: options.home, context)
        let target = try AccessCommand.target(options.target, registry: registry, context)
        let origin = target.origin.description
        let removed = try registry?.removeAccessSession(origin: origin) ?? false
        let entries = try registry.map { try AccessCommand.entries(on: origin, in: $0) } ?? []
        if context.json {
            context.printJSON([
                "origin": .string(origin), "removed": .bool(removed),
                "entries": .array(entries.map { .string($0.entry.id.rawValue) }),
            ])
        } else {
            context.console.print(
                removed ? "signed out of \(origin) (\(entries.count) registry entr\(entries.count == 1 ? "y" : "ies") on it)\n"
                    : "no Cloudflare Access session for \(origin)\n")
        }
        return .success
    }
}
