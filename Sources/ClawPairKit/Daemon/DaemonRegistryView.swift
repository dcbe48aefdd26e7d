import Synchronization

/// The daemon's own connection to the registry, behind a lock (a registry connection is
/// for one thread at a time): reads every record for a reconciliation, tells whether
/// another process committed since the last read (`data_version`), and records connects.
final class DaemonRegistryView: Sendable {
    private let registry: Mutex<GatewayRegistry>
    private let lastVersion = Mutex<Int64?>(nil)

    init(_ registry: sending GatewayRegistry) {
        self.registry = Mutex(registry)
    }

    /// Every entry, focused first, with what it owns, and the stored Access sessions.
    func read() throws(ClawPairError) -> (records: [GatewayRecord], accessSessions: [AccessSession]) {
        try registry.withLock { registry throws(ClawPairError) in
            let version = try registry.dataVersion()
            lastVersion.withLock { $0 = version }
            var records: [GatewayRecord] = []
            for summary in try registry.list() {
                if let record = try registry.record(summary.entry.id) { records.append(record) }
            }
            return (records, try registry.accessSessions())
        }
    }

    /// Whether another connection committed since the last ``read()``.
    func changedSinceLastRead() throws(ClawPairError) -> Bool {
        let version = try registry.withLock { registry throws(ClawPairError) in try registry.dataVersion() }
        return lastVersion.withLock { $0 } != version
    }

    func recordConnection(_ id: GatewayID, atMs: Int64, route: String) throws(ClawPairError) {
        try registry.withLock { registry throws(ClawPairError) in try registry.recordConnection(id, atMs: atMs, route: route) }
    }
}
