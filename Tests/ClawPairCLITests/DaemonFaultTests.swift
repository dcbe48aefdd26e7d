import Foundation
import Glibc
import Testing

@testable import ClawPairCLI
@testable import ClawPairKit

/// The faults a daemon must survive (issue 13), each against a real `clawpair sim`: the
/// expected state, `lastError` and retry; a gateway killed and restarted; a changed
/// certificate; and a flooding or silent gateway that must not hold the others back.
@Suite(.serialized) struct DaemonFaultTests {
    typealias Sim = PairCommandTests.Sim
    typealias Home = PairCommandTests.Home

    /// A shared gateway token for sims that must admit a device after a restart.
    static let token = "sim-token-\(UUID().uuidString)"

    /// A sim with the shared token, paired with `home` through a token code, the daemon
    /// running and both sessions connected.
    static func connected(
        _ home: Home, simArguments: [String] = [], tls: Bool = false, port: Int? = nil, simHome: Home? = nil
    ) throws -> (sim: Sim, id: String) {
        let sim = try Sim(tls: tls, port: port, home: simHome, environment: [SimCommand.tokenVariable: token], extraArguments: simArguments)
        let id = try DaemonTests.pair(home, sim, code: sim.tokenCode(token), extra: tls ? ["--trust-on-first-use"] : [])
        return (sim, id)
    }

    /// Ends every session at once (the sim sends garbage), so the next connect meets the fault.
    static func dropSessions(_ sim: Sim) throws { try sim.admin("POST", "/fault/garbage-frames") }

    @Test(arguments: [("rate-limit", "AUTH_RATE_LIMITED", Int64(2_000)), ("startup", "GATEWAY_UNAVAILABLE", Int64(1_000))])
    func aGatewaysRetryAfterIsWaitedThenTheSessionResumes(fault: String, code: String, retryAfterMs: Int64) throws {
        let home = Home()
        let (sim, id) = try Self.connected(home)
        defer { sim.stop() }
        let daemon = try DaemonProcess(home)
        defer { daemon.terminate() }
        try DaemonProcess.waitForState(home, id, "operator", "connected")
        try sim.admin("POST", "/fault/\(fault)")
        try Self.dropSessions(sim)
        let waiting = try DaemonProcess.waitFor(home, "backoff with \(code)") {
            DaemonProcess.session($0, id, "operator")?["lastError"]?["code"]?.stringValue == code
                && DaemonProcess.session($0, id, "operator")?["state"] == "backoff"
        }
        let session = try #require(DaemonProcess.session(waiting, id, "operator"))
        guard case .integer(let since)? = session["since"], case .integer(let next)? = session["nextRetryAt"] else {
            throw GatewaysProcess.Failure(description: "no retry time: \(session)")
        }
        // At least the gateway's retryAfterMs (jitter goes on top), and not a long way off.
        #expect(next - since >= retryAfterMs - 5, "\(session)")
        #expect(next - since <= retryAfterMs + 1_000, "\(session)")
        try sim.admin("POST", "/fault/reset")
        try DaemonProcess.waitForState(home, id, "operator", "connected")
        try DaemonProcess.waitForState(home, id, "node", "connected")
    }

    @Test(arguments: [
        ("close-mid-handshake", "GATEWAY_CLOSED"), ("close-1008", "GATEWAY_POLICY_CLOSE"), ("no-challenge", "GATEWAY_NO_CHALLENGE"),
        ("slow-challenge", "GATEWAY_NO_CHALLENGE"),
    ])
    func aHandshakeFaultBacksOffAndRetries(fault: String, code: String) throws {
        let home = Home()
        let (sim, id) = try Self.connected(home)
        defer { sim.stop() }
        let daemon = try DaemonProcess(home)
        defer { daemon.terminate() }
        try DaemonProcess.waitForState(home, id, "operator", "connected")
        try sim.admin("POST", "/fault/\(fault)")
        try Self.dropSessions(sim)
        // no-challenge and slow-challenge wait out the client's 6 s challenge timeout first.
        let waiting = try DaemonProcess.waitFor(home, seconds: 40, "backoff with \(code)") {
            DaemonProcess.session($0, id, "operator")?["lastError"]?["code"]?.stringValue == code
                && DaemonProcess.session($0, id, "operator")?["state"] == "backoff"
        }
        #expect(DaemonProcess.session(waiting, id, "operator")?["nextRetryAt"] != .null)
        try sim.admin("POST", "/fault/reset")
        try DaemonProcess.waitForState(home, id, "operator", "connected", seconds: 60)
    }

    @Test func droppedTicksCloseWith4000AndReconnect() throws {
        let home = Home()
        let (sim, id) = try Self.connected(home, simArguments: ["--tick-interval-ms", "300"])
        defer { sim.stop() }
        let daemon = try DaemonProcess(home)
        defer { daemon.terminate() }
        try DaemonProcess.waitForState(home, id, "operator", "connected")
        let first = try #require(try sim.connId(role: "operator"))
        try sim.admin("POST", "/fault/drop-ticks")
        // 2 × 300 ms of silence: the daemon closes with 4000 and connects again.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !(try sim.ended().contains { $0["connId"]?.stringValue == first }) { usleep(20_000) }
        #expect(try sim.ended().first { $0["connId"]?.stringValue == first }?["closeCode"] == .integer(4000))
        try sim.admin("POST", "/fault/reset")
        try DaemonProcess.waitFor(home, "a new operator session") { gateways in
            let now = (try? sim.connId(role: "operator")) ?? nil
            return now != nil && now != first && DaemonProcess.session(gateways, id, "operator")?["state"] == "connected"
        }
        #expect(daemon.log.contains("GATEWAY_TICK_TIMEOUT"))
    }

