import Foundation
import Testing
import ClawPairKit

/// `clawpair pair` across lab hosts, as a user on the LAN would do it: `clawpair sim` on host
/// `gw1` advertises over mDNS (real avahi inside the hosts), `clawpair browse` on `client`
/// finds it, and the setup code's first route is dead (10.99.0.0/24, blackholed by the router
/// `gw2`, so its SYNs vanish) while the next is the sim's `lanHost` `.local` name, resolved by
/// nss-mdns in the client host. The sim's admin endpoint is on 127.0.0.1 inside `gw1`, so it is
/// reached from there (Python's urllib: python3 is among the test packages, curl is not).
@Suite(.serialized) struct PairLabTests {
    static let simPort = 18789
    static let adminPort = 18790

    struct Lab {
        let hosts: LabHosts
        let home: String
        let simHome: String

        /// One admin request made inside gw1; the JSON answer.
        @discardableResult
        func admin(_ method: String, _ path: String, body: String = "") throws -> JSONValue {
            let script = """
                import sys, urllib.request
                method, url, body = sys.argv[1], sys.argv[2], sys.argv[3]
                headers = {"Content-Type": "application/json"} if method == "POST" else {}
                request = urllib.request.Request(url, data=body.encode() if method == "POST" else None, method=method, headers=headers)
                print(urllib.request.urlopen(request, timeout=10).read().decode())
                """
            let result = try hosts.exec("gw1", ["python3", "-c", script, method, "http://127.0.0.1:\(PairLabTests.adminPort)\(path)", body], allowFailure: false)
            return try JSONParser.parse(result.stdout)
        }

        /// `clawpair ARGS… --home HOME` on the client host.
        func clawpair(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
            try hosts.exec("client", [LabHosts.clawpair] + arguments + ["--home", home])
        }

        func registry() throws -> GatewayRegistry { try GatewayRegistry(stateDirectory: StateDirectory(path: home, source: .option)) }
    }

    /// gw1 runs the sim (mDNS), gw2 routes and blackholes 10.99.0.0/24, client pairs.
    private func makeLab(simArguments: [String]) throws -> Lab {
        let hosts = try LabHosts(hosts: ["gw1", "gw2", "client"])
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-pairlab-\(UUID().uuidString)").path
        let lab = Lab(hosts: hosts, home: base + "-client", simHome: base + "-sim")
        do {
            let router = try hosts.address("gw2")
            try hosts.exec("gw2", ["sh", "-c", "echo 1 > /proc/sys/net/ipv4/ip_forward"], allowFailure: false)
            try hosts.exec("gw2", ["ip", "route", "add", "blackhole", "10.99.0.0/24"], allowFailure: false)
            try hosts.exec("client", ["ip", "route", "add", "10.99.0.0/24", "via", router], allowFailure: false)
            try hosts.spawn("gw1", "sim", [
                LabHosts.clawpair, "sim", "--advertise", "mdns", "--name", "Lab Sim", "--port", "\(Self.simPort)",
                "--admin-port", "\(Self.adminPort)", "--home", lab.simHome,
            ] + simArguments)
            try hosts.waitLog("gw1", "sim", "\"ready\":true", seconds: 20)
            return lab
        } catch {
            tearDown(lab)
            throw error
        }
    }

    private func tearDown(_ lab: Lab) {
        _ = try? lab.hosts.kill("gw1", "sim")
        lab.hosts.down()
        try? FileManager.default.removeItem(atPath: lab.home)
        try? FileManager.default.removeItem(atPath: lab.simHome)
    }

    /// `clawpair browse --json` on the client until the sim shows (avahi announces after
    /// probing, about a second; hang guard 20 tries); the sim's entry.
    private func discover(_ lab: Lab) throws -> JSONValue {
        var last = ""
        for _ in 0..<20 {
            let browse = try lab.hosts.exec("client", [LabHosts.clawpair, "browse", "--json"])
            last = browse.stdout + browse.stderr
            if case .array(let found)? = try? JSONParser.parse(browse.stdout), let sim = found.first(where: { $0["displayName"] == "Lab Sim" }) {
                return sim
            }
            usleep(200_000)
        }
        throw LabHosts.Failure(description: "browse never found the sim: \(last)")
    }

