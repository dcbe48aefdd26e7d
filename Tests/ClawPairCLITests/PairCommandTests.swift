import Foundation
import Glibc
import Testing
@testable import ClawPairCLI
@testable import ClawPairKit
@testable import ClawPairSim

/// `clawpair pair` as a real process against `clawpair sim` (also a real process) on
/// loopback: routes with fallbacks, ws and wss, the setup-code pin, first-use trust and a
/// changed certificate afterwards, limited access, approve, reject, used-up and expired codes,
/// the --wait limit, re-pairing, and secrets kept out of every output.
@Suite(.serialized) struct PairCommandTests {
    /// A state directory removed at the end.
    final class Home {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-pair-\(UUID().uuidString)").path
        func open() throws -> GatewayRegistry { try GatewayRegistry(stateDirectory: StateDirectory(path: path, source: .option)) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// `clawpair sim` on 127.0.0.1, its ready line read, its admin endpoint at hand.
    final class Sim {
        let home = Home()
        let process: GatewaysProcess
        let ready: JSONValue
        var url: String { ready["url"]?.stringValue ?? "" }
        var adminPort: UInt16
        var port: Int { (try? GatewayRoute(url: url).port) ?? 0 }
        var fingerprint: String? { ready["tlsFingerprint"]?.stringValue }

        init(
            tls: Bool = false, autoApprove: Bool = false, port: Int? = nil, home: Home? = nil, environment: [String: String] = [:],
            extraArguments: [String] = []
        ) throws {
            let homePath = (home ?? self.home).path
            var arguments = [LabHosts.clawpair, "sim", "--home", homePath] + extraArguments
            if tls { arguments.append("--tls") }
            if autoApprove { arguments.append("--auto-approve") }
            if let port { arguments += ["--port", String(port)] }
            process = try GatewaysProcess(arguments, environment: environment)
            let deadline = Date().addingTimeInterval(30)  // hang guard
            var line: String?
            while Date() < deadline, line == nil {
                line = process.stdout.split(separator: "\n").first.map(String.init)
                if line == nil { usleep(5_000) }
            }
            guard let line else { throw GatewaysProcess.Failure(description: "the sim did not start: \(process.stderr)") }
            ready = try JSONParser.parse(line)
            guard let admin = ready["adminUrl"]?.stringValue, let colon = admin.lastIndex(of: ":"), let port = UInt16(admin[admin.index(after: colon)...])
            else { throw GatewaysProcess.Failure(description: "no admin URL in \(line)") }
            adminPort = port
        }

        /// One admin request; the JSON answer.
        @discardableResult
        func admin(_ method: String, _ path: String, body: String = "") throws -> JSONValue {
            try JSONParser.parse(try AdminHTTP.request(port: adminPort, method: method, path: path, body: body))
        }

        /// A fresh setup code: `{setupCode, bootstrapToken, expiresAtMs}`.
        func setupCode(urls: [String]? = nil, fingerprint: Bool? = nil, ttlMs: Int64? = nil) throws -> (code: String, bootstrap: String) {
            var members: [(String, JSONValue)] = []
            if let urls { members.append(("urls", .array(urls.map(JSONValue.string)))) }
            if let fingerprint { members.append(("fingerprint", .bool(fingerprint))) }
            if let ttlMs { members.append(("ttlMs", .integer(ttlMs))) }
            let answer = try admin("POST", "/setup-code", body: JSONValue.object(members).serialized())
            return (answer["setupCode"]?.stringValue ?? "", answer["bootstrapToken"]?.stringValue ?? "")
        }

        /// Polls `/pending` until a request shows up (hang guard 30 s); its id.
        func waitForPending() throws -> String {
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                if case .array(let list) = try admin("GET", "/pending"), let id = list.first?["requestId"]?.stringValue { return id }
                usleep(20_000)
            }
            throw GatewaysProcess.Failure(description: "no pending request")
        }

        /// Attempts that got as far as sending `connect`.
        func connectAttempts() throws -> Int {
            guard case .array(let list) = try admin("GET", "/attempts") else { return -1 }
            return list.filter { $0["sentConnect"] == .bool(true) }.count
        }

        func stop() {
            _ = Glibc.kill(process.pid, SIGTERM)
            process.wait()
        }
    }

