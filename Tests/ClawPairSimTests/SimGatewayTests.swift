import Foundation
import Testing

@testable import ClawPairKit
@testable import ClawPairSim
import ClawPairTestSupport

/// `clawpair sim` checked by an independent client (Fixtures/sim-client.py: Python
/// `websockets` + `cryptography`, written from the spec alone) over real loopback sockets,
/// and its TLS checked by the `openssl` command-line tool.
@Suite struct SimGatewayTests {
    @Test func pairsWithV3SignaturesOverTLS() async throws {
        try await RunningSim.with(tls: true, tickInterval: .milliseconds(300)) { sim in
            let result = try await SimPythonClient.run("pair-v3", url: sim.url, admin: sim.adminURL, fingerprint: sim.fingerprint)
            #expect(result["signatureVersion"] == "v3")
            let requestId = try #require(result["requestId"]?.stringValue)
            #expect(result["closeCode"] == .integer(1008))
            #expect(result["closeReason"] == .string("pairing required (requestId: \(requestId))"))
            // The attempts log tells a pending attempt from an admitted one.
            let outcomes = sim.gateway.state.attempts.compactMap(\.outcome)
            #expect(outcomes.filter { $0 == "PAIRING_REQUIRED" }.count == 2)
            #expect(outcomes.contains("OK"))
            #expect(outcomes.contains("AUTH_BOOTSTRAP_TOKEN_INVALID"))
        }
    }

    @Test func pairsWithV2SignaturesOverPlainWebSocket() async throws {
        try await RunningSim.with(tickInterval: .milliseconds(300)) { sim in
            let result = try await SimPythonClient.run("pair-v2", url: sim.url, admin: sim.adminURL)
            #expect(result["signatureVersion"] == "v2")
            #expect(sim.gateway.state.pending(now: WallClock.nowMs()).isEmpty)
        }
    }

    @Test func rejectedRequestStaysRejected() async throws {
        try await RunningSim.with() { sim in
            let result = try await SimPythonClient.run("reject", url: sim.url, admin: sim.adminURL)
            #expect(result["outcome"] == "PAIRING_REJECTED")
        }
    }

    @Test func changedRoleOrScopesSupersedeTheRequest() async throws {
        try await RunningSim.with() { sim in
            let result = try await SimPythonClient.run("supersede", url: sim.url, admin: sim.adminURL)
            guard case .array(let ids)? = result["requests"] else {
                Issue.record("no request ids in \(result)")
                return
            }
            #expect(Set(ids).count == 3)
            #expect(sim.gateway.state.pending(now: WallClock.nowMs()).map { JSONValue.string($0.requestId) } == [ids[2]])
        }
    }

    @Test func expiredAndUnknownBootstrapTokensAreInvalid() async throws {
        try await RunningSim.with() { sim in
            let result = try await SimPythonClient.run("expired", url: sim.url, admin: sim.adminURL)
            #expect(result["outcome"] == "AUTH_BOOTSTRAP_TOKEN_INVALID")
        }
    }

    @Test func refusesBadDeviceAuthProtocolAndClosedSets() async throws {
        try await RunningSim.with() { sim in
            let result = try await SimPythonClient.run("device-errors", url: sim.url, admin: sim.adminURL)
            #expect(result["tampered"] == "DEVICE_AUTH_SIGNATURE_INVALID")
            #expect(result["skewed"] == "DEVICE_AUTH_SIGNATURE_EXPIRED")
            #expect(result["replayed"] == "DEVICE_AUTH_NONCE_MISMATCH")
            #expect(result["badKey"] == "DEVICE_AUTH_PUBLIC_KEY_INVALID")
            #expect(result["protocol"] == "PROTOCOL_MISMATCH")
            #expect(result["oversized"] == .integer(1009))
            let attempts = sim.gateway.state.attempts
            // The replayed frame and the oversized one both reached the sim; only one was a connect.
            #expect(attempts.contains { $0.outcome == "FRAME_TOO_LARGE" && !$0.sentConnect })
            #expect(attempts.contains { $0.outcome == "NOT_CONNECT" && !$0.sentConnect })
        }
    }

    @Test func sharedTokenPairsAndRefusesMismatches() async throws {
        let token = "shared-\(UUID().uuidString)"
        try await RunningSim.with(sharedToken: token) { sim in
            let result = try await SimPythonClient.run(
                "shared-token", url: sim.url, admin: sim.adminURL, extraArguments: ["--token-env", "SIM_SHARED_TOKEN"],
                environment: ["SIM_SHARED_TOKEN": token])
            #expect(result["mismatch"] == "AUTH_TOKEN_MISMATCH")
            #expect(result["missing"] == "AUTH_TOKEN_MISSING")
        }
    }

