import Foundation
import Glibc
import Testing

@testable import ClawPairKit

/// `clawpair daemon` and `clawpair status` as real processes against `clawpair sim`
/// processes on loopback (issue 13): the focused gateway's node and operator sessions, the
/// presence beacon, SIGTERM closing with 1000, one daemon per state directory, kill -9 and
/// a restart, the status socket, and no secret in any output.
@Suite(.serialized) struct DaemonTests {
    typealias Sim = PairCommandTests.Sim
    typealias Home = PairCommandTests.Home

    /// Pairs `home` with `sim` (approved at once) and returns the entry's id.
    static func pair(_ home: Home, _ sim: Sim, code: String? = nil, extra: [String] = [], allowExisting: Bool = false) throws -> String {
        let paired = try PairCommandTests.run(home, [try code ?? sim.setupCode().code, "--json"] + extra)
        guard paired.status == 0 else { throw GatewaysProcess.Failure(description: "pair failed: \(paired.stderr)") }
        #expect(allowExisting || paired.json?["updated"] == .bool(false), "a new entry")
        return try #require(paired.json?["id"]?.stringValue)
    }

    @Test func keepsTheFocusedGatewaysNodeAndOperatorSessionsAndRecordsPresenceOnce() throws {
        let sim = try Sim(autoApprove: true)
        defer { sim.stop() }
        let home = Home()
        let id = try Self.pair(home, sim)
        let pairedAt = try #require(try home.open().record(GatewayID(rawValue: id))?.entry.lastConnectedAtMs)
        let daemon = try DaemonProcess(home)
        defer { daemon.terminate() }

        let node = try DaemonProcess.waitForState(home, id, "node", "connected")
        try DaemonProcess.waitForState(home, id, "operator", "connected")
        #expect(node["route"] == .string(sim.url))
        // The sim sees the node (no scopes) and the operator with the scopes it was paired with.
        let connections = try sim.connections()
        #expect(Set(connections.compactMap { $0["role"]?.stringValue }) == ["node", "operator"])
        #expect(connections.first { $0["role"] == "node" }?["scopes"] == .array([]))
        let operatorScopes = try home.open().record(GatewayID(rawValue: id))?.deviceToken(role: "operator")?.scopes ?? []
        #expect(connections.first { $0["role"] == "operator" }?["scopes"] == .array(operatorScopes.map(JSONValue.string)))
        #expect(connections.first { $0["role"] == "operator" }?["mode"] == "ui")

        // Presence: one beacon with trigger connect, handled, shown as recorded.
        let recorded = try DaemonProcess.waitFor(home, "presence recorded") {
            DaemonProcess.session($0, id, "node")?["presence"]?["state"] == "recorded"
        }
        #expect(DaemonProcess.session(recorded, id, "node")?["presence"]?["reason"] == "persisted")
        guard case .array(let beacons) = try sim.admin("GET", "/presence") else { throw GatewaysProcess.Failure(description: "no presence") }
        #expect(beacons.count == 1)
        #expect(beacons.first?["trigger"] == "connect")
        #expect(beacons.first?["handled"] == .bool(true))

        // A reconnect within 10 minutes sends no second beacon (throttle), though the node
        // session came back.
        let nodeConn = try #require(try sim.connId(role: "node"))
        let operatorConn = try #require(try sim.connId(role: "operator"))
        try sim.admin("POST", "/fault/garbage-frames")
        try DaemonProcess.waitFor(home, "new sessions, both connected") { gateways in
            let node = (try? sim.connId(role: "node")) ?? nil, op = (try? sim.connId(role: "operator")) ?? nil
            return node != nil && node != nodeConn && op != nil && op != operatorConn
                && ["node", "operator"].allSatisfy { DaemonProcess.session(gateways, id, $0)?["state"] == "connected" }
        }
        guard case .array(let after) = try sim.admin("GET", "/presence") else { throw GatewaysProcess.Failure(description: "no presence") }
        #expect(after.count == 1)
        // Garbage is a protocol violation: the daemon closed with 1002 before reconnecting.
        #expect(try sim.ended().contains { $0["connId"]?.stringValue == nodeConn && $0["closeCode"] == .integer(1002) })

        // lastConnectedAtMs is recorded on every connect.
        let connectedAt = try #require(try home.open().record(GatewayID(rawValue: id))?.entry.lastConnectedAtMs)
        #expect(connectedAt > pairedAt)

        // gateways show and list show the live state.
        let shown = try GatewaysProcess.run(["gateways", "show", id, "--home", home.path])
        #expect(shown.stdout.contains("node connected via \(sim.url), operator connected via \(sim.url)"), "\(shown.stdout)")
        let listed = try GatewaysProcess.run(["gateways", "list", "--home", home.path])
        #expect(listed.stdout.contains("Sessions: 2 connected"), "\(listed.stdout)")
        let shownJSON = try JSONParser.parse(try GatewaysProcess.run(["gateways", "show", id, "--json", "--home", home.path]).stdout)
        guard case .array(let liveSessions)? = shownJSON["sessions"] else { throw GatewaysProcess.Failure(description: "no sessions key") }
        #expect(liveSessions.count == 2)

        let text = try GatewaysProcess.run(["status", "--home", home.path])
        #expect(text.status == 0)
        #expect(text.stdout.contains("node     connected via \(sim.url)"), "\(text.stdout)")
        try PairCommandTests.assertNoSecrets(
            [daemon.log, text.stdout, shown.stdout, listed.stdout, JSONValue.array(try DaemonProcess.status(home)).serialized()], home: home,
            extra: [])
    }

