import ClawPairKit

/// `decode` output: the JSON object of spec/cli.md and a short human summary.
struct SetupCodeRendering {
    let code: SetupCode
    let showSecrets: Bool
    let nowMs: Int64

    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("form", .string(code.form.rawValue)),
            ("primary", Self.json(code.primary)),
            ("fallbacks", .array(code.fallbacks.map(Self.json))),
            ("auth", ["kind": .string(code.auth.kind), "secret": secretJSON]),
            ("expiresAtMs", JSONValue(code.expiresAtMs)),
            ("tlsFingerprint", JSONValue(code.tlsFingerprint)),
            ("access", .string(code.access.rawValue)),
        ]
        if let name = code.name { members.append(("name", .string(name))) }
        if !code.ignoredRoutes.isEmpty {
            members.append((
                "ignoredRoutes",
                .array(
                    code.ignoredRoutes.map {
                        [
                            "url": .string(Self.visible($0.url, showSecrets: showSecrets)), "code": .string($0.error.rawValue),
                            "message": .string($0.reason),
                        ]
                    })
            ))
        }
        return .object(members)
    }

    /// Input as output may show it: `<redacted>` when it spells a credential (a code's base64,
    /// a link's `token=`, a URL's `user:password@`; ``SetupCodeReader/carriesSecret(_:)``),
    /// valid or not, unless `showSecrets`.
    static func visible(_ raw: String, showSecrets: Bool) -> String {
        showSecrets || !SetupCodeReader.carriesSecret(raw) ? raw : Secret.redactedPlaceholder
    }

    private var secretJSON: JSONValue {
        guard let secret = code.auth.secret else { return .null }
        return .string(showSecrets ? secret.revealed : Secret.redactedPlaceholder)
    }

    static func json(_ route: GatewayRoute) -> JSONValue {
        [
            "url": .string(route.url), "host": .string(route.host), "port": .integer(Int64(route.port)),
            "tls": .bool(route.tls), "contextPath": JSONValue(route.contextPath), "local": .bool(route.isLocal),
        ]
    }

    /// A few aligned lines: what the code is, where it points, what it carries.
    func text(style: Style, indent: String = "") -> String {
        let formName =
            switch code.form {
            case .setupCode: "Setup code"
            case .deepLink: "Deep link"
            case .url: "Gateway URL"
            }
        var header = style.bold(formName) + " · " + (code.access == .full ? "full access" : style.yellow("limited access"))
        if let expires = code.expiresAtMs {
            header += " · expires \(UTCTimestamp.format(milliseconds: expires)) (\(Self.relative(expires - nowMs)))"
        }
        var lines = [indent + header]
        func row(_ label: String, _ value: String) { lines.append(indent + "  " + label.padding(to: 9) + " " + value) }
        if let name = code.name { row("name", TerminalText.escape(name)) }
        row("gateway", Self.describe(code.primary))
        for fallback in code.fallbacks { row("fallback", Self.describe(fallback)) }
        switch code.auth {
        case .none: row("auth", "none (pair with a code from `openclaw qr` to get a token)")
        default:
            let label = code.auth.kind == "bootstrapToken" ? "bootstrap token" : code.auth.kind
            let secret = code.auth.secret.map { showSecrets ? TerminalText.escape($0.revealed) : Secret.redactedPlaceholder } ?? ""
            row("auth", "\(label) \(secret)")
        }
        row("pin", code.tlsFingerprint.map { "sha256 \($0) (primary only)" } ?? (code.primary.tls ? "none (system trust)" : "none"))
        if code.access == .limited {
            row("access", "limited: plaintext to a non-loopback host, so operator.admin is not granted")
        }
        for ignored in code.ignoredRoutes {
            let url = Self.visible(ignored.url, showSecrets: showSecrets)
            row("skipped", style.dim(TerminalText.escape(url) + " — " + TerminalText.escape(ignored.reason)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ route: GatewayRoute) -> String {
        let security =
            route.tls ? "TLS" : route.isLoopback ? "plaintext, this machine" : "plaintext, local network"
        return TerminalText.escape(route.url) + "  (\(security))"
    }

    /// "in 9 min", "3 h ago": enough to tell whether to hurry.
    static func relative(_ deltaMs: Int64) -> String {
        let seconds = abs(deltaMs) / 1000
        let amount =
            seconds < 90 ? "\(seconds) s"
            : seconds < 90 * 60 ? "\(seconds / 60) min"
            : seconds < 36 * 3600 ? "\(seconds / 3600) h"
            : "\(seconds / 86400) days"
        return deltaMs >= 0 ? "in \(amount)" : "\(amount) ago"
    }
}
