import ClawPairKit
import Synchronization

/// What every session of one `clawpair sim` shares: its state, its decision rules, its TLS
/// context and settings, and the open WebSocket connections (for the `close-1008` fault).
final class SimGatewayContext: Sendable {
    /// 25 MiB: `policy.maxPayload` after authentication (the real gateway's order of size).
    static let maximumPayloadBytes = 25 * 1024 * 1024
    /// 50 MiB: `policy.maxBufferedBytes`.
    static let maximumBufferedBytes = 50 * 1024 * 1024

    let state: SimState
    let evaluator: SimConnectEvaluator
    let tls: TLSServerContext?
    let tickInterval: Duration
    let connections = SimConnectionRegistry()
    /// Authenticated sessions, which get ticks.
    let ticks = SimTickRegistry()
    /// The public origin clients use (`https://host:port`), for the Access challenge.
    let origin: String
    /// `--old-gateway`: `node.event` answers a bare `{ok: true}`, as gateways before presence did.
    let oldGateway: Bool

    init(
        state: SimState, evaluator: SimConnectEvaluator, tls: TLSServerContext?, tickInterval: Duration, origin: String,
        oldGateway: Bool = false
    ) {
        self.oldGateway = oldGateway
        self.state = state
        self.evaluator = evaluator
        self.tls = tls
        self.tickInterval = tickInterval
        self.origin = origin
    }

    /// The `302` a gateway behind Cloudflare Access answers an upgrade with
    /// (spec/cloudflare-access.md): `Location` on the team's login host, and
    /// `WWW-Authenticate: Cloudflare-Access resource_metadata="<origin>/.well-known/…/"`.
    func accessChallengeHeaders(_ request: HTTPRequestHead) -> HTTPHeaders {
        let host = request.headers.first(name: "Host") ?? "gateway.example"
        let metadata = origin + AccessChallenge.resourceMetadataPath + "/"
        return [
            "Location": "https://sim-team.cloudflareaccess.com/cdn-cgi/access/login/\(host)?kid=sim-aud&redirect_url=%2F",
            "WWW-Authenticate": "Cloudflare-Access resource_metadata=\"\(metadata)\"",
            "Content-Type": "text/html",
        ]
    }
}

/// The open WebSocket connections of a sim, by connection number, with the device each
/// authenticated one belongs to (so revoking a device can close its sessions).
final class SimConnectionRegistry: Sendable {
    private struct Entry {
        let connection: WebSocketServerConnection
        var deviceId: String?
    }

    private let open = Mutex<[Int: Entry]>([:])

    func add(_ number: Int, _ connection: WebSocketServerConnection) { open.withLock { $0[number] = Entry(connection: connection) } }
    func remove(_ number: Int) { _ = open.withLock { $0.removeValue(forKey: number) } }
    /// Marks connection `number` as an authenticated session of `deviceId`.
    func authenticated(_ number: Int, deviceId: String) { open.withLock { $0[number]?.deviceId = deviceId } }
    var all: [WebSocketServerConnection] { open.withLock { $0.values.map(\.connection) } }
    /// The authenticated sessions of one device.
    func sessions(of deviceId: String) -> [WebSocketServerConnection] {
        open.withLock { $0.values.filter { $0.deviceId == deviceId }.map(\.connection) }
    }
    var count: Int { open.withLock { $0.count } }
}

/// The authenticated sessions and their event counters, for the gateway's ticker.
final class SimTickRegistry: Sendable {
    private struct Entry {
        let connection: WebSocketServerConnection
        var seq: Int64 = 0
    }

    private let entries = Mutex<[Int: Entry]>([:])

    func add(_ number: Int, _ connection: WebSocketServerConnection) {
        entries.withLock { $0[number] = Entry(connection: connection) }
    }

    func remove(_ number: Int) { _ = entries.withLock { $0.removeValue(forKey: number) } }

    /// Every authenticated session.
    var all: [WebSocketServerConnection] { entries.withLock { $0.values.map(\.connection) } }

    /// Every session with its next `seq`.
    func nextRound() -> [(WebSocketServerConnection, Int64)] {
        entries.withLock { entries in
            entries.keys.map { key in
                entries[key]!.seq += 1
                return (entries[key]!.connection, entries[key]!.seq)
            }
        }
    }

    var count: Int { entries.withLock { $0.count } }
}
