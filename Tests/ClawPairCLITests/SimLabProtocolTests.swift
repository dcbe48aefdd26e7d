import ClawPairKit
import Foundation
import Testing

/// The gateway protocol across hosts: `clawpair sim` on lab host `gw`, the real `clawpair`
/// on lab host `client` (separate network namespaces, a real switch between them), the
/// operator's side played with curl against the sim's loopback admin endpoint inside `gw`.
/// Covers the protocol outcomes `clawpair pair` can reach: pending → approve → hello-ok with
/// node and operator device tokens and the operator session opened with the device token;
/// rejection; an expired pairing request (`PAIRING_EXPIRED`); a reused bootstrap token; and
/// `wss` pinned by the setup code's fingerprint, then a re-pair and a probe by name.
@Suite(.serialized) struct SimLabProtocolTests {
    /// `clawpair sim` running in a lab host, reached by its ready line and admin endpoint.
    struct LabSim {
        let lab: LabHosts
        let host: String
        let ready: JSONValue
        var url: String { ready["url"]?.stringValue ?? "" }
        var adminURL: String { ready["adminUrl"]?.stringValue ?? "" }
        var setupCode: String { ready["setupCode"]?.stringValue ?? "" }

        init(_ lab: LabHosts, host: String, label: String, arguments: [String]) throws {
            self.lab = lab
            self.host = host
            try lab.spawn(host, label, [LabHosts.clawpair, "sim"] + arguments)
            try lab.waitLog(host, label, "\"ready\":true", seconds: 20)
            let line = try #require(try lab.log(host, label).split(separator: "\n").first { $0.hasPrefix("{\"ready\"") })
            ready = try JSONParser.parse(String(line))
        }

        /// One admin request from inside the sim's host (curl); the JSON answer.
        @discardableResult
        func admin(_ method: String, _ path: String, body: String = "") throws -> JSONValue {
            var command = ["curl", "-sS", "-X", method, adminURL + path]
            if method == "POST" { command += ["-H", "Content-Type: application/json"] }
            if !body.isEmpty { command += ["-d", body] }
            let result = try lab.exec(host, command, allowFailure: false)
            return try JSONParser.parse(result.stdout)
        }

        /// A fresh setup code minted by the admin endpoint.
        func mintSetupCode(_ body: String = "") throws -> String {
            try #require(try admin("POST", "/setup-code", body: body)["setupCode"]?.stringValue)
        }

        /// Polls `/pending` until a request other than `known` shows up (hang guard 30 s).
        func waitForPending(excluding known: Set<String> = []) throws -> String {
            let deadline = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < deadline {
                if case .array(let list) = try admin("GET", "/pending") {
                    if let id = list.compactMap({ $0["requestId"]?.stringValue }).first(where: { !known.contains($0) }) { return id }
                }
                usleep(50_000)
            }
            throw LabHosts.Failure(description: "no pending request")
        }

        /// `/attempts`, oldest first.
        func attempts() throws -> [JSONValue] {
            guard case .array(let list) = try admin("GET", "/attempts") else { return [] }
            return list
        }
    }

    /// `clawpair pair` running in the background in a lab host: stdout to a file, exit status
    /// appended to the host's log as `exit=N` (the harness keeps that log).
    struct LabPair {
        let lab: LabHosts
        let host: String
        let label: String
        let outputPath: String

        init(_ lab: LabHosts, host: String, label: String, code: String, home: String, extra: [String] = []) throws {
            self.lab = lab
            self.host = host
            self.label = label
            outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("lab-pair-\(UUID().uuidString).json").path
            // Positional parameters, so nothing is re-parsed by the shell.
            let script = #"out=$1; shift; "$@" >"$out"; echo "exit=$?""#
            try lab.spawn(
                host, label,
                ["sh", "-c", script, "sh", outputPath, LabHosts.clawpair, "pair", code, "--json", "--wait", "60", "--home", home] + extra)
        }

        /// Waits for `text` in the command's stderr (hang guard 30 s).
        func waitForLog(_ text: String) throws {
            let deadline = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < deadline {
                if (try? lab.log(host, label))?.contains(text) == true { return }
                usleep(50_000)
            }
            throw LabHosts.Failure(description: "never saw \(text) in: \((try? lab.log(host, label)) ?? "")")
        }

        /// The exit status, stdout's JSON and stderr (hang guard 90 s: --wait is 60).
        func finish() throws -> (status: Int32, json: JSONValue?, stderr: String) {
            defer { unlink(outputPath) }
            try lab.waitLog(host, label, "^exit=", seconds: 90)
            let log = try lab.log(host, label)
            let exitLine = try #require(log.split(separator: "\n").last { $0.hasPrefix("exit=") })
            let status = Int32(exitLine.dropFirst("exit=".count)) ?? -1
            let stdout = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            return (status, try? JSONParser.parse(stdout), log)
        }
    }

