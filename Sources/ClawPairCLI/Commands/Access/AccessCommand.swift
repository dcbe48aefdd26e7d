import ClawPairKit

/// `clawpair access login|status|logout`: Cloudflare Access sessions, one per origin and
/// shared by every registry entry on it (spec/cloudflare-access.md).
enum AccessCommand {
    static let spec = CommandSpec(
        group: "access",
        summary: "Cloudflare Access: sign in, show and remove the session for a gateway behind Access.",
        usage: "login|status|logout [TARGET] [options]",
        discussion: """
            TARGET is a registry id, name or unique id prefix, a setup code, or a wss:// or
            https:// URL. The session belongs to the target's origin (https://host[:port]) and
            is shared by every registry entry on it. Its token is stored 0600 in the state
            directory and never printed; probe, pair and the daemon send it as Cf-Access-Token
            on every request to that origin while it is valid.
            """,
        subcommands: [AccessLoginCommand.spec, AccessStatusCommand.spec, AccessLogoutCommand.spec])

    /// What a TARGET names: the gateway URL, its origin and, for a registry entry, the entry.
    struct Target: Sendable {
        let url: String
        let origin: AccessOrigin
        let entry: GatewayID?
        let customHeaders: [CustomHeader]
    }

    /// Reads `text` as a registry entry (when `registry` knows it), a setup code or a URL;
    /// throws `ACCESS_TARGET_INVALID` (exit 3) for one without an https/wss origin.
    static func target(_ text: String, registry: GatewayRegistry?, _ context: CommandContext) throws -> Target {
        // Several entries of that name are REGISTRY_AMBIGUOUS, not a URL guessed from the text.
        if let registry, let id = try registry.resolveIfKnown(text), let record = try registry.record(id) {
            guard let url = record.entry.provenRoute ?? record.entry.configuredRoute?.url, let origin = AccessOrigin(url: url) else {
                throw ClawPairError(
                    .accessTargetInvalid, "\(record.entry.name) has no wss:// route; Cloudflare Access fronts only https origins")
            }
            return Target(url: url, origin: origin, entry: id, customHeaders: record.credentials.customHeaders)
        }
        let url: String
        switch try ProbeTarget.classify(text, nowMs: context.console.nowMs()) {
        case .setupCode(let code): url = code.primary.url
        case .url(let route): url = route.url
        // No scheme: what the user means first (Access fronts only TLS origins anyway).
        case .host(let route): url = route.schemeCandidates.first?.url ?? route.url
        case .instanceName:
            throw ClawPairError(.accessTargetInvalid, "\(TerminalText.escape(text)) is not a registry entry, setup code or URL")
        }
        guard let origin = AccessOrigin(url: url) else {
            throw ClawPairError(.accessTargetInvalid, "\(url) is not a wss:// or https:// URL; Cloudflare Access fronts only https origins")
        }
        return Target(url: url, origin: origin, entry: nil, customHeaders: [])
    }

    /// The registry entries on `origin`: marked with it, or whose route has it.
    static func entries(on origin: String, in registry: GatewayRegistry) throws -> [GatewaySummary] {
        try registry.list().filter { summary in
            let entry = summary.entry
            let url = entry.provenRoute ?? entry.configuredRoute?.url
            return entry.accessOrigin == origin || url.flatMap { AccessOrigin(url: $0)?.description } == origin
        }
    }

    /// A session as JSON: never the token.
    static func json(_ session: AccessSession, entries: [GatewaySummary], nowMs: Int64) -> JSONValue {
        .object([
            ("origin", .string(session.origin)), ("issuer", JSONValue(session.issuer)), ("subject", JSONValue(session.subject)),
            ("audience", JSONValue(session.audience)), ("expiresAtMs", JSONValue(session.expiresAtMs)),
            ("valid", .bool(session.isValid(atMs: nowMs))),
            ("entries", .array(entries.map { .object([("id", .string($0.entry.id.rawValue)), ("name", .string($0.entry.name))]) })),
        ])
    }

    /// A session for people: origin, subject, expiry and the entries on it.
    static func text(_ session: AccessSession, entries: [GatewaySummary], nowMs: Int64) -> String {
        var lines = [
            "\(session.origin): \(AccessSessionCheck.summary(session, nowMs: nowMs))",
            "  issuer   \(session.issuer ?? "unknown")",
            "  expires  \(session.expiresAtMs.map { UTCTimestamp.format(milliseconds: $0) } ?? "unknown")",
        ]
        let names = entries.map { "\($0.entry.name) (\($0.entry.id.rawValue))" }
        lines.append("  used by  " + (names.isEmpty ? "no registry entry" : names.joined(separator: ", ")))
        return lines.map(TerminalText.escape).joined(separator: "\n") + "\n"
    }
}
