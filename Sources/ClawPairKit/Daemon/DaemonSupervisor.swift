import Synchronization

/// The daemon's sessions under one supervisor (structured concurrency: ``run()`` holds a
/// task group with one child per session). ``reconcile(_:)`` turns the registry into the
/// sessions it asks for, starting new ones, stopping gone ones and restarting only those
/// whose connection inputs changed; ``snapshot()`` and ``watch()`` serve `clawpair status`.
public final class DaemonSupervisor: Sendable {
    /// A gateway as `status` lists it.
    struct Gateway: Sendable {
        var id: GatewayID
        var name: String
        var focused: Bool
        var bolted: Bool
    }

    private struct Running {
        var session: LiveSession
        var generation: UInt64
    }

    private struct State {
        var gateways: [Gateway] = []
        var running: [DaemonSessionKey: Running] = [:]
        var statuses: [DaemonSessionKey: SessionStatus] = [:]
        var nextGeneration: UInt64 = 0
        var watchers: [UInt64: AsyncStream<JSONValue>.Continuation] = [:]
        var nextWatcher: UInt64 = 0
        var shuttingDown = false
    }

    private let environment: SessionEnvironment
    private let state = Mutex(State())
    private let launches: AsyncStream<LiveSession>
    private let launcher: AsyncStream<LiveSession>.Continuation

    public init(environment: SessionEnvironment) {
        self.environment = environment
        (launches, launcher) = AsyncStream.makeStream(of: LiveSession.self)
    }

    /// Runs every session started by ``reconcile(_:)`` until ``shutdown()`` and all of them
    /// have returned.
    public func run() async {
        await withDiscardingTaskGroup { group in
            for await session in launches {
                group.addTask { await session.run() }
            }
        }
    }

    /// Stops every session (open ones close with 1000); ``run()`` returns once they have.
    public func shutdown() {
        let (sessions, watchers) = state.withLock { state in
            state.shuttingDown = true
            defer { state.watchers.removeAll() }
            return (state.running.values.map(\.session), Array(state.watchers.values))
        }
        // Outside the lock: finishing runs the watcher's termination handler, which takes it.
        for watcher in watchers { watcher.finish() }
        for session in sessions { session.stop() }
        launcher.finish()
    }

    /// Brings the sessions in line with `records` (in the registry's order) and the stored
    /// Access sessions.
    public func reconcile(_ records: [GatewayRecord], accessSessions: [AccessSession] = []) {
        let desired = DesiredSessions.from(records, accessSessions: accessSessions)
        let focused = Set(records.filter(\.focused).map(\.entry.id))
        var stopped: [LiveSession] = []
        var started: [LiveSession] = []
        let changes: DesiredSessions.Changes = state.withLock { state in
            guard !state.shuttingDown else { return DesiredSessions.Changes() }
            state.gateways = records.map { Gateway(id: $0.entry.id, name: $0.entry.name, focused: $0.focused, bolted: $0.bolted) }
            let changes = DesiredSessions.changes(running: state.running.mapValues(\.session.inputs), desired: desired)
            for key in changes.stop + changes.restart {
                if let old = state.running.removeValue(forKey: key) { stopped.append(old.session) }
                state.statuses[key] = nil
            }
            for key in changes.start + changes.restart {
                guard let inputs = desired[key] else { continue }
                state.nextGeneration += 1
                let generation = state.nextGeneration
                let session = LiveSession(
                    key: key, inputs: inputs, focused: focused.contains(key.gateway), environment: environment,
                    onChange: { [weak self] key, status in self?.changed(key, generation: generation, status) })
                state.running[key] = Running(session: session, generation: generation)
                state.statuses[key] = session.status
                started.append(session)
            }
            return changes
        }
        for session in stopped { session.stop() }
        for session in started { launcher.yield(session) }
        if changes != DesiredSessions.Changes() {
            environment.log.event(
                "reconcile",
                fields: [("start", "\(changes.start.count)"), ("stop", "\(changes.stop.count)"), ("restart", "\(changes.restart.count)")])
        }
        for gateway in Set((changes.start + changes.stop + changes.restart).map(\.gateway)) { publish(gateway) }
    }

    /// A session's status changed; kept only while that session (not an older one under the
    /// same key) is the running one.
    private func changed(_ key: DaemonSessionKey, generation: UInt64, _ status: SessionStatus) {
        let current = state.withLock { state -> Bool in
            guard state.running[key]?.generation == generation else { return false }
            state.statuses[key] = status
            return true
        }
        if current { publish(key.gateway) }
    }

    // MARK: Status

    /// The live state of one gateway: `{id, name, focused, bolt, sessions:[…]}`.
    private static func json(_ gateway: Gateway, _ statuses: [DaemonSessionKey: SessionStatus]) -> JSONValue {
        let sessions = GatewaySessionKind.allCases.compactMap { statuses[DaemonSessionKey(gateway: gateway.id, kind: $0)]?.json }
        return .object([
            ("id", .string(gateway.id.rawValue)), ("name", .string(gateway.name)), ("focused", .bool(gateway.focused)),
            ("bolt", .bool(gateway.bolted)), ("sessions", .array(sessions)),
        ])
    }

    /// Every gateway of the registry, focused first, with its sessions.
    public func snapshot() -> JSONValue {
        state.withLock { state in .array(state.gateways.map { Self.json($0, state.statuses) }) }
    }

    /// The gateway's object after each change (and every gateway's at once); ends at shutdown.
    public func watch() -> AsyncStream<JSONValue> {
        let (stream, continuation) = AsyncStream.makeStream(of: JSONValue.self, bufferingPolicy: .bufferingNewest(4096))
        state.withLock { state in
            guard !state.shuttingDown else {
                continuation.finish()
                return
            }
            for gateway in state.gateways { continuation.yield(Self.json(gateway, state.statuses)) }
            state.nextWatcher += 1
            let id = state.nextWatcher
            state.watchers[id] = continuation
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLock { $0.watchers.removeValue(forKey: id) }
            }
        }
        return stream
    }

    private func publish(_ gateway: GatewayID) {
        state.withLock { state in
            let object: JSONValue
            if let entry = state.gateways.first(where: { $0.id == gateway }) {
                object = Self.json(entry, state.statuses)
            } else {
                object = .object([("id", .string(gateway.rawValue)), ("removed", .bool(true)), ("sessions", .array([]))])
            }
            for watcher in state.watchers.values { watcher.yield(object) }
        }
    }
}