    static func temporaryPath(_ prefix: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    }

    static func roles(_ json: JSONValue?) -> [String] {
        guard case .array(let list)? = json?["roles"] else { return [] }
        return list.compactMap { $0["role"]?.stringValue }
    }

    /// Plain `ws` on the lab LAN: pending → approve (admin endpoint in `gw`) → hello-ok with
    /// both device tokens, the operator session opened with the operator device token; then a
    /// second device is rejected, and the first code, now spent, is refused.
    @Test func pendingApproveDeviceTokenRejectAndSpentCode() throws {
        if let reason = LabHosts.unavailableReason {
            Issue.record(Comment(rawValue: reason))
            return
        }
        let lab = try LabHosts(hosts: ["gw", "client"])
        defer { lab.down() }
        let simHome = Self.temporaryPath("clawpair-labsim")
        let homes = (0..<3).map { _ in Self.temporaryPath("clawpair-labclient") }
        defer { for path in [simHome] + homes { try? FileManager.default.removeItem(atPath: path) } }
        let gwAddress = try lab.address("gw")
        let clientAddress = try lab.address("client")
        let sim = try LabSim(lab, host: "gw", label: "sim", arguments: ["--home", simHome, "--bind", gwAddress, "--port", "18789"])
        #expect(sim.url == "ws://\(gwAddress):18789")

        // Pending, then approved by the operator.
        let pairing = try LabPair(lab, host: "client", label: "pair1", code: sim.setupCode, home: homes[0])
        let requestId = try sim.waitForPending()
        try pairing.waitForLog("openclaw devices approve \(requestId)")
        #expect(try sim.admin("POST", "/approve/\(requestId)") == ["ok": true])
        let paired = try pairing.finish()
        #expect(paired.status == 0, "\(paired.stderr)")
        #expect(paired.json?["route"]?.stringValue == sim.url)
        #expect(paired.json?["requestIds"] == .array([.string(requestId)]))
        #expect(paired.json?["access"]?.stringValue == "limited")  // plaintext off loopback
        #expect(Self.roles(paired.json) == ["node", "operator"])

        // The sim's own record, from the client's address: node attempts with the bootstrap
        // token (pending, then admitted), then the operator with the device token it was given.
        let attempts = try sim.attempts().filter {
            $0["sentConnect"] == true && $0["remoteAddress"]?.stringValue?.hasPrefix(clientAddress) == true
        }
        let summary = attempts.map { "\($0["role"]?.stringValue ?? "-")/\($0["authKind"]?.stringValue ?? "-")/\($0["outcome"]?.stringValue ?? "-")" }
        #expect(summary.first == "node/bootstrap-token/PAIRING_REQUIRED", "\(summary)")
        #expect(attempts.first?["requestId"]?.stringValue == requestId)
        let admitted = summary.filter { $0.hasSuffix("/OK") }
        #expect(admitted == ["node/bootstrap-token/OK", "operator/device-token/OK"], "\(summary)")
        #expect(attempts.allSatisfy { $0["deviceId"] == attempts.first?["deviceId"] })

        // Another installation, rejected by the operator: exit 6, PAIRING_REJECTED.
        let rejecting = try LabPair(lab, host: "client", label: "pair2", code: try sim.mintSetupCode(), home: homes[1])
        let rejectedId = try sim.waitForPending()
        #expect(rejectedId != requestId)
        #expect(try sim.admin("POST", "/reject/\(rejectedId)") == ["ok": true])
        let rejected = try rejecting.finish()
        #expect(rejected.status == 6, "\(rejected.stderr)")
        #expect(rejected.json?["error"]?["code"]?.stringValue == "PAIRING_REJECTED")

        // The first code's bootstrap token was used: a third installation is refused.
        let spent = try LabPair(lab, host: "client", label: "pair3", code: sim.setupCode, home: homes[2]).finish()
        #expect(spent.status == 6, "\(spent.stderr)")
        #expect(spent.json?["error"]?["code"]?.stringValue == "AUTH_BOOTSTRAP_TOKEN_INVALID")
        try lab.kill("gw", "sim")
    }

