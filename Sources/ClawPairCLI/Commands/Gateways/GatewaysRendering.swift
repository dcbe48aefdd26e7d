import ClawPairKit

/// One registry entry for people (`key  value` details) and for scripts (JSON with the keys
/// of spec/cli.md `gateways`), as `show` and `add` print it; `list` has its own renderer
/// (``GatewaysListRendering``). Names, hosts and ids may come from the network (discovered
/// names, TXT records), so text output escapes them.
enum GatewaysRendering {
    /// `{id, name, kind, url, focused, bolt, pinned, paired, access, lastConnectedAtMs}`, the
    /// row `add` prints (`list` prints the same keys from ``GatewayListing``).
    static func json(_ summary: GatewaySummary) -> JSONValue {
        .object([
            ("id", .string(summary.entry.id.rawValue)), ("name", .string(summary.entry.name)),
            ("kind", .string(summary.entry.kind.rawValue)), ("url", summary.entry.displayURL.map(JSONValue.string) ?? .null),
            ("focused", .bool(summary.focused)), ("bolt", .bool(summary.bolted)), ("pinned", .bool(summary.pinned)),
            ("paired", .bool(summary.paired)), ("access", summary.access.map { .string($0.rawValue) } ?? .null),
            ("lastConnectedAtMs", summary.entry.lastConnectedAtMs.map(JSONValue.integer) ?? .null),
        ])
    }

