import Foundation
import Testing
import ClawPairKit

/// The daemon across namespace hosts (Tests/Harness): `clawpair sim` on `gw1`'s LAN address,
/// the daemon on `client`. A partition (a blackhole route on the client) ends the session by
/// the tick watchdog and keeps it in backoff; healing it brings the session back.
@Suite(.serialized) struct DaemonLabTests {
    static let simPort = 18789
    static let adminPort = 18790

    @Test func aPartitionEndsTheSessionByTheWatchdogAndHealingBringsItBack() throws {
        if let reason = LabHosts.unavailableReason {
            Issue.record(Comment(rawValue: reason))
            return
        }
        let hosts = try LabHosts(hosts: ["gw1", "client"])
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-daemonlab-\(UUID().uuidString)").path
        let home = base + "-client"
        defer {
            _ = try? hosts.kill("client", "daemon")
            _ = try? hosts.kill("gw1", "sim")
            hosts.down()
            try? FileManager.default.removeItem(atPath: home)
            try? FileManager.default.removeItem(atPath: base + "-sim")
        }
        let gw1 = try hosts.address("gw1")
        try hosts.spawn("gw1", "sim", [
            LabHosts.clawpair, "sim", "--bind", gw1, "--port", "\(Self.simPort)", "--admin-port", "\(Self.adminPort)",
            "--auto-approve", "--tick-interval-ms", "500", "--home", base + "-sim",
        ])
        try hosts.waitLog("gw1", "sim", "\"ready\":true", seconds: 20)
        let script = """
            import sys, urllib.request
            request = urllib.request.Request(sys.argv[1], data=b"{}", method="POST", headers={"Content-Type": "application/json"})
            print(urllib.request.urlopen(request, timeout=10).read().decode())
            """
        let minted = try hosts.exec("gw1", ["python3", "-c", script, "http://127.0.0.1:\(Self.adminPort)/setup-code"], allowFailure: false)
        let code = try #require(try JSONParser.parse(minted.stdout)["setupCode"]?.stringValue)
        let paired = try hosts.exec("client", [LabHosts.clawpair, "pair", code, "--json", "--home", home])
        #expect(paired.status == 0, "\(paired.stderr)")
        let id = try #require(try JSONParser.parse(paired.stdout)["id"]?.stringValue)
        try hosts.spawn("client", "daemon", [LabHosts.clawpair, "daemon", "--foreground", "--home", home])
        try hosts.waitLog("client", "daemon", "ready", seconds: 20)

        /// `status --json` on the client until the operator session's state is `state`.
        func waitFor(_ state: String, seconds: Double = 30) throws -> JSONValue {
            let deadline = Date().addingTimeInterval(seconds)
            var last = ""
            while Date() < deadline {
                let run = try hosts.exec("client", [LabHosts.clawpair, "status", "--json", "--home", home])
                last = run.stdout + run.stderr
                if case .array(let gateways)? = try? JSONParser.parse(run.stdout),
                    let session = DaemonProcess.session(gateways, id, "operator"), session["state"] == .string(state)
                {
                    return session
                }
                usleep(50_000)
            }
            throw LabHosts.Failure(description: "the operator session never became \(state): \(last)")
        }
        let connected = try waitFor("connected")
        #expect(connected["route"] == .string("ws://\(gw1):\(Self.simPort)"))

        // Partition: nothing reaches gw1 from the client any more.
        try hosts.exec("client", ["ip", "route", "add", "blackhole", "\(gw1)/32"], allowFailure: false)
        let down = try waitFor("backoff")
        #expect(down["lastError"] != .null)
        #expect(try hosts.log("client", "daemon").contains("GATEWAY_TICK_TIMEOUT"))
        // Healed: the session comes back on its own.
        try hosts.exec("client", ["ip", "route", "del", "blackhole", "\(gw1)/32"], allowFailure: false)
        _ = try waitFor("connected", seconds: 60)
    }
}