    /// A pairing request nobody answers expires (`--pairing-ttl-ms`): the waiting client's
    /// next retry gets `PAIRING_EXPIRED` and `clawpair pair` exits 6 with the remedy, storing
    /// nothing; the expired id can no longer be approved.
    @Test func anUnansweredRequestExpires() throws {
        if let reason = LabHosts.unavailableReason {
            Issue.record(Comment(rawValue: reason))
            return
        }
        let lab = try LabHosts(hosts: ["gw", "client"])
        defer { lab.down() }
        let simHome = Self.temporaryPath("clawpair-labsim")
        let home = Self.temporaryPath("clawpair-labclient")
        defer { for path in [simHome, home] { try? FileManager.default.removeItem(atPath: path) } }
        let gwAddress = try lab.address("gw")
        let sim = try LabSim(
            lab, host: "gw", label: "sim", arguments: ["--home", simHome, "--bind", gwAddress, "--pairing-ttl-ms", "1500"])
        let pairing = try LabPair(lab, host: "client", label: "pair", code: sim.setupCode, home: home)
        let requestId = try sim.waitForPending()
        let result = try pairing.finish()
        #expect(result.status == 6, "\(result.stderr)")
        #expect(result.json?["error"]?["code"]?.stringValue == "PAIRING_EXPIRED")
        #expect(result.json?["error"]?["message"]?.stringValue?.contains("pairing request expired (requestId: \(requestId))") == true)
        #expect(result.json?["error"]?["remedy"]?.stringValue?.contains("pair again with a new setup code") == true, "\(String(describing: result.json))")
        #expect(try sim.admin("GET", "/pending") == .array([]))
        let late = try lab.exec(
            "gw",
            ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", "-H", "Content-Type: application/json", sim.adminURL + "/approve/\(requestId)"])
        #expect(late.stdout == "404")
        let outcomes = try sim.attempts().compactMap { $0["outcome"]?.stringValue }
        #expect(outcomes.last == "PAIRING_EXPIRED", "\(outcomes)")
        let stored = try LabHosts.run([LabHosts.clawpair, "gateways", "list", "--json", "--home", home], allowFailure: true)
        #expect(stored.status == 0 && (try? JSONParser.parse(stored.stdout)) == .array([]), "\(stored.stdout) \(stored.stderr)")
        try lab.kill("gw", "sim")
    }

    /// `wss` across hosts, trusted only through the setup code's certificate pin: pairs with
    /// full access; a second code re-pairs the same device without a new request; `clawpair
    /// probe NAME` reaches the gateway stage over the stored route and pin.
    @Test func wssPinnedBySetupCodeThenRepairAndProbe() throws {
        if let reason = LabHosts.unavailableReason {
            Issue.record(Comment(rawValue: reason))
            return
        }
        let lab = try LabHosts(hosts: ["gw", "client"])
        defer { lab.down() }
        let simHome = Self.temporaryPath("clawpair-labsim")
        let home = Self.temporaryPath("clawpair-labclient")
        defer { for path in [simHome, home] { try? FileManager.default.removeItem(atPath: path) } }
        let gwAddress = try lab.address("gw")
        let sim = try LabSim(
            lab, host: "gw", label: "sim",
            arguments: ["--home", simHome, "--bind", gwAddress, "--port", "18789", "--tls", "--auto-approve"])
        let fingerprint = try #require(sim.ready["tlsFingerprint"]?.stringValue)
        #expect(sim.url == "wss://\(gwAddress):18789")

        let first = try LabPair(lab, host: "client", label: "pair1", code: sim.setupCode, home: home, extra: ["--name", "labgw"]).finish()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.json?["trust"]?.stringValue == "pinned")
        #expect(first.json?["fingerprint"]?.stringValue == fingerprint)
        #expect(first.json?["access"]?.stringValue == "full")
        #expect(Self.roles(first.json) == ["node", "operator"])

        let second = try LabPair(
            lab, host: "client", label: "pair2", code: try sim.mintSetupCode(#"{"fingerprint": true}"#), home: home).finish()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.json?["updated"] == .bool(true))
        #expect(second.json?["requestIds"] == .array([]))

        let probe = try lab.exec("client", [LabHosts.clawpair, "probe", "labgw", "--json", "--home", home])
        #expect(probe.status == 0, "\(probe.stdout) \(probe.stderr)")
        let report = try JSONParser.parse(probe.stdout)
        guard case .array(let routes)? = report["routes"] else {
            Issue.record("no routes in \(probe.stdout)")
            return
        }
        #expect(routes.first?["url"]?.stringValue == sim.url)
        try lab.kill("gw", "sim")
    }

    /// `--pairing-ttl-ms` takes 1 ms to a day; anything else is a usage error (exit 2).
    @Test func pairingTTLFlagIsValidated() throws {
        for value in ["0", "-5", "soon", "86400001"] {
            let result = try LabHosts.run([LabHosts.clawpair, "sim", "--pairing-ttl-ms", value], allowFailure: true)
            #expect(result.status == 2, "\(value): \(result.stderr)")
        }
        let help = try LabHosts.run([LabHosts.clawpair, "sim", "--help"])
        #expect(help.stdout.contains("--pairing-ttl-ms"))
    }
}
