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

    /// The stderr line for a pairing event. On a terminal progress lines are indented under
    /// the command; elsewhere (a log, a script) each state change is one line prefixed with
    /// the command's name, so it reads on its own. The pending notice and an explicit trust
    /// look the same in both.
    static func eventLine(_ event: PairingEvent, terminal: Bool) -> String {
        let lead = terminal ? "  " : "clawpair pair: "
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
            return lead + "\(TerminalText.escape(route.url)): \(TerminalText.escape(error.message))\n"
        case .routeSelected(let route):
            return lead + "using \(TerminalText.escape(route.url))\n"
        case .connecting(let kind):
            return lead + "connecting as \(kind.rawValue)…\n"
        case .retrying(let after, _):
            return lead + "waiting for approval; retrying in \(after)\n"
        case .granted(let kind, let scopes):
            return lead + "\(kind.rawValue) credential received\(scopes.isEmpty ? "" : " (\(scopes.joined(separator: " ")))")\n"
        }
    }

    /// What Ctrl-C leaves behind. A request the gateway holds stays pending there until it
    /// expires: approving it and pairing again finishes the pairing, rejecting it cancels it.
    static func interruptedNotice(pending: GatewayConnectError.PairingRequest?) -> String {
        guard let pending else { return "clawpair pair: interrupted; nothing was stored\n" }
        let steps = pending.approvalSteps
        let reject = pending.requestId.map { "openclaw devices reject " + ShellQuoting.quote($0) } ?? "openclaw devices reject <requestId>"
        return "clawpair pair: interrupted; nothing was stored, and the pairing request stays pending on the gateway until it expires.\n"
            + "  to finish: on the gateway host run \(TerminalText.escape(steps)), then run this pair again\n"
            + "  to cancel: on the gateway host run \(TerminalText.escape(reject))\n"
    }
}