    private func tokens(_ lab: Lab) throws -> [String] {
        let registry = try lab.registry()
        return try registry.list().flatMap { try registry.record($0.entry.id)?.deviceTokens.map(\.token.revealed) ?? [] }
    }

    @Test func pairsWithAnMDNSDiscoveredSimPastADeadFirstRouteAfterApproval() throws {
        if let reason = LabHosts.unavailableReason {
            Issue.record(Comment(rawValue: reason))
            return
        }
        let lab = try makeLab(simArguments: [])
        defer { tearDown(lab) }
        let gw1 = try lab.hosts.address("gw1")

        // What the user sees on the LAN: the sim's TXT keys, its port, its .local name.
        let found = try discover(lab)
        #expect(found["port"] == .integer(Int64(Self.simPort)))
        #expect(found["tls"] == .bool(false))
        #expect(found["addresses"]?.containsString(gw1) == true)
        #expect(found["txt"]?["role"] == "gateway")
        #expect(found["txt"]?["transport"] == "gateway")
        #expect(found["txt"]?["gatewayPort"] == .string("\(Self.simPort)"))
        let lanHost = try #require(found["lanHost"]?.stringValue)
        #expect(lanHost == "gw1.local")
        // nss-mdns in the client host resolves it (through the host's own avahi).
        let resolved = try lab.hosts.exec("client", ["getent", "ahostsv4", lanHost])
        #expect(resolved.stdout.contains(gw1), "getent: \(resolved.stdout) \(resolved.stderr)")

        // A setup code whose first route is blackholed, then the discovered name.
        let dead = "ws://10.99.0.1:\(Self.simPort)"
        let live = "ws://\(lanHost):\(Self.simPort)"
        let code = try lab.admin("POST", "/setup-code", body: #"{"urls":["\#(dead)","\#(live)"]}"#)
        let setupCode = try #require(code["setupCode"]?.stringValue)
        let bootstrap = try #require(code["bootstrapToken"]?.stringValue)

        // Pair in the background on the client; approve inside gw1 once the request shows.
        let pairing = try GatewaysProcess([
            LabHosts.harness, "exec", lab.hosts.name, "client", "--", LabHosts.clawpair, "pair", setupCode, "--json", "--wait", "90",
            "--name", "studio", "--home", lab.home,
        ])
        var requestId: String?
        let deadline = Date().addingTimeInterval(60)  // hang guard
        while requestId == nil, Date() < deadline {
            if case .array(let pending) = try lab.admin("GET", "/pending") { requestId = pending.first?["requestId"]?.stringValue }
            if requestId == nil { usleep(100_000) }
        }
        let id = try #require(requestId, "no pending request; pair said: \(pairing.stderr)")
        #expect(pairing.waitForStderr("openclaw devices approve \(id)"))
        // Nothing is stored while the request waits.
        #expect(try lab.registry().list().isEmpty)
        try lab.admin("POST", "/approve/\(id)")
        #expect(pairing.wait() == 0, "\(pairing.stderr)")
        let json = try JSONParser.parse(pairing.stdout)
        #expect(json["route"]?.stringValue == live)
        #expect(json["name"]?.stringValue == "studio")
        #expect(json["requestIds"] == .array([.string(id)]))
        // Plaintext to a LAN name: a limited code (spec), trusted as plaintext-local.
        #expect(json["access"]?.stringValue == "limited")
        #expect(json["trust"]?.stringValue == "plaintext-local")

        // The registry: one entry, both device tokens, the proven route, no bootstrap token.
        let registry = try lab.registry()
        let entries = try registry.list()
        #expect(entries.count == 1)
        let first = try #require(entries.first)
        let record = try #require(try registry.record(first.entry.id))
        #expect(record.entry.provenRoute == live)
        #expect(record.entry.name == "studio")
        #expect(record.deviceToken(role: "node") != nil)
        #expect(record.deviceToken(role: "operator")?.scopes.contains("operator.write") == true)
        #expect(record.credentials.bootstrapToken == nil)
        #expect(try registry.consistencyProblems().isEmpty)

        // `probe NAME` from the client reaches the gateway stage over the proven route.
        let probe = try lab.clawpair(["probe", "studio", "--json"])
        #expect(probe.status == 0, "\(probe.stdout) \(probe.stderr)")
        let report = try JSONParser.parse(probe.stdout)
        #expect(report["verdict"]?["ok"] == .bool(true))
        #expect(report["verdict"]?["layer"]?.stringValue == "gateway")
        #expect(report["verdict"]?["route"]?.stringValue == live)

        let secrets = try tokens(lab) + [bootstrap]
        #expect(secrets.count == 3)
        for output in [pairing.stdout, pairing.stderr, probe.stdout, probe.stderr] {
            for secret in secrets { #expect(!output.contains(secret), "a secret leaked into output") }
        }
    }

    /// wss across hosts: the sim's setup code carries its fingerprint (the pin), which the
    /// client holds against the certificate before sending credentials; auto-approved.
    /// `clawpair probe NAME` then holds the stored pin too.
    @Test func wssWithTheSetupCodePinAcrossHosts() throws {
        if let reason = LabHosts.unavailableReason {
            Issue.record(Comment(rawValue: reason))
            return
        }
        let lab = try makeLab(simArguments: ["--tls", "--auto-approve"])
        defer { tearDown(lab) }
        let found = try discover(lab)
        #expect(found["tls"] == .bool(true))
        let advertised = try #require(found["tlsFingerprint"]?.stringValue)
        let lanHost = try #require(found["lanHost"]?.stringValue)
        let dead = "wss://10.99.0.1:\(Self.simPort)"
        let live = "wss://\(lanHost):\(Self.simPort)"

        // The code's pin covers its primary route only (spec/setup-codes.md): behind a dead
        // primary, the .local fallback's self-signed certificate is untrusted (exit 5), and
        // nothing reaches the gateway or the registry.
        let fallback = try lab.admin("POST", "/setup-code", body: #"{"urls":["\#(dead)","\#(live)"],"fingerprint":true}"#)
        let refused = try lab.clawpair(["pair", try #require(fallback["setupCode"]?.stringValue), "--json"])
        #expect(refused.status == 5, "\(refused.stdout) \(refused.stderr)")
        #expect(try JSONParser.parse(refused.stdout)["error"]?["code"]?.stringValue == "TLS_UNTRUSTED")
        if case .array(let attempts) = try lab.admin("GET", "/attempts") {
            #expect(!attempts.contains { $0["sentConnect"] == .bool(true) })
        }
        #expect(try lab.registry().list().isEmpty)

        // With the .local name as the primary route, the pin holds across hosts.
        let code = try lab.admin("POST", "/setup-code", body: #"{"urls":["\#(live)","\#(dead)"],"fingerprint":true}"#)
        let setupCode = try #require(code["setupCode"]?.stringValue)
        let paired = try lab.clawpair(["pair", setupCode, "--json", "--name", "secure"])
        #expect(paired.status == 0, "\(paired.stdout) \(paired.stderr)")
        let json = try JSONParser.parse(paired.stdout)
        #expect(json["route"]?.stringValue == live)
        #expect(json["trust"]?.stringValue == "pinned")
        #expect(json["pinned"] == .bool(true))
        // The pin from the setup code is the certificate the sim advertises over mDNS.
        #expect(json["fingerprint"]?.stringValue == advertised)
        #expect(json["access"]?.stringValue == "full")

        let registry = try lab.registry()
        let entry = try #require(try registry.list().first)
        let record = try #require(try registry.record(entry.entry.id))
        #expect(record.pin?.hex == advertised)
        #expect(record.entry.provenRoute == live)
        #expect(record.deviceTokens.count == 2)

        let probe = try lab.clawpair(["probe", "secure", "--json"])
        #expect(probe.status == 0, "\(probe.stdout) \(probe.stderr)")
        let report = try JSONParser.parse(probe.stdout)
        #expect(report["verdict"]?["layer"]?.stringValue == "gateway")
        #expect(report["verdict"]?["route"]?.stringValue == live)
    }
}