    @Test func everyFaultBehavesAsDocumented() async throws {
        try await RunningSim.with(tls: true, autoApprove: true, tickInterval: .milliseconds(300)) { sim in
            let result = try await SimPythonClient.run("faults", url: sim.url, admin: sim.adminURL, fingerprint: sim.fingerprint)
            #expect(result["dropTicks"] == "silent")
            #expect(result["ticksAfterReset"] == "tick")
            #expect(result["close1008Open"] == [1008, "fault: close-1008"])
            #expect(result["close1008Later"] == [1008, "fault: close-1008", 0])
            #expect(result["attemptOutcome"] == "FAULT_CLOSE_1008")
            #expect(result["attemptSentConnect"] == true)
            // The challenge's own timestamp shows it came after a client's 6 s wait.
            if case .double(let delay)? = result["slowChallengeDelayMs"] { #expect(delay > 6000) } else {
                Issue.record("slowChallengeDelayMs missing: \(result)")
            }
            #expect(result["noChallenge"] == "silent")
            #expect(result["access"]?["status"] == .integer(302))
            let location = result["access"]?["location"]?.stringValue ?? ""
            #expect(location.contains("/cdn-cgi/access/login/"))
            let challenge = result["access"]?["wwwAuthenticate"]?.stringValue ?? ""
            #expect(challenge.hasPrefix("Cloudflare-Access resource_metadata=\"https://"))
            #expect(challenge.hasSuffix("/.well-known/cloudflare-access-protected-resource/\""))
            #expect(result["rateLimit"] == ["AUTH_RATE_LIMITED", 2000, 1008])
            #expect(result["startup"] == ["UNAVAILABLE", "startup-sidecars", true, 1000, 1013])
            #expect(result["unknownFault"] == .integer(404))
            #expect(result["afterReset"] == "hello-ok")
        }
    }

    @Test func holdsThreeHundredIdleSessionsWithoutAThreadEach() async throws {
        try await RunningSim.with(autoApprove: true, tickInterval: .seconds(1)) { sim in
            let result = try await SimPythonClient.run(
                "idle", url: sim.url, admin: sim.adminURL, extraArguments: ["--count", "300"], timeout: .seconds(300))
            #expect(result["held"] == .integer(300))
            #expect(result["answered"] == .integer(300))
            // Threads of this whole test process stay far below one per session.
            let threads = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
                .split(separator: "\n").first { $0.hasPrefix("Threads:") }
            let count = Int(threads?.split(separator: "\t").last ?? "") ?? 0
            #expect(count > 0 && count < 100, "threads: \(count)")
        }
    }

    // MARK: TLS, seen by openssl

    @Test func opensslSeesTheSelfSignedCertificateAndTLS13() async throws {
        try await RunningSim.with(tls: true) { sim in
            let port = sim.gateway.port
            let output = try await Self.runOpenSSL(["s_client", "-connect", "127.0.0.1:\(port)", "-showcerts"])
            #expect(output.contains("TLSv1.3"))
            #expect(output.contains("CN = openclaw-gateway") || output.contains("CN=openclaw-gateway"))
            let pem = try #require(Self.firstCertificate(in: output))
            #expect(CertificateFingerprint(derCertificate: pem).hex == sim.fingerprint)
            let key = try String(contentsOfFile: sim.home + "/" + SelfSignedCertificate.keyFileName, encoding: .utf8)
            #expect(key.contains("BEGIN PRIVATE KEY"))
            let text = try await Self.runOpenSSL(["x509", "-in", sim.home + "/" + SelfSignedCertificate.certificateFileName, "-noout", "-text"])
            #expect(text.contains("Public-Key: (2048 bit)"))
            // TLS 1.2 is refused: the minimum is 1.3, as current gateways.
            let old = try await Self.runOpenSSL(["s_client", "-connect", "127.0.0.1:\(port)", "-tls1_2"])
            #expect(!old.contains("BEGIN CERTIFICATE"))
        }
    }

    @Test func certificateIsKeptPrivateAndSurvivesARestart() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-sim-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let first = try await RunningSim(tls: true, home: home)
        let fingerprint = first.fingerprint
        await first.stop(removingHome: false)
        let second = try await RunningSim(tls: true, home: home)
        #expect(second.fingerprint == fingerprint)
        await second.stop(removingHome: false)
        var info = stat()
        #expect(stat(home, &info) == 0 && info.st_mode & 0o777 == 0o700)
        for name in [SelfSignedCertificate.keyFileName, SelfSignedCertificate.certificateFileName] {
            #expect(stat(home + "/" + name, &info) == 0 && info.st_mode & 0o777 == 0o600)
        }
    }

    // MARK: Helpers

    /// Runs `openssl` with stdin closed and returns its output, whatever its status.
    static func runOpenSSL(_ arguments: [String]) async throws -> String {
        let process = try SpawnedProcess(executable: "/usr/bin/openssl", arguments: arguments)
        let deadline = ContinuousClock.now + .seconds(30)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let log = process.log
        process.stop()
        return log
    }

    /// The DER bytes of the first PEM certificate in `text`.
    static func firstCertificate(in text: String) -> [UInt8]? {
        guard let begin = text.range(of: "-----BEGIN CERTIFICATE-----"),
            let end = text.range(of: "-----END CERTIFICATE-----", range: begin.upperBound..<text.endIndex)
        else { return nil }
        let body = text[begin.upperBound..<end.lowerBound].filter { !$0.isWhitespace }
        return Data(base64Encoded: String(body)).map { Array($0) }
    }
}