    @Test func anOversizedFrameEndsTheSessionAndItReconnects() throws {
        let home = Home()
        let (sim, id) = try Self.connected(home)
        defer { sim.stop() }
        let daemon = try DaemonProcess(home)
        defer { daemon.terminate() }
        try DaemonProcess.waitForState(home, id, "operator", "connected")
        let first = try #require(try sim.connId(role: "operator"))
        try sim.admin("POST", "/fault/oversized-frame")
        try DaemonProcess.waitFor(home, seconds: 60, "a new operator session") { gateways in
            let now = (try? sim.connId(role: "operator")) ?? nil
            return now != nil && now != first && DaemonProcess.session(gateways, id, "operator")?["state"] == "connected"
        }
    }

    @Test func aGatewayKilledAndRestartedGetsItsSessionsBack() throws {
        let home = Home()
        let simHome = Home()
        let (sim, id) = try Self.connected(home, simHome: simHome)
        let port = sim.port
        let daemon = try DaemonProcess(home)
        defer { daemon.terminate() }
        try DaemonProcess.waitForState(home, id, "node", "connected")
        sim.stop()
        let down = try DaemonProcess.waitFor(home, "backoff after the gateway went away") {
            DaemonProcess.session($0, id, "operator")?["state"] == "backoff"
        }
        #expect(DaemonProcess.session(down, id, "operator")?["lastError"] != .null)
        let again = try Sim(port: port, home: simHome, environment: [SimCommand.tokenVariable: Self.token])
        defer { again.stop() }
        // Within the backoff (the focused schedule caps at 8 s plus jitter).
        try DaemonProcess.waitForState(home, id, "node", "connected")
        try DaemonProcess.waitForState(home, id, "operator", "connected")
        #expect(Set(try again.connections().compactMap { $0["role"]?.stringValue }) == ["node", "operator"])
        // Neither the shared token nor a device token reaches the log or the status.
        let text = try GatewaysProcess.run(["status", "--home", home.path]).stdout
        let json = JSONValue.array(try DaemonProcess.status(home)).serialized()
        for output in [daemon.log, text, json] { #expect(!output.contains(Self.token)) }
        try PairCommandTests.assertNoSecrets([daemon.log, text, json], home: home, extra: [Self.token])
    }

    @Test func aChangedCertificatePausesUntilTrustedByAnotherProcess() throws {
        let home = Home()
        let (sim, id) = try Self.connected(home, tls: true)
        let port = sim.port
        let daemon = try DaemonProcess(home)
        defer { daemon.terminate() }
        try DaemonProcess.waitForState(home, id, "operator", "connected")
        sim.stop()
        // Another certificate on the same port (a new sim home generates one).
        let impostor = try Sim(tls: true, port: port, environment: [SimCommand.tokenVariable: Self.token])
        defer { impostor.stop() }
        let paused = try DaemonProcess.waitForState(home, id, "operator", "paused")
        #expect(paused["lastError"]?["code"] == "TLS_PIN_MISMATCH")
        #expect(paused["lastError"]?["remedy"]?.stringValue?.contains("clawpair gateways trust") == true)
        #expect(try impostor.connectAttempts() == 0, "a credential went to an unpinned certificate")
        // The user checks and pins the new certificate: the daemon reconnects with it.
        let fingerprint = try #require(impostor.fingerprint)
        let trusted = try GatewaysProcess.run(["gateways", "trust", id, "--fingerprint", fingerprint, "--yes", "--home", home.path])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        try DaemonProcess.waitForState(home, id, "operator", "connected")
        try DaemonProcess.waitForState(home, id, "node", "connected")
    }

    @Test func aFloodingGatewayDoesNotStallAnother() throws {
        let home = Home()
        let (noisy, noisyID) = try Self.connected(home)
        defer { noisy.stop() }
        let (quiet, quietID) = try Self.connected(home)
        defer { quiet.stop() }
        #expect(try GatewaysProcess.run(["gateways", "bolt", quietID, "--home", home.path]).status == 0)
        let daemon = try DaemonProcess(home)
        defer { daemon.terminate() }
        try DaemonProcess.waitForState(home, noisyID, "node", "connected")
        try DaemonProcess.waitForState(home, quietID, "operator", "connected")
        let quietConn = try #require(try quiet.connId(role: "operator"))
        try noisy.admin("POST", "/fault/flood")
        // While the flood is read, the other gateway's session is untouched and status answers.
        for _ in 0..<20 {
            let gateways = try DaemonProcess.status(home)
            #expect(DaemonProcess.session(gateways, quietID, "operator")?["state"] == "connected")
            usleep(25_000)
        }
        #expect(try quiet.connId(role: "operator") == quietConn)
        // A gateway that accepts and then says nothing (no challenge) costs only its own session.
        try noisy.admin("POST", "/fault/no-challenge")
        try Self.dropSessions(noisy)
        try DaemonProcess.waitFor(home, seconds: 40, "the silent gateway in backoff") {
            DaemonProcess.session($0, noisyID, "node")?["lastError"]?["code"] == "GATEWAY_NO_CHALLENGE"
        }
        #expect(try quiet.connId(role: "operator") == quietConn)
    }
}
