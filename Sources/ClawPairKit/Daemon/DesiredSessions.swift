/// The sessions the registry asks for (spec/registry.md "Live sessions"): the focused
/// gateway's node and operator sessions, and one operator session for every other bolted
/// gateway, each with its connection inputs (`accessSessions`: every stored Access session).
public enum DesiredSessions {
    public static func from(_ records: [GatewayRecord], accessSessions: [AccessSession] = []) -> [DaemonSessionKey: SessionInputs] {
        var sessions: [DaemonSessionKey: SessionInputs] = [:]
        for record in records where record.bolted || record.focused {
            let id = record.entry.id
            if record.focused {
                sessions[DaemonSessionKey(gateway: id, kind: .node)] = SessionInputs(
                    record: record, kind: .node, focused: true, accessSessions: accessSessions)
            }
            sessions[DaemonSessionKey(gateway: id, kind: .operator)] = SessionInputs(
                record: record, kind: .operator, focused: record.focused, accessSessions: accessSessions)
        }
        return sessions
    }

    /// What a reconciliation does to go from `running` to `desired`: start the new keys,
    /// stop the gone ones, restart those whose inputs changed; equal inputs are left alone.
    public struct Changes: Sendable, Equatable {
        public var start: [DaemonSessionKey] = []
        public var stop: [DaemonSessionKey] = []
        public var restart: [DaemonSessionKey] = []
    }

    public static func changes(
        running: [DaemonSessionKey: SessionInputs], desired: [DaemonSessionKey: SessionInputs]
    ) -> Changes {
        var changes = Changes()
        for (key, inputs) in desired {
            if let current = running[key] {
                if current != inputs { changes.restart.append(key) }
            } else {
                changes.start.append(key)
            }
        }
        changes.stop = running.keys.filter { desired[$0] == nil }
        changes.start.sort()
        changes.stop.sort()
        changes.restart.sort()
        return changes
    }
}
