import ClawPairTestSupport
import Foundation
import Testing
import ClawPairKit

/// `clawpair sim` as a process: the ready line, SIGTERM, usage errors; and on lab hosts, its
/// mDNS registration seen by avahi-browse and its zone file served by dnsmasq and browsed by
/// `clawpair browse --backend unicast`.
@Suite(.serialized) struct SimCommandTests {
    /// The real binary in the background, its stdout in a file; ended by its own pid.
    final class SimProcess {
        let pid: pid_t
        let outputPath: String

        init(_ arguments: [String]) throws {
            outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("sim-\(UUID().uuidString).out").path
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            let argv = ([LabHosts.clawpair, "sim"] + arguments).map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid: pid_t = 0
            let spawned = withCleanSpawnAttributes { posix_spawn(&pid, LabHosts.clawpair, &actions, $0, argv, environ) }
            guard spawned == 0 else { throw LabHosts.Failure(description: "cannot run clawpair: \(spawned)") }
            self.pid = pid
        }

        /// The ready line, waiting for it (hang guard: 20 s).
        func ready() throws -> JSONValue {
            let deadline = ContinuousClock.now + .seconds(20)
            while ContinuousClock.now < deadline {
                if let text = try? String(contentsOfFile: outputPath, encoding: .utf8), let line = text.split(separator: "\n").first {
                    return try JSONParser.parse(String(line))
                }
                usleep(20_000)
            }
            throw LabHosts.Failure(description: "no ready line")
        }

        /// Sends `signal` and returns the exit status (128 + n when killed by a signal).
        func terminate(_ signal: Int32 = SIGTERM) -> Int32 {
            kill(pid, signal)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            unlink(outputPath)
            return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        }
    }

    @Test func printsTheReadyLineAndExitsZeroOnSIGTERM() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-sim-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let sim = try SimProcess(["--home", home])
        let ready = try sim.ready()
        guard case .object(let members) = ready else { Issue.record("not an object: \(ready)"); return }
        #expect(members.map(\.0) == ["ready", "url", "adminUrl", "setupCode", "tlsFingerprint"])
        #expect(ready["ready"] == true)
        #expect(ready["tlsFingerprint"] == .null)
        let url = try #require(ready["url"]?.stringValue)
        #expect(url.hasPrefix("ws://127.0.0.1:"))
        #expect(ready["adminUrl"]?.stringValue?.hasPrefix("http://127.0.0.1:") == true)
        let code = try SetupCodeReader.read(try #require(ready["setupCode"]?.stringValue), nowMs: WallClock.nowMs())
        #expect(code.primary.url == url)
        if case .bootstrapToken = code.auth {} else { Issue.record("no bootstrap token in \(code.auth)") }
        let expires = try #require(code.expiresAtMs)
        #expect(expires > WallClock.nowMs() && expires <= WallClock.nowMs() + 10 * 60 * 1000)
        #expect(sim.terminate() == 0)
    }

    @Test func readyLineCarriesTheFingerprintWithTLS() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-sim-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let sim = try SimProcess(["--home", home, "--tls", "--json"])
        let ready = try sim.ready()
        #expect(sim.terminate(SIGINT) == 0)
        let fingerprint = try #require(ready["tlsFingerprint"]?.stringValue)
        #expect(fingerprint.count == 64)
        let code = try SetupCodeReader.read(try #require(ready["setupCode"]?.stringValue), nowMs: WallClock.nowMs())
        #expect(code.tlsFingerprint == fingerprint)
        #expect(code.primary.tls)
    }

    @Test func refusesBadFlags() throws {
        for arguments in [["--advertise", "bonjour"], ["--port", "70000"], ["--bind", "nowhere"], ["--tick-interval-ms", "1"]] {
            let result = try LabHosts.run([LabHosts.clawpair, "sim"] + arguments, allowFailure: true)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
        }
        // The whois test hook must parse: a usage error, not a sim that silently knows nobody.
        let whois = try LabHosts.run(
            ["/usr/bin/env", "CLAWPAIR_SIM_TAILSCALE_WHOIS=100.64.0.7", LabHosts.clawpair, "sim", "--allow-tailscale"],
            allowFailure: true)
        #expect(whois.status == 2, "\(whois.stderr)")
        #expect(whois.stderr.contains("ADDR=LOGIN"))
        let help = try LabHosts.run([LabHosts.clawpair, "sim", "--help"])
        #expect(help.stdout.contains("/fault/NAME"))
        #expect(help.stdout.contains("--allow-tailscale") && help.stdout.contains("CLAWPAIR_SIM_TAILSCALE_WHOIS"))
    }

