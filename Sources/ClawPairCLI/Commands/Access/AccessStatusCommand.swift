import ClawPairKit

/// `clawpair access status [TARGET]`: the stored sessions (or one origin's), never a token.
enum AccessStatusCommand: Command {
    static let spec = CommandSpec(
        name: "status", summary: "Show the stored sessions: origin, issuer, subject, expiry, the entries using each.",
        usage: "[TARGET] [--json]", positionals: 0...1, completing: [.gateway], options: [.home, .json],
        discussion: """
            Without TARGET, every stored session; with it, the session of its origin (exit 1
            when there is none). --json prints [{origin, issuer, subject, audience,
            expiresAtMs, valid, entries:[{id, name}]}]. The token is never printed.
            """,
        runs: Self.self)

    struct Options: Sendable {
        let target: String?
        let home: String?
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        Options(target: arguments.positionals.first, home: arguments.value(.home))
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        let registry = try GatewaysCommand.existingRegistry(home: options.home, context)
        var sessions = try registry?.accessSessions() ?? []
        if let text = options.target {
            let target = try AccessCommand.target(text, registry: registry, context)
            sessions = sessions.filter { $0.origin == target.origin.description }
            guard !sessions.isEmpty else {
                throw ClawPairError(
                    .accessNoSession, "no Cloudflare Access session for \(target.origin)",
                    remedy: ProbeRemedy.accessLogin(text))
            }
        }
        let nowMs = context.console.nowMs()
        let described = try sessions.map { session in
            (session, try registry.map { try AccessCommand.entries(on: session.origin, in: $0) } ?? [])
        }
        if context.json {
            context.printJSON(.array(described.map { AccessCommand.json($0.0, entries: $0.1, nowMs: nowMs) }))
        } else if described.isEmpty {
            context.console.print("no Cloudflare Access sessions\n")
        } else {
            context.console.print(described.map { AccessCommand.text($0.0, entries: $0.1, nowMs: nowMs) }.joined())
        }
        return .success
    }
}