    /// Everything `show` prints as JSON. Tokens, passwords and header values are
    /// `"<redacted>"` unless `showSecrets`.
    static func json(_ record: GatewayRecord, showSecrets: Bool, access: AccessState? = nil) -> JSONValue {
        func secret(_ value: Secret?) -> JSONValue {
            guard let value else { return .null }
            return .string(showSecrets ? value.revealed : Secret.redactedPlaceholder)
        }
        let entry = record.entry
        let routeList: [JSONValue] = routes(entry).map { route -> JSONValue in
            .object([("url", .string(route.url)), ("source", .string(route.source))])
        }
        var pin: JSONValue = .null
        if let fingerprint = record.pin {
            pin = .object([("fingerprint", .string(fingerprint.hex)), ("pinnedAtMs", optional(record.pinnedAtMs))])
        }
        let tokens: [JSONValue] = record.deviceTokens.map { token -> JSONValue in
            .object([
                ("role", .string(token.role)), ("scopes", .array(token.scopes.map(JSONValue.string))),
                ("issuedAtMs", .integer(token.issuedAtMs)), ("token", secret(token.token)),
            ])
        }
        let headers: [JSONValue] = record.credentials.customHeaders.map { header -> JSONValue in
            .object([("name", .string(header.name)), ("value", secret(header.value))])
        }
        let credentials: JSONValue = .object([
            ("sharedToken", secret(record.credentials.sharedToken)), ("password", secret(record.credentials.password)),
            ("bootstrapToken", secret(record.credentials.bootstrapToken)), ("customHeaders", .array(headers)),
        ])
        let preferences: [(String, JSONValue)] = record.preferences.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }
        var members: [(String, JSONValue)] = [
            ("id", .string(entry.id.rawValue)), ("name", .string(entry.name)), ("kind", .string(entry.kind.rawValue)),
            ("url", optional(entry.displayURL)), ("focused", .bool(record.focused)), ("bolt", .bool(record.bolted)),
            ("paired", .bool(record.paired)), ("access", optional(record.access?.rawValue)),
        ]
        members += [
            ("routes", .array(routeList)), ("host", optional(entry.host)), ("port", optional(entry.port.map(Int64.init))),
            ("tls", entry.tls.map(JSONValue.bool) ?? .null), ("contextPath", optional(entry.contextPath)), ("pin", pin),
            ("deviceTokens", .array(tokens)), ("credentials", credentials), ("accessOrigin", optional(entry.accessOrigin)),
            ("accessSession", access?.json ?? .null),
            ("preferences", .object(preferences)), ("lastConnectedAtMs", optional(entry.lastConnectedAtMs)),
        ]
        return .object(members)
    }

    private static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    private static func optional(_ number: Int64?) -> JSONValue { number.map(JSONValue.integer) ?? .null }

    /// `live` is the daemon's state of this gateway: `.none` when no daemon runs.
    static func detail(_ record: GatewayRecord, showSecrets: Bool, style: Style, access: AccessState? = nil, live: LiveState = .none) -> String {
        func secret(_ value: Secret) -> String { showSecrets ? value.revealed : Secret.redactedPlaceholder }
        let entry = record.entry
        var lines: [(String, String)] = [
            ("name", entry.name), ("id", entry.id.rawValue), ("kind", entry.kind.rawValue),
            ("state", record.focused ? "focused (the daemon keeps its node and operator sessions)"
                : record.bolted ? "bolted (the daemon keeps its operator session)" : "idle"),
            ("connection", StatusRendering.connectionSummary(live)),
        ]
        let shownRoutes = routes(entry)
        for route in shownRoutes { lines.append(("route", "\(route.url) (\(route.source))")) }
        // No TLS, no trust to speak of: "system trust" would claim a check ws:// never makes.
        let tls = shownRoutes.contains { $0.url.lowercased().hasPrefix("wss://") }
        lines.append(("pin", record.pin.map { "sha256 \($0.hex)" } ?? (tls ? "none (system trust)" : "none (ws://, no TLS)")))
        if let revoked = live.revocation {
            lines.append(("access", "revoked: \(revoked)"))
        } else {
            lines.append(("access", record.access.map { "\($0.rawValue) operator access" } ?? "not paired"))
        }
        for token in record.deviceTokens {
            lines.append(("device token", "\(token.role): \(token.scopes.isEmpty ? "no scopes" : token.scopes.joined(separator: " ")) — \(secret(token.token))"))
        }
        let credentials = record.credentials
        if let token = credentials.sharedToken { lines.append(("shared token", secret(token))) }
        if let password = credentials.password { lines.append(("password", secret(password))) }
        if let bootstrap = credentials.bootstrapToken { lines.append(("bootstrap token", secret(bootstrap))) }
        for header in credentials.customHeaders { lines.append(("header", "\(header.name): \(secret(header.value))")) }
        lines.append(("access origin", access.map { "\($0.session.origin) (\($0.summary))" } ?? entry.accessOrigin ?? "none"))
        for (key, value) in record.preferences.sorted(by: { $0.key < $1.key }) { lines.append(("preference", "\(key) = \(value)")) }
        lines.append(("last connected", entry.lastConnectedAtMs.map { UTCTimestamp.format(milliseconds: $0) } ?? "never"))
        let width = lines.map(\.0.count).max() ?? 0
        return lines.map { style.bold($0.0.padding(to: width)) + "  " + TerminalText.escape($0.1) }.joined(separator: "\n") + "\n"
    }

    /// The routes to show, most useful first, without duplicates.
    static func routes(_ entry: GatewayEntry) -> [(url: String, source: String)] {
        var result: [(url: String, source: String)] = []
        if let proven = entry.provenRoute { result.append((proven, "proven")) }
        if let configured = entry.configuredRoute?.url, configured != entry.provenRoute { result.append((configured, "configured")) }
        return result
    }
}

/// The Access session of an entry's origin, as `show` names it (never the token).
struct AccessState: Sendable {
    let session: AccessSession
    let nowMs: Int64

    var summary: String { AccessSessionCheck.summary(session, nowMs: nowMs) }

    var json: JSONValue {
        .object([
            ("origin", .string(session.origin)), ("subject", JSONValue(session.subject)), ("expiresAtMs", JSONValue(session.expiresAtMs)),
            ("valid", .bool(session.isValid(atMs: nowMs))),
        ])
    }

    /// The session `record` would send or report (``GatewayRequestHeaders``), if any.
    static func of(_ record: GatewayRecord, registry: GatewayRegistry, nowMs: Int64) throws -> AccessState? {
        let headers = try GatewayRequestHeaders.for(record: record, registry: registry, nowMs: nowMs)
        return (headers.accessSession ?? headers.expiredSession).map { AccessState(session: $0, nowMs: nowMs) }
    }
}