    /// The sim on a lab host: avahi-browse on another host sees its registration with a real
    /// gateway's TXT keys; its zone file, served by dnsmasq, is found by `clawpair browse`.
    @Test func advertisesOverMDNSAndWritesAZoneDnsmasqServes() throws {
        if let reason = LabHosts.unavailableReason {
            Issue.record(Comment(rawValue: reason))
            return
        }
        let lab = try LabHosts(hosts: ["gw", "client"])
        defer { lab.down() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-sim-\(UUID().uuidString)").path
        let zone = home + ".zone"
        defer {
            try? FileManager.default.removeItem(atPath: home)
            try? FileManager.default.removeItem(atPath: zone)
        }
        let clawpair = LabHosts.clawpair
        try lab.spawn("gw", "sim", [
            clawpair, "sim", "--advertise", "mdns", "--tls", "--name", "Lab Sim", "--port", "18789", "--home", home, "--zone", zone,
        ])
        try lab.waitLog("gw", "sim", "\"ready\":true", seconds: 20)
        let readyLine = try #require(try lab.log("gw", "sim").split(separator: "\n").first { $0.hasPrefix("{\"ready\"") })
        let ready = try JSONParser.parse(String(readyLine))
        let fingerprint = try #require(ready["tlsFingerprint"]?.stringValue)
        let gwAddress = try lab.address("gw")
        #expect(ready["url"] == .string("wss://\(gwAddress):18789"))

        // avahi-browse (inside the client host) resolves the service with its TXT keys; -p
        // writes names with \DDD escapes. The registration is announced after avahi's probing
        // (about a second): browse again until it shows (hang guard: 20 tries).
        var browsed = (status: Int32(0), stdout: "", stderr: "")
        var resolved: [Substring] = []
        for _ in 0..<20 where resolved.isEmpty {
            browsed = try lab.exec("client", ["avahi-browse", "-rtp", "_openclaw-gw._tcp"])
            resolved = browsed.stdout.split(separator: "\n").filter { $0.hasPrefix("=") && $0.contains(#"Lab\032Sim\032\040OpenClaw\041"#) }
        }
        #expect(!resolved.isEmpty, "avahi-browse saw: \(browsed.stdout)")
        for key in ["\"role=gateway\"", "\"transport=gateway\"", "\"gatewayPort=18789\"", "\"displayName=Lab Sim\"",
            "\"gatewayTls=1\"", "\"gatewayTlsSha256=\(fingerprint)\"", "\"lanHost="]
        {
            #expect(resolved.contains { $0.contains(key) }, "no \(key) in \(resolved)")
        }

        // The zone the sim wrote, served by dnsmasq, browsed by unicast DNS-SD.
        let zoneText = try String(contentsOfFile: zone, encoding: .utf8)
        try lab.serveZone("gw", origin: "openclaw.internal.", zone: zoneText)
        let unicast = try lab.exec("client", [
            clawpair, "browse", "--json", "--backend", "unicast", "--domain", "openclaw.internal", "--dns", gwAddress,
        ])
        #expect(unicast.status == 0, "\(unicast.stderr)")
        guard case .array(let found) = try JSONParser.parse(unicast.stdout) else { Issue.record(Comment(rawValue: unicast.stdout)); return }
        #expect(found.count == 1)
        #expect(found.first?["displayName"] == "Lab Sim")
        #expect(found.first?["port"] == 18789)
        #expect(found.first?["tls"] == true)
        #expect(found.first?["tlsFingerprint"] == .string(fingerprint))
        #expect(found.first?["addresses"]?.containsString(gwAddress) == true)

        // And clawpair's own mDNS browse on the client finds the same sim.
        let mdns = try lab.exec("client", [clawpair, "browse", "--json", "--require"])
        #expect(mdns.status == 0, "\(mdns.stderr)")
        #expect(mdns.stdout.contains("Lab Sim (OpenClaw)"))
        try lab.kill("gw", "sim")
    }
}