    @Test func sigtermClosesEverySessionWith1000AndExits0() throws {
        let sim = try Sim(autoApprove: true)
        defer { sim.stop() }
        let home = Home()
        let id = try Self.pair(home, sim)
        let daemon = try DaemonProcess(home)
        try DaemonProcess.waitForState(home, id, "node", "connected")
        try DaemonProcess.waitForState(home, id, "operator", "connected")
        let open = Set(try sim.connections().compactMap { $0["connId"]?.stringValue })
        #expect(daemon.terminate() == 0)
        let closed = try sim.ended().filter { open.contains($0["connId"]?.stringValue ?? "") }
        #expect(closed.count == 2)
        #expect(closed.allSatisfy { $0["closeCode"] == .integer(1000) }, "\(closed)")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/daemon.sock"))

        // Now no daemon: status says how to start one (exit 7); show says not connected.
        let status = try GatewaysProcess.run(["status", "--home", home.path])
        #expect(status.status == 7)
        #expect(status.stderr.contains("daemon not running: start it with `clawpair daemon` or the systemd user unit"), "\(status.stderr)")
        let json = try GatewaysProcess.run(["status", "--json", "--home", home.path])
        #expect(json.status == 7)
        #expect(try JSONParser.parse(json.stdout)["error"]?["code"] == "DAEMON_NOT_RUNNING")
        let shown = try GatewaysProcess.run(["gateways", "show", id, "--home", home.path])
        #expect(shown.stdout.contains("not connected (no daemon running)"), "\(shown.stdout)")
        #expect(try JSONParser.parse(try GatewaysProcess.run(["gateways", "show", id, "--json", "--home", home.path]).stdout)["sessions"] == .null)
        #expect(try GatewaysProcess.run(["gateways", "list", "--home", home.path]).stdout.contains("not connected (no daemon running)"))
    }

    @Test func aSecondDaemonOnTheSameHomeExits7NamingTheFirst() throws {
        let home = Home()
        let first = try DaemonProcess(home)
        defer { first.terminate() }
        let second = try GatewaysProcess.run(["daemon", "--foreground", "--home", home.path])
        #expect(second.status == 7)
        #expect(second.stderr.contains("pid \(first.pid)"), "\(second.stderr)")
        // The first one still serves.
        #expect(try DaemonProcess.status(home).isEmpty)
    }

