import Foundation
import Testing
import ClawPairKit
import ClawPairTestSupport

/// `clawpair probe` on lab hosts with the real binary: `gw1` is a router that silently drops
/// 10.99.0.0/24 (a blackhole route behind IP forwarding, so the client's SYNs vanish), `gw2`
/// runs the independent Python WebSocket gateway stand-in, `client` probes. Each case asserts
/// the verdict's layer and code, the routes' statuses and the exit status; none a duration.
@Suite(.serialized) struct ProbeIntegrationTests {
    static let fixture = LabHosts.packageRoot.appendingPathComponent("Tests/ClawPairKitTests/Fixtures/websocket-server.py").path
    static let gatewayPort = 18789

    /// The interpreter the stand-in runs on (``TestPython``: `.build/venv`, with `websockets`).
    static func python() throws -> String {
        guard let python = TestPython.interpreter else {
            throw LabHosts.Failure(description: "websocket-server.py needs python3 with `websockets`: \(TestPython.installHint)")
        }
        return python
    }

    struct Lab {
        let hosts: LabHosts
        let router: String
        let gateway: String
    }

    /// Builds the lab; the caller takes it down.
    private func makeLab() throws -> Lab {
        let lab = try LabHosts(hosts: ["gw1", "gw2", "client"])
        do {
            let router = try lab.address("gw1")
            let gateway = try lab.address("gw2")
            // /proc, not sysctl(8): procps is not among the test packages.
            try lab.exec("gw1", ["sh", "-c", "echo 1 > /proc/sys/net/ipv4/ip_forward"], allowFailure: false)
            try lab.exec("gw1", ["ip", "route", "add", "blackhole", "10.99.0.0/24"], allowFailure: false)
            try lab.exec("client", ["ip", "route", "add", "10.99.0.0/24", "via", router], allowFailure: false)
            try lab.spawn("gw2", "ws", [try Self.python(), Self.fixture, "challenge", "--host", gateway, "--port", "\(Self.gatewayPort)", "--lifetime", "300"])
            try lab.waitLog("gw2", "ws", "^PORT ")
            return Lab(hosts: lab, router: router, gateway: gateway)
        } catch {
            lab.down()
            throw error
        }
    }

    private func probe(_ lab: Lab, _ arguments: [String], environment: [String] = []) throws -> (status: Int32, json: JSONValue, stdout: String) {
        let command = (environment.isEmpty ? [] : ["env"] + environment) + [LabHosts.clawpair, "probe", "--json"] + arguments
        let result = try lab.hosts.exec("client", command)
        let json = try JSONParser.parse(result.stdout)
        return (result.status, json, result.stdout)
    }

    private func okStatuses(_ json: JSONValue) -> [JSONValue] {
        guard case .array(let routes)? = json["routes"] else { return [] }
        return routes.map { $0["ok"] ?? .null }
    }

    private func codes(_ json: JSONValue) -> [JSONValue] {
        guard case .array(let routes)? = json["routes"] else { return [] }
        return routes.map { $0["failure"]?["code"] ?? .null }
    }

