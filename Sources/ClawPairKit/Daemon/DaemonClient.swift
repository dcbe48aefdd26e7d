/// `clawpair status`'s side of ``DaemonStatusProtocol``.
public struct DaemonClient: Sendable {
    public let directory: StateDirectory
    private let reactor: IOReactor

    public init(directory: StateDirectory, reactor: IOReactor = IOReactor()) {
        self.directory = directory
        self.reactor = reactor
    }

    public static let notRunningMessage = "daemon not running: start it with `clawpair daemon` or the systemd user unit"

    /// Every gateway's live state; throws ``ClawPairError/Code/daemonNotRunning`` when no
    /// daemon listens.
    public func status() async throws(ClawPairError) -> [LiveGateway] {
        let connection = try connect()
        var parsed: [LiveGateway]?
        do {
            try await connection.write(DaemonStatusProtocol.statusRequest + "\n", until: .now + DaemonStatusProtocol.ioTimeout)
            var reader = LineReader(connection: connection)
            if let line = try await reader.next(until: .now + DaemonStatusProtocol.ioTimeout), case .array(let items) = line {
                parsed = items.compactMap(LiveGateway.init(json:))
            }
        } catch {
            throw ClawPairError(.daemonProtocolError, "the daemon's status socket failed: \(error)")
        }
        guard let parsed else { throw ClawPairError(.daemonProtocolError, "the daemon's status socket sent no status") }
        return parsed
    }

    /// Each change the daemon reports, as it comes, until the daemon stops (returns) or
    /// `body` returns false.
    public func watch(_ body: (LiveGateway) -> Bool) async throws(ClawPairError) {
        let connection = try connect()
        do {
            try await connection.write(DaemonStatusProtocol.watchRequest + "\n", until: .now + DaemonStatusProtocol.ioTimeout)
            var reader = LineReader(connection: connection)
            while let line = try await reader.next(until: nil) {
                guard let gateway = LiveGateway(json: line) else { continue }
                if !body(gateway) { return }
            }
        } catch {
            throw ClawPairError(.daemonProtocolError, "the daemon's status socket failed: \(error)")
        }
    }

    /// The live state when a daemon runs, nil when none does (`gateways list`/`show`).
    public func statusIfRunning() async -> [LiveGateway]? {
        try? await status()
    }

    private func connect() throws(ClawPairError) -> LocalStreamConnection {
        let path = DaemonStatusProtocol.socketPath(in: directory)
        do {
            return try LocalStreamConnection.connect(to: path, reactor: reactor)
        } catch {
            throw ClawPairError(
                .daemonNotRunning, Self.notRunningMessage,
                remedy: "clawpair daemon (detaches; logs to \(directory.appending(Daemon.logFileName))), or systemctl --user start clawpair")
        }
    }
}

/// Splits a stream into JSON lines.
private struct LineReader {
    let connection: LocalStreamConnection
    var buffer: [UInt8] = []
    /// 16 MiB: a status line for hundreds of gateways is a few hundred KiB.
    static let maximumLineBytes = 16 << 20

    init(connection: LocalStreamConnection) { self.connection = connection }

    mutating func next(until deadline: ContinuousClock.Instant?) async throws -> JSONValue? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return try JSONParser.parse(line)
            }
            guard buffer.count <= Self.maximumLineBytes else { throw ClawPairError(.daemonProtocolError, "an over-long status line") }
            let chunk = try await connection.read(until: deadline)
            if chunk.isEmpty { return nil }
            buffer += chunk
        }
    }
}

/// One gateway's live state as the daemon reports it.
public struct LiveGateway: Sendable, Hashable {
    public var id: GatewayID
    public var name: String
    public var focused: Bool
    public var bolted: Bool
    public var sessions: [SessionStatus]
    /// The gateway left the registry (a `watch` event).
    public var removed: Bool

    public init?(json: JSONValue) {
        guard let id = json["id"]?.stringValue else { return nil }
        self.id = GatewayID(rawValue: id)
        name = json["name"]?.stringValue ?? id
        focused = json["focused"] == .bool(true)
        bolted = json["bolt"] == .bool(true)
        removed = json["removed"] == .bool(true)
        if case .array(let items)? = json["sessions"] { sessions = items.compactMap(SessionStatus.init(json:)) } else { sessions = [] }
    }

    /// `{id, name, focused, bolt, sessions}` (and `removed` for a gone gateway).
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(id.rawValue)), ("name", .string(name)), ("focused", .bool(focused)), ("bolt", .bool(bolted)),
            ("sessions", .array(sessions.map(\.json))),
        ]
        if removed { members.append(("removed", .bool(true))) }
        return .object(members)
    }
}