    @Test func killMinus9ThenARestartComesBack() throws {
        let sim = try Sim(autoApprove: true)
        defer { sim.stop() }
        let home = Home()
        let id = try Self.pair(home, sim)
        let first = try DaemonProcess(home)
        try DaemonProcess.waitForState(home, id, "operator", "connected")
        first.kill9()
        // The lock went with the process; the stale socket is replaced.
        let second = try DaemonProcess(home)
        defer { second.terminate() }
        try DaemonProcess.waitForState(home, id, "node", "connected")
        try DaemonProcess.waitForState(home, id, "operator", "connected")
    }

    @Test func aRevokedDevicePausesWithTheRepairCommandAndShowSaysSo() throws {
        let sim = try Sim(autoApprove: true)
        defer { sim.stop() }
        let home = Home()
        let id = try Self.pair(home, sim)
        let daemon = try DaemonProcess(home)
        defer { daemon.terminate() }
        try DaemonProcess.waitForState(home, id, "node", "connected")
        try DaemonProcess.waitForState(home, id, "operator", "connected")
        guard case .array(let devices) = try sim.admin("GET", "/devices"), let device = devices.first?["deviceId"]?.stringValue else {
            throw GatewaysProcess.Failure(description: "no device")
        }
        try sim.admin("POST", "/revoke/\(device)")
        for role in ["node", "operator"] {
            let paused = try DaemonProcess.waitForState(home, id, role, "paused")
            #expect(paused["lastError"]?["code"] == "AUTH_DEVICE_TOKEN_MISMATCH")
            #expect(paused["lastError"]?["message"]?.stringValue?.hasPrefix("the gateway no longer knows this device") == true)
            #expect(paused["lastError"]?["remedy"]?.stringValue?.contains("clawpair pair") == true)
            #expect(paused["nextRetryAt"] == .null)
        }
        let shown = try GatewaysProcess.run(["gateways", "show", id, "--home", home.path])
        #expect(shown.stdout.contains("revoked: the gateway no longer knows this device"), "\(shown.stdout)")
        // Paused means paused: no further connects.
        let attempts = try sim.connectAttempts()
        usleep(1_500_000)
        #expect(try sim.connectAttempts() == attempts)
        // Pairing again (another process, new device tokens) brings both sessions back.
        #expect(try Self.pair(home, sim, allowExisting: true) == id)
        try DaemonProcess.waitForState(home, id, "node", "connected")
        try DaemonProcess.waitForState(home, id, "operator", "connected")
    }