    @Test func diagnosesDeadAndLiveRoutes() throws {
        if let reason = LabHosts.unavailableReason {
            Issue.record(Comment(rawValue: reason))
            return
        }
        let lab = try makeLab()
        defer { lab.hosts.down() }
        let live = "ws://\(lab.gateway):\(Self.gatewayPort)"

        // Packets dropped on the way: TCP_TIMEOUT.
        let dropped = try probe(lab, ["10.99.0.1:\(Self.gatewayPort)", "--timeout", "1"])
        #expect(dropped.status == 4)
        #expect(dropped.json["verdict"]?["layer"] == "tcp")
        #expect(dropped.json["verdict"]?["code"] == "TCP_TIMEOUT")
        // No scheme: wss:// then ws:// (a LAN address may use plaintext), both dropped.
        #expect(okStatuses(dropped.json) == [false, false])

        // Nothing listens: TCP_REFUSED, with the gateway.bind remedy.
        let refused = try probe(lab, ["\(lab.gateway):1"])
        #expect(refused.status == 4)
        #expect(refused.json["verdict"]?["layer"] == "tcp")
        #expect(refused.json["verdict"]?["code"] == "TCP_REFUSED")
        #expect(refused.json["verdict"]?["remedy"]?.stringValue?.contains("gateway.bind") == true)

        // No route to that network from the client: TCP_UNREACHABLE.
        let unreachable = try probe(lab, ["172.16.5.5:\(Self.gatewayPort)"])
        #expect(unreachable.status == 4)
        #expect(unreachable.json["verdict"]?["layer"] == "tcp")
        #expect(unreachable.json["verdict"]?["code"] == "TCP_UNREACHABLE")

        // The live gateway directly.
        let direct = try probe(lab, [live])
        #expect(direct.status == 0)
        #expect(direct.json["verdict"]?["ok"] == true)
        #expect(direct.json["verdict"]?["layer"] == "gateway")

        // A setup code whose first two routes are dropped and third refused: the fourth
        // wins; the dropped ones are still pending (their 30 s bound is far away), no
        // failure claimed for them. The bootstrap token never appears.
        let code = """
            {"url":"ws://10.99.0.1:\(Self.gatewayPort)","urls":["ws://10.99.0.2:\(Self.gatewayPort)","ws://\(lab.router):1","\(live)"],\
            "bootstrapToken":"probe-test-secret"}
            """
        let setup = Base64URL.encode(Array(code.utf8))
        let first = try probe(lab, [setup, "--timeout", "30"])
        #expect(first.status == 0)
        #expect(first.json["verdict"]?["ok"] == true)
        #expect(first.json["verdict"]?["layer"] == "gateway")
        #expect(first.json["verdict"]?["code"] == .null)
        #expect(first.json["verdict"]?["route"]?.stringValue == live)
        #expect(okStatuses(first.json) == [.null, .null, false, true])
        #expect(codes(first.json) == [.null, .null, "TCP_REFUSED", .null])
        guard case .array(let routes)? = first.json["routes"], case .array(let pendingStages)? = routes[0]["stages"] else {
            Issue.record("no routes")
            return
        }
        #expect(pendingStages.last?["layer"] == "tcp")
        #expect(pendingStages.last?["ok"] == .null)
        #expect(pendingStages.last?["detail"]?["state"] == "pending")
        #expect(!first.stdout.contains("probe-test-secret"))

        // --all: every route finished, each with its own failure.
        let all = try probe(lab, [setup, "--all", "--timeout", "1"])
        #expect(all.status == 0)
        #expect(all.json["verdict"]?["route"]?.stringValue == live)
        #expect(okStatuses(all.json) == [false, false, false, true])
        #expect(codes(all.json) == ["TCP_TIMEOUT", "TCP_TIMEOUT", "TCP_REFUSED", .null])

        // Only dead routes: the verdict is the first route's (a tie at tcp), exit 4; the
        // human report ends with a verdict and a remedy.
        let deadCode = Base64URL.encode(Array(#"{"url":"ws://10.99.0.1:\#(Self.gatewayPort)","urls":["ws://\#(lab.router):1"],"bootstrapToken":"x-secret"}"#.utf8))
        let dead = try probe(lab, [deadCode, "--timeout", "1"])
        #expect(dead.status == 4)
        #expect(dead.json["verdict"]?["layer"] == "tcp")
        #expect(dead.json["verdict"]?["code"] == "TCP_TIMEOUT")
        #expect(okStatuses(dead.json) == [false, false])
        let text = try lab.hosts.exec("client", [LabHosts.clawpair, "probe", deadCode, "--timeout", "1"])
        #expect(text.status == 4)
        #expect(text.stdout.contains("verdict: TCP_TIMEOUT at tcp"))
        #expect(text.stdout.contains("remedy: "))
        #expect(!text.stdout.contains("x-secret"))
        #expect(text.stderr.isEmpty, "progress only on a terminal: \(text.stderr)")

        // An instance name, found by mDNS (the lab hosts' avahi-daemons): its LAN addresses
        // are the routes; the IPv4 one reaches the gateway.
        try lab.hosts.spawn("gw2", "pub", ["avahi-publish", "-s", "Probe GW (OpenClaw)", "_openclaw-gw._tcp", "\(Self.gatewayPort)", "role=gateway"])
        try lab.hosts.waitLog("gw2", "pub", "Established")
        let named = try probe(lab, ["probe gw  (openclaw)"])
        #expect(named.status == 0, "\(named.stdout)")
        #expect(named.json["target"] == "probe gw  (openclaw)")
        #expect(named.json["verdict"]?["route"]?.stringValue == live)
        guard case .array(let namedRoutes)? = named.json["routes"] else { Issue.record("no routes"); return }
        #expect(namedRoutes.allSatisfy { $0["source"] == "discovery" })
        #expect(try lab.hosts.exec("client", [LabHosts.clawpair, "probe", "Nobody Here"]).status == 1)

        // Plaintext to a public host is refused before any packet: exit 5.
        let plaintext = try probe(lab, ["ws://gateway.example.com:18789"])
        #expect(plaintext.status == 5)
        #expect(plaintext.json["verdict"]?["code"] == "PLAINTEXT_NOT_ALLOWED")

        // Undecodable target: exit 3, error JSON.
        let bad = try probe(lab, ["wss://user:pw@gw.example.com"])
        #expect(bad.status == 3)
        #expect(bad.json["error"]?["code"] == "PROBE_TARGET_INVALID")

        // A nameserver whose packets are dropped, with glibc's default patience (5 s, twice):
        // the dns stage ends at --timeout with DNS_TIMEOUT in clawpair's own words (glibc's
        // EAI_AGAIN would say "Temporary failure in name resolution"), exit 4.
        try lab.hosts.exec("client", [
            "sh", "-c", "printf 'nameserver 10.99.0.53\\noptions timeout:5 attempts:2\\n' > /etc/resolv.conf",
        ], allowFailure: false)
        let silent = try probe(lab, ["wss://gw.example.test:18789", "--timeout", "1"])
        #expect(silent.status == 4)
        #expect(silent.json["verdict"]?["layer"] == "dns")
        #expect(silent.json["verdict"]?["code"] == "DNS_TIMEOUT")
        #expect(silent.json["verdict"]?["message"]?.stringValue?.contains("did not answer within 1 s") == true, "\(silent.stdout)")
    }

    /// A gateway certificate from a private CA, trusted through SSL_CERT_FILE.
    @Test func trustsATestCAThroughSSLCertFile() throws {
        if let reason = LabHosts.unavailableReason {
            Issue.record(Comment(rawValue: reason))
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-probe-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = """
            set -e
            cd "$1"
            openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 -subj "/CN=probe test CA" \
                -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
            openssl req -new -newkey rsa:2048 -nodes -keyout leaf.key -out leaf.csr -subj /CN=gateway.test 2>/dev/null
            printf 'subjectAltName=DNS:gateway.test\\n' > leaf.ext
            openssl x509 -req -in leaf.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile leaf.ext -out leaf.pem 2>/dev/null
            """
        try LabHosts.run(["/bin/sh", "-c", script, "sh", directory])

        let lab = try makeLab()
        defer { lab.hosts.down() }
        let port = 18790
        try lab.hosts.spawn("gw2", "wss", [
            try Self.python(), Self.fixture, "challenge", "\(directory)/leaf.pem", "\(directory)/leaf.key", "--host", lab.gateway, "--port", "\(port)",
        ])
        try lab.hosts.waitLog("gw2", "wss", "^PORT ")
        let resolve = "CLAWPAIR_RESOLVE=gateway.test:\(port):\(lab.gateway)"

        let trusted = try probe(lab, ["wss://gateway.test:\(port)"], environment: [resolve, "SSL_CERT_FILE=\(directory)/ca.pem"])
        #expect(trusted.status == 0, "\(trusted.stdout)")
        #expect(trusted.json["verdict"]?["layer"] == "gateway")
        guard case .array(let routes)? = trusted.json["routes"], case .array(let stages)? = routes[0]["stages"] else {
            Issue.record("no stages")
            return
        }
        let tls = stages.first { $0["layer"] == "tls" }
        #expect(tls?["ok"] == true)
        #expect(tls?["detail"]?["systemTrusted"] == true)
        #expect(tls?["detail"]?["subject"]?.stringValue?.contains("gateway.test") == true)

        // Without the CA: untrusted, exit 5, the fingerprint to verify in the remedy.
        let untrusted = try probe(lab, ["wss://gateway.test:\(port)"], environment: [resolve, "SSL_CERT_FILE=/dev/null"])
        #expect(untrusted.status == 5)
        #expect(untrusted.json["verdict"]?["layer"] == "tls")
        #expect(untrusted.json["verdict"]?["code"] == "TLS_UNTRUSTED")

        // A wrong pin wins over system trust: TLS_PIN_MISMATCH, exit 5.
        let pinned = try probe(
            lab, ["wss://gateway.test:\(port)", "--fingerprint", String(repeating: "ab", count: 32)],
            environment: [resolve, "SSL_CERT_FILE=\(directory)/ca.pem"])
        #expect(pinned.status == 5)
        #expect(pinned.json["verdict"]?["code"] == "TLS_PIN_MISMATCH")
        #expect(pinned.json["verdict"]?["remedy"]?.stringValue?.contains("expected " + String(repeating: "ab", count: 32)) == true)
    }
}
