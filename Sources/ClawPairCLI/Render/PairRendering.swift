import ClawPairKit

/// What `clawpair pair` prints: progress and the pending notice on stderr, the stored entry
/// on stdout (text, or JSON with the keys of `gateways show` plus the pairing's own).
struct PairRendering {
    let record: GatewayRecord
    let result: PairingResult
    /// The gateway was already in the registry.
    let updated: Bool
    let showSecrets: Bool

    /// How the route's certificate was trusted, in one word for JSON.
    var trustWord: String {
        switch result.trust {
        case .pinnedCertificate?, .pinnedPublicKey?: "pinned"
        case .systemTrust?: "system"
        case nil: "plaintext-local"
        }
    }

    var json: JSONValue {
        var members: [(String, JSONValue)] = []
        if case .object(let shown) = GatewaysRendering.json(record, showSecrets: showSecrets) { members = shown }
        let roles: [JSONValue] = record.deviceTokens.map { token in
            .object([("role", .string(token.role)), ("scopes", .array(token.scopes.map(JSONValue.string)))])
        }
        members += [
            ("pinned", .bool(record.pin != nil)), ("route", .string(result.route.url)), ("trust", .string(trustWord)),
            ("fingerprint", result.peer.map { .string($0.fingerprint.hex) } ?? .null), ("roles", .array(roles)),
            ("requestIds", .array(result.requestIds.map(JSONValue.string))), ("updated", .bool(updated)),
            ("serverVersion", .string(result.serverVersion)),
        ]
        return .object(members)
    }

    func text(style: Style) -> String {
        func secret(_ value: Secret) -> String { showSecrets ? value.revealed : Secret.redactedPlaceholder }
        let entry = record.entry
        var lines: [(String, String)] = [
            ("gateway", "\(entry.name) (\(entry.id.rawValue))"), ("route", result.route.url),
        ]
        switch result.trust {
        case .systemTrust?: lines.append(("tls", "trusted by the system (no pin stored)"))
        case .some: lines.append(("tls", "pinned, sha256 \(result.peer?.fingerprint.hex ?? "?")"))
        case nil: lines.append(("tls", "none: plaintext to a local-network host"))
        }
        lines.append(("access", "\(result.access.rawValue) operator access"))
        for token in record.deviceTokens {
            lines.append(("device token", "\(token.role): \(token.scopes.isEmpty ? "no scopes" : token.scopes.joined(separator: " ")) — \(secret(token.token))"))
        }
        lines.append(("state", record.focused ? "focused" : record.bolted ? "bolted" : "stored (not focused; `clawpair gateways focus` to switch)"))
        let width = lines.map(\.0.count).max() ?? 0
        let head = style.bold(updated ? "Paired again; entry updated." : "Paired.") + "\n"
        return head + lines.map { style.bold($0.0.padding(to: width)) + "  " + TerminalText.escape($0.1) }.joined(separator: "\n") + "\n"
    }

    /// The stderr line for a pairing event, or nil. Progress only on a terminal; the pending
    /// notice (what the gateway's operator must run) and an explicit trust always.
    static func eventLine(_ event: PairingEvent, progress: Bool) -> String? {
        switch event {
        case .pending(let request, let kind):
            // Only a gateway-shaped id is shown, and only it goes into the command.
            let which = request.requestId.map { "pairing request \(TerminalText.escape($0))" } ?? "a pairing request"
            let refusal = request.refusal.map { " (\($0))" } ?? ""
            return "clawpair pair: the gateway holds \(which) (\(kind.rawValue)) for approval\(refusal); on the gateway host run:\n"
                + "  \(TerminalText.escape(request.approvalSteps))\n"
        case .certificateTrusted(let route, let fingerprint):
            return "clawpair pair: trusting the certificate of \(TerminalText.escape(route.url)): sha256 \(fingerprint.hex)\n"
        case .pinChanged(let change):
            return "clawpair pair: \(TerminalText.escape(change.gateway.rawValue)): \(TerminalText.escape(change.summary)): trusting the new certificate\n"
        case .routeFailed(let route, let error):
            return progress ? "  \(TerminalText.escape(route.url)): \(TerminalText.escape(error.message))\n" : nil
        case .routeSelected(let route):
            return progress ? "  using \(TerminalText.escape(route.url))\n" : nil
        case .connecting(let kind):
            return progress ? "  connecting as \(kind.rawValue)…\n" : nil
        case .retrying(let after, _):
            return progress ? "  waiting for approval; retrying in \(after)\n" : nil
        case .granted(let kind, let scopes):
            return progress ? "  \(kind.rawValue) credential received\(scopes.isEmpty ? "" : " (\(scopes.joined(separator: " ")))")\n" : nil
        }
    }
}