    @Test func withoutForegroundItDetachesAndLogsToDaemonLog() throws {
        let home = Home()
        let started = try GatewaysProcess.run(["daemon", "--home", home.path])
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stdout.contains("clawpair daemon started (pid "))
        let lockText = try String(contentsOfFile: home.path + "/daemon.lock", encoding: .utf8)
        let pid = try #require(pid_t(lockText.trimmingCharacters(in: .whitespacesAndNewlines)))
        defer {
            Glibc.kill(pid, SIGTERM)
            // It is not our child: wait for its lock to go (hang guard).
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, Glibc.kill(pid, 0) == 0 { usleep(10_000) }
        }
        #expect(try DaemonProcess.status(home).isEmpty)
        // A second start finds the first: exit 7 with the running one's pid from the log.
        let again = try GatewaysProcess.run(["daemon", "--home", home.path])
        #expect(again.status == 7, "\(again.stderr)")
        #expect(again.stderr.contains("another clawpair daemon (pid \(pid))"), "\(again.stderr)")
        let json = try GatewaysProcess.run(["daemon", "--json", "--home", home.path])
        #expect(try JSONParser.parse(json.stdout)["error"]?["code"] == "DAEMON_ALREADY_RUNNING")
        let log = home.path + "/daemon.log"
        let attributes = try FileManager.default.attributesOfItem(atPath: log)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try String(contentsOfFile: log, encoding: .utf8).contains(" ready "))
        let socket = try FileManager.default.attributesOfItem(atPath: home.path + "/daemon.sock")
        #expect((socket[.posixPermissions] as? Int) == 0o600)
    }

    @Test func aDamagedRegistryIsExit8AndLeftUntouched() throws {
        let home = Home()
        try FileManager.default.createDirectory(atPath: home.path, withIntermediateDirectories: true)
        let garbage = Data("this is not a database, just text that is long enough to be a header".utf8)
        try garbage.write(to: URL(fileURLWithPath: home.path + "/registry.sqlite3"))
        let run = try GatewaysProcess.run(["daemon", "--foreground", "--home", home.path])
        #expect(run.status == 8, "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: home.path + "/registry.sqlite3")) == garbage)
    }

    @Test func jsonLogLinesAndABadLogFormat() throws {
        let home = Home()
        let daemon = try DaemonProcess(home, arguments: ["--log-format", "json"])
        #expect(daemon.terminate() == 0)
        let lines = daemon.log.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            let object = try JSONParser.parse(String(line))
            #expect(object["event"]?.stringValue != nil && object["time"]?.stringValue != nil)
        }
        let bad = try GatewaysProcess.run(["daemon", "--foreground", "--log-format", "yaml", "--home", home.path])
        #expect(bad.status == 2)
    }

    @Test func anOlderGatewaysBareOkIsAcknowledgedNotRecorded() throws {
        let sim = try Sim(autoApprove: true, extraArguments: ["--old-gateway"])
        defer { sim.stop() }
        let home = Home()
        let id = try Self.pair(home, sim)
        let daemon = try DaemonProcess(home)
        defer { daemon.terminate() }
        let status = try DaemonProcess.waitFor(home, "a presence answer") { DaemonProcess.session($0, id, "node")?["presence"] != .null }
        let presence = DaemonProcess.session(status, id, "node")?["presence"]
        #expect(presence?["state"] == "acknowledged")
        #expect(presence?["reason"]?.stringValue?.contains("not recorded") == true)
        let text = try GatewaysProcess.run(["status", "--home", home.path])
        #expect(text.stdout.contains("presence: acknowledged (acknowledged, not recorded"), "\(text.stdout)")
    }

    @Test func watchStreamsEveryGatewayThenEachChangeAsNDJSON() throws {
        let sim = try Sim(autoApprove: true)
        defer { sim.stop() }
        let home = Home()
        let id = try Self.pair(home, sim)
        let daemon = try DaemonProcess(home)
        defer { daemon.terminate() }
        try DaemonProcess.waitForState(home, id, "operator", "connected")
        let watch = try GatewaysProcess([LabHosts.clawpair, "status", "--watch", "--json", "--home", home.path])
        // Every line is one gateway object; a revoke shows up as the sessions pausing.
        func lines() -> [JSONValue] { watch.stdout.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) } }
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, lines().isEmpty { usleep(10_000) }
        #expect(lines().first?["id"] == .string(id))
        guard case .array(let devices) = try sim.admin("GET", "/devices"), let device = devices.first?["deviceId"]?.stringValue else {
            throw GatewaysProcess.Failure(description: "no device")
        }
        try sim.admin("POST", "/revoke/\(device)")
        func paused() -> Bool {
            lines().contains { line in
                guard case .array(let sessions)? = line["sessions"] else { return false }
                return sessions.contains { $0["role"] == "operator" && $0["state"] == "paused" }
            }
        }
        while Date() < deadline, !paused() { usleep(10_000) }
        #expect(paused(), "\(watch.stdout)")
        #expect(lines().allSatisfy { $0["id"] == .string(id) })
        // SIGINT ends the watch with 0.
        _ = Glibc.kill(watch.pid, SIGINT)
        #expect(watch.wait() == 0)
    }
}
