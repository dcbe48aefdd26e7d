import ClawPairKit

/// The daemon's live state for people: one block per gateway, one line per session. Names
/// and gateway messages are untrusted and escaped.
enum StatusRendering {
    static func table(_ gateways: [LiveGateway], nowMs: Int64, style: Style) -> String {
        var text = ""
        for gateway in gateways {
            if gateway.removed {
                text += "\(TerminalText.escape(gateway.id.rawValue)): removed from the registry\n"
                continue
            }
            let role = gateway.focused ? "focused" : gateway.bolted ? "bolted" : "idle"
            text += style.bold(TerminalText.escape(gateway.name)) + " (\(TerminalText.escape(gateway.id.rawValue))) — \(role)\n"
            if gateway.sessions.isEmpty { text += "  no session (not bolted)\n" }
            for session in gateway.sessions { text += "  " + line(session, nowMs: nowMs) + "\n" }
        }
        return text
    }

    /// `operator  connected via ws://… for 3 s`, `node  backoff: … (retry in 2 s)`.
    static func line(_ session: SessionStatus, nowMs: Int64) -> String {
        var text = session.kind.role.rawValue.padding(to: 9) + session.state.rawValue
        if let route = session.route { text += " via \(TerminalText.escape(route))" }
        text += " for \(seconds(nowMs - session.sinceMs))"
        if let next = session.nextRetryAtMs { text += ", retry in \(seconds(next - nowMs))" }
        if session.state != .connected, let error = session.lastError {
            text += "\n           \(TerminalText.escape(error.code)): \(TerminalText.escape(error.message))"
            if let remedy = error.remedy { text += "\n           fix: \(TerminalText.escape(remedy))" }
        }
        if let presence = session.presence {
            text += "\n           presence: \(presence.state.rawValue)" + (presence.reason.map { " (\(TerminalText.escape($0)))" } ?? "")
        }
        return text
    }

    /// `3 s`, `2 min`, `1 h`.
    static func seconds(_ ms: Int64) -> String {
        let s = max(0, ms) / 1000
        if s < 120 { return "\(s) s" }
        if s < 7200 { return "\(s / 60) min" }
        return "\(s / 3600) h"
    }

    /// What `gateways show` says of one gateway's connection.
    static func connectionSummary(_ live: LiveState) -> String {
        switch live {
        case .none: return "not connected (no daemon running)"
        case .running(nil): return "not connected (not bolted)"
        case .running(let gateway?):
            guard !gateway.sessions.isEmpty else { return "not connected (not bolted)" }
            return gateway.sessions.map { session in
                "\(session.kind.role.rawValue) \(session.state.rawValue)" + (session.route.map { " via \($0)" } ?? "")
            }.joined(separator: ", ")
        }
    }

    /// The `gateways list` footer: how many sessions the daemon has in each state.
    static func listFooter(_ gateways: [LiveGateway]?) -> String {
        guard let gateways else { return "Sessions: not connected (no daemon running).\n" }
        let sessions = gateways.flatMap(\.sessions)
        guard !sessions.isEmpty else { return "Sessions: the daemon runs; no gateway is focused or bolted.\n" }
        let counts = SessionStatus.State.allCases.compactMap { state -> String? in
            let count = sessions.filter { $0.state == state }.count
            return count == 0 ? nil : "\(count) \(state.rawValue)"
        }
        return "Sessions: \(counts.joined(separator: ", ")) (clawpair status for details).\n"
    }
}

/// The daemon's view of one gateway for `gateways show`.
enum LiveState: Sendable {
    /// No daemon runs.
    case none
    /// A daemon runs; the gateway's live state if it lists it.
    case running(LiveGateway?)

    /// What `show` says of a device the gateway no longer knows (a paused session refused
    /// with `AUTH_DEVICE_TOKEN_MISMATCH`), if so.
    var revocation: String? {
        guard case .running(let gateway?) = self,
            let session = gateway.sessions.first(where: { $0.state == .paused && $0.lastError?.code == ClawPairError.Code.deviceTokenMismatch.rawValue })
        else { return nil }
        return "the gateway no longer knows this device (\(session.kind.role.rawValue) session refused); re-pair: clawpair pair <setup code>"
    }

    /// `null` (no daemon) or the gateway's sessions, for `show --json`.
    var json: JSONValue {
        switch self {
        case .none: .null
        case .running(let gateway): .array(gateway?.sessions.map(\.json) ?? [])
        }
    }
}