    /// `clawpair pair ARGS… --home HOME` (or another build of clawpair), started now (wait
    /// with `.wait()`).
    static func pair(
        _ home: Home, _ arguments: [String], environment: [String: String] = [:], executable: String = LabHosts.clawpair
    ) throws -> GatewaysProcess {
        try GatewaysProcess([executable, "pair"] + arguments + ["--home", home.path], environment: environment)
    }

    static func run(_ home: Home, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String, json: JSONValue?) {
        let process = try pair(home, arguments, environment: environment)
        let status = process.wait()
        return (status, process.stdout, process.stderr, try? JSONParser.parse(process.stdout))
    }

    /// Every secret the registry holds for `home` (device tokens) plus `extra` (bootstrap tokens).
    static func assertNoSecrets(_ outputs: [String], home: Home, extra: [String]) throws {
        var secrets = extra.filter { !$0.isEmpty }
        let registry = try home.open()
        for summary in try registry.list() {
            secrets += try registry.record(summary.entry.id)?.deviceTokens.map(\.token.revealed) ?? []
        }
        #expect(!secrets.isEmpty)
        for output in outputs {
            for secret in secrets { #expect(!output.contains(secret), "a secret leaked into output") }
        }
    }

    /// A loopback port nobody listens on: bound, then released.
    static func deadPort() throws -> Int {
        let listener = try TCPListener(bindingTo: SocketAddress(IPAddress("127.0.0.1")!, port: 0), reactor: IOReactor())
        return Int(listener.localAddress.port)
    }

    // MARK: Tests

    @Test func setupCodeWithDeadFirstRouteWaitsForApprovalStoresBothTokensAndRepairsInPlace() throws {
        let sim = try Sim()
        defer { sim.stop() }
        let home = Home()
        let dead = "ws://127.0.0.1:\(try Self.deadPort())"
        let first = try sim.setupCode(urls: [dead, sim.url])
        let pairing = try Self.pair(home, [first.code, "--json", "--wait", "60"])
        let requestId = try sim.waitForPending()
        #expect(pairing.waitForStderr("openclaw devices approve \(requestId)"))
        try sim.admin("POST", "/approve/\(requestId)")
        #expect(pairing.wait() == 0, "\(pairing.stderr)")
        let json = try JSONParser.parse(pairing.stdout)
        #expect(json["route"]?.stringValue == sim.url)
        #expect(json["focused"] == .bool(true))
        #expect(json["access"]?.stringValue == "full")
        #expect(json["pinned"] == .bool(false))
        #expect(json["updated"] == .bool(false))
        #expect(json["requestIds"] == .array([.string(requestId)]))
        let roles = json["roles"].flatMap { value -> [String]? in
            guard case .array(let list) = value else { return nil }
            return list.compactMap { $0["role"]?.stringValue }
        }
        #expect(roles == ["node", "operator"])

        // The registry holds both tokens, the proven route and the connection time.
        let registry = try home.open()
        let entries = try registry.list()
        #expect(entries.count == 1)
        let record = try #require(try registry.record(entries[0].entry.id))
        #expect(record.entry.provenRoute == sim.url)
        #expect(record.entry.lastConnectedAtMs != nil)
        #expect(record.deviceToken(role: "node") != nil)
        #expect(record.deviceToken(role: "operator")?.scopes.contains("operator.admin") == true)
        #expect(record.credentials.bootstrapToken == nil)

        // Pairing again with a new code for the same gateway updates the one entry.
        let second = try sim.setupCode(urls: [dead, sim.url])
        let again = try Self.run(home, [second.code, "--json", "--name", "studio"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.json?["updated"] == .bool(true))
        // The same device identity (kept in the registry across processes): already paired, no new request.
        #expect(again.json?["requestIds"] == .array([]))
        #expect(again.json?["name"]?.stringValue == "studio")
        #expect(try home.open().list().count == 1)
        try Self.assertNoSecrets([pairing.stdout, pairing.stderr, again.stdout, again.stderr], home: home, extra: [first.bootstrap, second.bootstrap])
    }

    @Test func aSecondGatewayPairedUnderATakenNameIsKeptAsNameTwo() throws {
        let home = Home()
        let first = try Sim(autoApprove: true)
        defer { first.stop() }
        let second = try Sim(autoApprove: true)
        defer { second.stop() }
        let one = try Self.run(home, [try first.setupCode().code, "--json", "--name", "studio"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.json?["name"]?.stringValue == "studio")
        let two = try Self.run(home, [try second.setupCode().code, "--json", "--name", "studio"])
        #expect(two.status == 0, "\(two.stderr)")
        #expect(two.json?["name"]?.stringValue == "studio (2)")
        let registry = try home.open()
        #expect(try registry.list().count == 2)
        #expect(try registry.resolve("studio") != registry.resolve("studio (2)"))
    }

    @Test func wssWithTheSetupCodePinIsPinned() throws {
        let sim = try Sim(tls: true, autoApprove: true)
        defer { sim.stop() }
        let home = Home()
        let code = try sim.setupCode(fingerprint: true)
        let result = try Self.run(home, [code.code, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.json?["trust"]?.stringValue == "pinned")
        #expect(result.json?["pinned"] == .bool(true))
        #expect(result.json?["fingerprint"]?.stringValue == sim.fingerprint)
        try Self.assertNoSecrets([result.stdout, result.stderr], home: home, extra: [code.bootstrap])
    }

    @Test func selfSignedNeedsExplicitTrustThenAChangedCertificateIsRefusedBeforeConnect() throws {
        let home = Home()
        let sim = try Sim(tls: true, autoApprove: true)
        let port = sim.port
        let code = try sim.setupCode(fingerprint: false)

        // No pin, no system trust, nobody to ask: exit 5, and no connect was sent.
        let refused = try Self.run(home, [code.code, "--json"])
        #expect(refused.status == 5)
        #expect(refused.json?["error"]?["code"]?.stringValue == "TLS_UNTRUSTED")
        #expect(refused.stdout.contains(sim.fingerprint ?? "-"))
        #expect(try sim.connectAttempts() == 0)

        let trusted = try Self.run(home, [code.code, "--json", "--trust-on-first-use"])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.json?["pinned"] == .bool(true))
        #expect(trusted.json?["fingerprint"]?.stringValue == sim.fingerprint)
        #expect(trusted.stderr.contains("trusting the certificate"))
        let oldFingerprint = sim.fingerprint
        sim.stop()

        // Same address, new certificate (a new sim home): the stored pin wins over first use.
        let replaced = try Sim(tls: true, autoApprove: true, port: port)
        defer { replaced.stop() }
        #expect(replaced.fingerprint != oldFingerprint)
        let newCode = try replaced.setupCode(fingerprint: false)
        let mismatch = try Self.run(home, [newCode.code, "--json", "--trust-on-first-use"])
        #expect(mismatch.status == 5)
        #expect(mismatch.json?["error"]?["code"]?.stringValue == "TLS_PIN_MISMATCH")
        #expect(try replaced.connectAttempts() == 0)
        // The earlier pairing is untouched.
        let record = try #require(try home.open().list().first)
        #expect(try home.open().record(record.entry.id)?.pin?.hex == oldFingerprint)
    }

    @Test func trustFlagAcceptsOnlyTheGivenFingerprint() throws {
        let sim = try Sim(tls: true, autoApprove: true)
        defer { sim.stop() }
        let wrong = try Self.run(Home(), [try sim.setupCode(fingerprint: false).code, "--json", "--trust", String(repeating: "ab", count: 32)])
        #expect(wrong.status == 5)
        #expect(wrong.json?["error"]?["code"]?.stringValue == "TLS_PIN_MISMATCH")
        let colons = try #require(sim.fingerprint).uppercased().chunked(2).joined(separator: ":")
        let right = try Self.run(Home(), [try sim.setupCode(fingerprint: false).code, "--json", "--trust", colons])
        #expect(right.status == 0, "\(right.stderr)")
        #expect(right.json?["pinned"] == .bool(true))
        #expect(try sim.connectAttempts() > 0)
    }

    /// On a terminal (a pty from util-linux `script`), an untrusted certificate is shown with
    /// its fingerprint and trusted only on "y".
    @Test func terminalPromptShowsTheFingerprintAndTrustsOnlyOnYes() throws {
        let sim = try Sim(tls: true, autoApprove: true)
        defer { sim.stop() }
        func onTerminal(_ answer: String, _ home: Home, _ code: String) throws -> (status: Int32, output: String) {
            let command = "\(LabHosts.clawpair) pair \(code) --home \(home.path)"
            let process = try GatewaysProcess(["/bin/sh", "-c", "printf '\(answer)\\n' | script -qec \"$0\" /dev/null", command])
            let status = process.wait()
            return (status, process.stdout)
        }
        let colons = try #require(sim.fingerprint).uppercased().chunked(2).joined(separator: ":")
        let declinedHome = Home()
        let declined = try onTerminal("n", declinedHome, try sim.setupCode(fingerprint: false).code)
        #expect(declined.status == 5)
        #expect(declined.output.contains(colons))
        #expect(declined.output.contains("out-of-band"))
        #expect(declined.output.contains("TLS_TRUST_DECLINED") || declined.output.contains("was not trusted"))
        #expect(try sim.connectAttempts() == 0)
        #expect(try declinedHome.open().list().isEmpty)

        let home = Home()
        let accepted = try onTerminal("y", home, try sim.setupCode(fingerprint: false).code)
        #expect(accepted.status == 0, "\(accepted.output)")
        #expect(accepted.output.contains(colons))
        let entry = try #require(try home.open().list().first)
        #expect(try home.open().record(entry.entry.id)?.pin?.hex == sim.fingerprint)
    }

    /// `probe NAME` probes a paired gateway: its proven route first, its stored pin held.
    @Test func probeTakesAPairedGatewayByNameWithItsProvenRouteAndPin() throws {
        let home = Home()
        let sim = try Sim(tls: true, autoApprove: true)
        let port = sim.port
        let dead = "wss://127.0.0.1:\(try Self.deadPort())"
        let paired = try Self.run(home, [try sim.setupCode(urls: [dead, sim.url], fingerprint: false).code, "--trust-on-first-use", "--name", "studio"])
        #expect(paired.status == 0, "\(paired.stderr)")
        let probe = try GatewaysProcess.run(["probe", "studio", "--json", "--home", home.path])
        #expect(probe.status == 0, "\(probe.stdout)")
        let report = try JSONParser.parse(probe.stdout)
        #expect(report["target"]?.stringValue?.hasPrefix("studio (") == true)
        guard case .array(let routes)? = report["routes"] else {
            Issue.record("no routes in \(probe.stdout)")
            return
        }
        #expect(routes.first?["url"]?.stringValue == sim.url)
        #expect(routes.first?["source"]?.stringValue == "registry")
        sim.stop()

        // A new certificate at the same address: the stored pin makes it a mismatch.
        let replaced = try Sim(tls: true, autoApprove: true, port: port)
        defer { replaced.stop() }
        let mismatch = try GatewaysProcess.run(["probe", "studio", "--json", "--home", home.path])
        #expect(mismatch.status == 5)
        #expect(try JSONParser.parse(mismatch.stdout)["verdict"]?["code"]?.stringValue == "TLS_PIN_MISMATCH")
    }

    @Test func plaintextLANCodeGetsLimitedAccess() throws {
        let sim = try Sim(autoApprove: true)
        defer { sim.stop() }
        let home = Home()
        // A `.local` name is a local host but not loopback: a limited code. CLAWPAIR_RESOLVE
        // points it at the sim on loopback.
        let url = "ws://studio.local:\(sim.port)"
        let code = try sim.setupCode(urls: [url])
        let result = try Self.run(home, [code.code, "--json"], environment: ["CLAWPAIR_RESOLVE": "studio.local:\(sim.port):127.0.0.1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.json?["access"]?.stringValue == "limited")
        let entry = try #require(try home.open().list().first)
        let record = try #require(try home.open().record(entry.entry.id))
        #expect(record.deviceToken(role: "operator")?.scopes.contains("operator.admin") == false)
        #expect(record.deviceToken(role: "operator")?.scopes.contains("operator.write") == true)
    }

    @Test func rejectedRequestExitsSixAndStoresNothing() throws {
        let sim = try Sim()
        defer { sim.stop() }
        let home = Home()
        let pairing = try Self.pair(home, [try sim.setupCode().code, "--json", "--wait", "60"])
        try sim.admin("POST", "/reject/\(try sim.waitForPending())")
        #expect(pairing.wait() == 6)
        #expect(try JSONParser.parse(pairing.stdout)["error"]?["code"]?.stringValue == "PAIRING_REJECTED")
        #expect(try home.open().list().isEmpty)
    }

    @Test func waitRunsOutWithTheApproveCommand() throws {
        let sim = try Sim()
        defer { sim.stop() }
        let result = try Self.run(Home(), [try sim.setupCode().code, "--json", "--wait", "1"])
        #expect(result.status == 6)
        #expect(result.json?["error"]?["code"]?.stringValue == "PAIRING_TIMED_OUT")
        let pending = try sim.waitForPending()
        #expect(result.stderr.contains("openclaw devices approve \(pending)"))
    }

    @Test func usedUpAndExpiredCodes() throws {
        let sim = try Sim(autoApprove: true)
        defer { sim.stop() }
        let code = try sim.setupCode()
        #expect(try Self.run(Home(), [code.code]).status == 0)
        // Another installation with the same, spent code: the gateway refuses the bootstrap token.
        let spent = try Self.run(Home(), [code.code, "--json"])
        #expect(spent.status == 6)
        #expect(spent.json?["error"]?["code"]?.stringValue == "AUTH_BOOTSTRAP_TOKEN_INVALID")
        // A code past its expiresAtMs never leaves this machine.
        let expired = try sim.setupCode(ttlMs: 1)
        usleep(5_000)
        let result = try Self.run(Home(), [expired.code, "--json"])
        #expect(result.status == 3)
        #expect(result.json?["error"]?["code"]?.stringValue == "SETUP_CODE_EXPIRED")
    }

    @Test func qrImageOfTheCodePairs() throws {
        let sim = try Sim(autoApprove: true)
        defer { sim.stop() }
        let home = Home()
        let directory = try ExternalTool.TemporaryDirectory()
        let image = directory.path("code.png")
        let code = try sim.setupCode()
        let rendered = try GatewaysProcess([LabHosts.clawpair, "qr", code.code, "--format", "png", "--output", image])
        #expect(rendered.wait() == 0)
        let result = try Self.run(home, [image, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.json?["route"]?.stringValue == sim.url)
    }

    @Test func inputsThatCannotPair() async throws {
        let home = Home()
        let bare = await runCLI(["pair", "wss://gateway.example.ts.net", "--json", "--home", home.path])
        #expect(bare.status == 3)
        #expect(bare.stdout.contains("PAIRING_NEEDS_SETUP_CODE"))
        #expect(bare.stdout.contains("openclaw qr"))
        // …and no registry was made for it.
        #expect(!FileManager.default.fileExists(atPath: home.path + "/" + GatewayRegistry.fileName))
        let both = await runCLI(["pair", "x", "--trust", String(repeating: "0", count: 64), "--trust-on-first-use", "--home", home.path])
        #expect(both.status == 2)
        let badTrust = await runCLI(["pair", "x", "--trust", "not-hex", "--home", home.path])
        #expect(badTrust.status == 2)
        let garbage = await runCLI(["pair", "not a setup code", "--json", "--home", home.path])
        #expect(garbage.status == 3)
    }
}

/// A minimal HTTP/1.1 client for the sim's loopback admin endpoint (blocking, Connection:
/// close), so the tests need no curl.
enum AdminHTTP {
    static func request(port: UInt16, method: String, path: String, body: String) throws -> String {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw GatewaysProcess.Failure(description: "socket failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 30, tv_usec: 0)  // hang guard
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw GatewaysProcess.Failure(description: "connect to the admin port failed") }
        let request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw GatewaysProcess.Failure(description: "send failed") }
            sent += count
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            response += buffer[..<count]
            if let text = String(bytes: response, encoding: .utf8), let split = text.range(of: "\r\n\r\n"),
                let lengthLine = text[..<split.lowerBound].split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                let length = Int(lengthLine.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)),
                text[split.upperBound...].utf8.count >= length
            { break }
        }
        let text = String(decoding: response, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw GatewaysProcess.Failure(description: "no HTTP answer") }
        return String(text[split.upperBound...])
    }
}

extension String {
    fileprivate func chunked(_ size: Int) -> [String] {
        var chunks: [String] = []
        var rest = Substring(self)
        while !rest.isEmpty {
            chunks.append(String(rest.prefix(size)))
            rest = rest.dropFirst(size)
        }
        return chunks
    }
}
