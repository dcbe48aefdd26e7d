import Foundation
import Testing

@testable import ClawPairCLI
@testable import ClawPairKit

/// Issue #6: `clawpair pair URL` for a gateway paired before reconnects with the stored
/// device tokens; once the gateway has forgotten the device (revoked through the sim's
/// admin endpoint), it says so, names the re-pair command, exits 6 and leaves the entry and
/// its credentials as they were. `clawpair pair` and `clawpair sim` run as real processes.
@Suite(.serialized) struct PairRevokedDeviceTests {
    typealias Sim = PairCommandTests.Sim
    typealias Home = PairCommandTests.Home

    /// `gateways show ID --json` for the home's one entry.
    static func show(_ home: Home) async throws -> (id: String, json: JSONValue) {
        let id = try #require(try home.open().list().first?.entry.id.rawValue)
        let shown = await runCLI(["gateways", "show", id, "--json", "--home", home.path])
        #expect(shown.status == 0, "\(shown.stderr)")
        return (id, try JSONParser.parse(shown.stdout))
    }

    @Test func bareURLReconnectsWithStoredTokensThenSaysTheGatewayForgotTheDevice() async throws {
        let sim = try Sim(autoApprove: true)
        defer { sim.stop() }
        let home = Home()
        let code = try sim.setupCode()
        let paired = try PairCommandTests.run(home, [code.code, "--json"])
        #expect(paired.status == 0, "\(paired.stderr)")
        guard case .array(let devices) = try sim.admin("GET", "/devices"), devices.count == 1,
            let deviceId = devices[0]["deviceId"]?.stringValue
        else {
            Issue.record("the sim lists no single paired device")
            return
        }
        #expect(devices[0]["roles"] == ["node", "operator"])

        // Still known: the URL alone reconnects with the stored tokens, no new request.
        let again = try PairCommandTests.run(home, [sim.url, "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.json?["updated"] == .bool(true))
        #expect(again.json?["requestIds"] == .array([]))
        let attemptsBefore = try sim.connectAttempts()
        let before = try await Self.show(home)
        let tokensBefore = try #require(try home.open().record(GatewayID(rawValue: before.id))).deviceTokens
        #expect(tokensBefore.count == 2)

        #expect(try sim.admin("POST", "/revoke/\(deviceId)") == ["ok": true])

        let refused = try PairCommandTests.run(home, [sim.url])
        #expect(refused.status == 6, "\(refused.stderr)")
        #expect(refused.stderr.contains("no longer knows this device"), "\(refused.stderr)")
        #expect(refused.stderr.contains("clawpair pair <setup code>"), "\(refused.stderr)")
        #expect(refused.stderr.contains("openclaw qr"), "\(refused.stderr)")
        let refusedJSON = try PairCommandTests.run(home, [sim.url, "--json"])
        #expect(refusedJSON.status == 6)
        #expect(refusedJSON.json?["error"]?["code"] == "AUTH_DEVICE_TOKEN_MISMATCH", "\(refusedJSON.stdout)")

        // The sim saw the stored node token refused (one connect per run, no retries).
        guard case .array(let attempts) = try sim.admin("GET", "/attempts") else {
            Issue.record("no attempts")
            return
        }
        let connects = attempts.filter { $0["sentConnect"] == .bool(true) }
        #expect(connects.count == attemptsBefore + 2)
        #expect(connects.suffix(2).allSatisfy { $0["outcome"] == "AUTH_DEVICE_TOKEN_MISMATCH" && $0["authKind"] == "device-token" })

        // The entry and its old credentials are untouched.
        let after = try await Self.show(home)
        #expect(after.json == before.json)
        #expect(try home.open().record(GatewayID(rawValue: after.id))?.deviceTokens == tokensBefore)
        try PairCommandTests.assertNoSecrets(
            [paired.stdout, paired.stderr, again.stdout, again.stderr, refused.stdout, refused.stderr, refusedJSON.stdout,
             refusedJSON.stderr],
            home: home, extra: [code.bootstrap])
    }

    @Test func bareURLOfAnUnknownGatewayStillNeedsASetupCode() async throws {
        let sim = try Sim(autoApprove: true)
        defer { sim.stop() }
        let home = Home()
        let paired = try PairCommandTests.run(home, [try sim.setupCode().code])
        #expect(paired.status == 0, "\(paired.stderr)")
        // Another gateway URL: no entry with tokens for it in this registry.
        let other = try PairCommandTests.run(home, ["ws://127.0.0.1:\(try PairCommandTests.deadPort())", "--json"])
        #expect(other.status == 3)
        #expect(other.json?["error"]?["code"] == "PAIRING_NEEDS_SETUP_CODE")
        #expect(try sim.connectAttempts() == 2)
    }
}

/// `clawpair pair` with an older gateway's password code against a sim that has a password
/// (`CLAWPAIR_SIM_PASSWORD`): the right one pairs, a wrong one is an authorization failure
/// (exit 6) that names the password, and the password never reaches any output.
@Suite(.serialized) struct PairPasswordTests {
    static func passwordCode(url: String, password: String) -> String {
        let json: JSONValue = ["url": .string(url), "password": .string(password)]
        return Base64URL.encode(Array(json.serialized().utf8))
    }

    @Test func passwordCodePairsAndAWrongPasswordIsRefused() throws {
        let password = "pw-\(UUID().uuidString)"
        let sim = try PairCommandTests.Sim(environment: [SimCommand.passwordVariable: password])
        defer { sim.stop() }
        let home = PairCommandTests.Home()

        let wrong = try PairCommandTests.run(home, [Self.passwordCode(url: sim.url, password: password + "x")])
        #expect(wrong.status == 6, "\(wrong.stderr)")
        #expect(wrong.stderr.contains("AUTH_PASSWORD_MISMATCH"), "\(wrong.stderr)")
        #expect(wrong.stderr.contains("password is wrong"), "\(wrong.stderr)")
        #expect(try home.open().list().isEmpty)

        let right = try PairCommandTests.run(home, [Self.passwordCode(url: sim.url, password: password), "--json"])
        #expect(right.status == 0, "\(right.stderr)")
        #expect(right.json?["paired"] == .bool(true))
        let record = try #require(try home.open().list().first.flatMap { try home.open().record($0.entry.id) })
        #expect(record.deviceToken(role: "node") != nil)
        #expect(record.deviceToken(role: "operator") != nil)
        #expect(record.credentials.password == Secret(password))
        for output in [wrong.stdout, wrong.stderr, right.stdout, right.stderr] {
            #expect(!output.contains(password), "the password leaked into output")
        }
    }
}
