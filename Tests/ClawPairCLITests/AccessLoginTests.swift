import ClawPairKit
import ClawPairTestSupport
import ClawPairWire
import Foundation
import Glibc
import Testing

/// `access login|status|logout`, `gateways headers`, and the token on probe's requests,
/// against the fake Access of Tests/Harness/fake-access.py (its own TLS CA, JWKS, transfer
/// service and PyNaCl envelope), with a "browser" that plays the user signing in.
@Suite(.serialized) struct AccessLoginTests {
    static func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    static func errorCode(_ stdout: String) throws -> String? {
        (try json(stdout)["error"] as? [String: Any])?["code"] as? String
    }

    /// Two entries on the fake's origin.
    static func twoEntries(_ fake: FakeAccess) throws {
        #expect(try fake.run(["gateways", "add", "wss://gw.access.test", "--name", "first"]).status == 0)
        #expect(try fake.run(["gateways", "add", "wss://gw.access.test/second", "--name", "second"]).status == 0)
    }

    @Test func signsInStoresOneSessionForTheOriginAndProbeSendsIt() throws {
        let fake = try FakeAccess()
        try Self.twoEntries(fake)
        let login = try fake.run(["access", "login", "first", "--json"])
        #expect(login.status == 0, "\(login.stderr)")
        let document = try Self.json(login.stdout)
        #expect(document["outcome"] as? String == "signedIn")
        #expect(document["subject"] as? String == FakeAccess.subject)
        #expect(document["issuer"] as? String == "https://team.cloudflareaccess.com")
        #expect((document["entries"] as? [[String: Any]])?.count == 2)

        let registry = try fake.registry()
        let session = try #require(try registry.accessSession(origin: FakeAccess.origin))
        let token = session.token.revealed
        #expect(token.split(separator: ".").count == 3 && session.subject == FakeAccess.subject)
        #expect(try registry.entries(accessOrigin: FakeAccess.origin).count == 2)
        var info = stat()
        #expect(stat(fake.home + "/" + GatewayRegistry.fileName, &info) == 0 && info.st_mode & 0o777 == 0o600)

        // The browser got the sign-in URL with this attempt's key, and nothing secret.
        let opened = try String(contentsOfFile: fake.browserLog, encoding: .utf8)
        #expect(opened.hasPrefix("https://gw.access.test/cdn-cgi/access/cli?token="))
        #expect(opened.contains("&aud=aud-7f3a&") && opened.contains("edge_token_transfer=true"))

        let status = try fake.run(["access", "status", "second"])
        #expect(status.status == 0 && status.stdout.contains("session for user-uuid-1, expires in 4 h"))
        #expect(status.stdout.contains("first (manual|gw.access.test|443)") && status.stdout.contains("second ("))
        let show = try fake.run(["gateways", "show", "second", "--json", "--show-secrets"])
        #expect((try Self.json(show.stdout)["accessSession"] as? [String: Any])?["valid"] as? Bool == true)

        // The probe sends the token on the upgrade, shows the access stage and reaches the gateway.
        let probe = try fake.run(["probe", "second"])
        #expect(probe.status == 0, "\(probe.stdout)")
        #expect(probe.stdout.contains("access  ok") && probe.stdout.contains("session for user-uuid-1"))
        let upgrade = try fake.seen().last { $0["path"] as? String == "/second" }
        #expect(upgrade?["token"] as? Bool == true)

        // Revoked at the edge: its own verdict, exit 6, the remedy to sign in again.
        try fake.revoke()
        let revoked = try fake.run(["probe", "first", "--json"])
        #expect(revoked.status == 6)
        let verdict = try Self.json(revoked.stdout)["verdict"] as? [String: Any]
        #expect(verdict?["code"] as? String == "ACCESS_SESSION_EXPIRED")
        #expect((verdict?["remedy"] as? String)?.contains("clawpair access login") == true)

        // pair sends it too, and says the same.
        let code = Base64URL.encode(Array(#"{"url":"wss://gw.access.test","expiresAtMs":4102444800000,"bootstrapToken":"b"}"#.utf8))
        let pair = try fake.run(["pair", code, "--json"])
        #expect(try pair.status == 6 && Self.errorCode(pair.stdout) == "ACCESS_SESSION_EXPIRED", "\(pair.stdout)")
        #expect(try fake.seen().last?["token"] as? Bool == true)

        // The token appears in no output of any command, nor in the browser's argv.
        for output in fake.outputs + [opened] { #expect(!output.contains(token)) }
    }

    @Test func anExpiredSessionIsNotSentAndSaysSignInAgain() throws {
        let fake = try FakeAccess()
        try Self.twoEntries(fake)
        try fake.registry().storeAccessSession(
            AccessSession(origin: FakeAccess.origin, token: Secret("eyJ.expired.token"), subject: "u", expiresAtMs: 1_000), for: [])
        let probe = try fake.run(["probe", "first", "--json"])
        #expect(probe.status == 6)
        let verdict = try Self.json(probe.stdout)["verdict"] as? [String: Any]
        #expect(verdict?["code"] as? String == "ACCESS_SESSION_EXPIRED" && verdict?["layer"] as? String == "access")
        #expect(try fake.seen().isEmpty)
        #expect(!probe.stdout.contains("eyJ.expired.token"))
    }

    @Test func logoutAndForgetWithTwoEntriesOnOneOrigin() throws {
        let fake = try FakeAccess()
        try Self.twoEntries(fake)
        #expect(try fake.run(["access", "login", "first"]).status == 0)
        #expect(try fake.run(["gateways", "forget", "first", "--yes"]).status == 0)
        #expect(try fake.registry().accessSession(origin: FakeAccess.origin) != nil, "second still uses it")
        let logout = try fake.run(["access", "logout", "second", "--json"])
        #expect(try logout.status == 0 && Self.json(logout.stdout)["removed"] as? Bool == true)
        #expect(try fake.registry().accessSession(origin: FakeAccess.origin) == nil)
        #expect(try fake.run(["access", "status", "second"]).status == 1)

        #expect(try fake.run(["access", "login", "second"]).status == 0)
        let forget = try fake.run(["gateways", "forget", "second", "--yes", "--json"])
        #expect(try Self.json(forget.stdout)["removedAccessSession"] as? Bool == true)
        #expect(try fake.registry().accessSession(origin: FakeAccess.origin) == nil)
    }

    /// Every bad input of issue 14: a clear error, exit 6, nothing stored.
    @Test func everyBadInputIsRefusedAndNothingStored() throws {
        let fake = try FakeAccess()
        try Self.twoEntries(fake)
        let cases: [(String, String)] = [
            ("tamper", "ACCESS_ENVELOPE_INVALID"), ("short", "ACCESS_ENVELOPE_INVALID"), ("alphabet", "ACCESS_ENVELOPE_INVALID"),
            ("key-unpadded", "ACCESS_ENVELOPE_INVALID"), ("key-standard", "ACCESS_ENVELOPE_INVALID"),
            ("transfer-302", "ACCESS_TRANSFER_FAILED"), ("transfer-500", "ACCESS_TRANSFER_FAILED"),
            ("expired", "ACCESS_TOKEN_CLAIMS_INVALID"), ("not-yet", "ACCESS_TOKEN_CLAIMS_INVALID"),
            ("wrong-aud", "ACCESS_TOKEN_CLAIMS_INVALID"), ("wrong-iss", "ACCESS_TOKEN_CLAIMS_INVALID"),
            ("wrong-type", "ACCESS_TOKEN_CLAIMS_INVALID"), ("hs256", "ACCESS_TOKEN_INVALID"), ("foreign-kid", "ACCESS_KEYS_INVALID"),
            ("big-jwks", "ACCESS_RESPONSE_INVALID"), ("big-body", "ACCESS_RESPONSE_INVALID"),
            ("metadata-host", "ACCESS_METADATA_INVALID"), ("metadata-iat", "ACCESS_METADATA_INVALID"),
            ("evil-issuer", "ACCESS_ISSUER_INVALID"), ("identity-mismatch", "ACCESS_IDENTITY_MISMATCH"),
            ("never", "ACCESS_TRANSFER_TIMED_OUT"),
        ]
        for (mode, code) in cases {
            try fake.mode(mode)
            // Each case fetches the issuer's keys itself (a cached set would hide big-jwks).
            try? FileManager.default.removeItem(atPath: fake.home + "/" + AccessKeyCache.fileName)
            let login = try fake.run(["access", "login", "first", "--json"])
            #expect(login.status == 6, "\(mode): \(login.stdout)")
            #expect(try Self.errorCode(login.stdout) == code, "\(mode): \(login.stdout)")
            #expect(try fake.registry().accessSessions().isEmpty, "\(mode) stored a session")
        }
        try fake.mode("none")
        let plain = try fake.run(["access", "login", "first"])
        #expect(plain.status == 0, "\(plain.stderr)")
    }

    /// The issuer's keys are kept a day; a key the cache lacks is fetched again once the
    /// cache is a minute old, and a fresh cache is not refetched.
    @Test func issuerKeysAreCachedAndRefetchedOnRotation() throws {
        let fake = try FakeAccess()
        #expect(try fake.run(["access", "login", "wss://gw.access.test"]).status == 0)
        let path = fake.home + "/" + AccessKeyCache.fileName
        let cached = try String(contentsOfFile: path, encoding: .utf8)
        #expect(cached.contains("https://team.cloudflareaccess.com") && cached.contains("key-1"))
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)

        // Only a foreign key cached, fetched just now: no refetch, the kid is unknown.
        let rotated = cached.replacingOccurrences(of: "key-1", with: "key-0")
        try rotated.write(toFile: path, atomically: false, encoding: .utf8)
        let fresh = try fake.run(["access", "login", "wss://gw.access.test", "--json"])
        #expect(try fresh.status == 6 && Self.errorCode(fresh.stdout) == "ACCESS_KEYS_INVALID", "\(fresh.stdout)")

        // The same, fetched two minutes ago: refetched once, and the sign-in works.
        let old = try #require(rotated.firstMatch(of: /"fetchedAtMs":(\d+)/).map { Int64($0.1)! })
        try rotated.replacingOccurrences(of: "\"fetchedAtMs\":\(old)", with: "\"fetchedAtMs\":\(old - 120_000)")
            .write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try fake.run(["access", "login", "wss://gw.access.test"]).status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("key-1"))
    }

    @Test func aURLOrSetupCodeTargetCreatesNoRegistryUntilSignedIn() throws {
        let fake = try FakeAccess()
        try fake.mode("tamper")
        #expect(try fake.run(["access", "login", "wss://gw.access.test/gateway"]).status == 6)
        #expect(!FileManager.default.fileExists(atPath: fake.home + "/" + GatewayRegistry.fileName))
        try fake.mode("none")
        let code = Base64URL.encode(Array(#"{"url":"wss://gw.access.test","expiresAtMs":4102444800000,"bootstrapToken":"b"}"#.utf8))
        let login = try fake.run(["access", "login", code, "--json"])
        #expect(try login.status == 0 && Self.json(login.stdout)["origin"] as? String == FakeAccess.origin)
        #expect(try fake.run(["access", "status", "https://GW.access.test:443/x"]).status == 0)
        #expect(try fake.run(["access", "login", "ws://gw.access.test"]).status == 3)
    }

    @Test func aServiceTokenNeedsNoBrowser() throws {
        let fake = try FakeAccess()
        try Self.twoEntries(fake)
        let values = fake.directory + "/values"
        for (name, value) in [("CF-Access-Client-Id", "svc.access"), ("CF-Access-Client-Secret", "svc-secret-9")] {
            try (value + "\n").write(toFile: values, atomically: true, encoding: .utf8)
            #expect(try fake.run(["gateways", "headers", "first", "set", name], stdinFile: values).status == 0)
        }
        let list = try fake.run(["gateways", "headers", "first", "--json"])
        #expect(list.stdout.contains(#"{"name":"CF-Access-Client-Secret","value":"<redacted>"}"#))
        #expect(!list.stdout.contains("svc-secret-9"))
        #expect(try fake.run(["gateways", "headers", "first", "--show-secrets"]).stdout.contains("CF-Access-Client-Secret: svc-secret-9"))

        let login = try fake.run(["access", "login", "first", "--json"])
        #expect(try login.status == 0 && Self.json(login.stdout)["outcome"] as? String == "serviceToken")
        #expect(!FileManager.default.fileExists(atPath: fake.browserLog), "no browser is opened")
        let probe = try fake.run(["probe", "first"])
        #expect(probe.status == 0, "\(probe.stdout)")
        #expect(try fake.seen().last?["serviceToken"] as? Bool == true)
        #expect(!probe.stdout.contains("svc-secret-9"))

        for name in ["Host", "Sec-WebSocket-Key", "Bad Name"] {
            let refused = try fake.run(["gateways", "headers", "first", "set", name, "--json"], stdinFile: values)
            #expect(try refused.status == 3 && Self.errorCode(refused.stdout) == "HEADER_INVALID")
        }
        try "a\u{1}b\n".write(toFile: values, atomically: true, encoding: .utf8)
        #expect(try fake.run(["gateways", "headers", "first", "set", "X-Control"], stdinFile: values).status == 3)
        #expect(try fake.run(["gateways", "headers", "first", "unset", "cf-access-client-secret"]).status == 0)
        #expect(try fake.registry().record(GatewayID(rawValue: "manual|gw.access.test|443"))?.credentials.customHeaders.map(\.name) == ["CF-Access-Client-Id"])
    }

    @Test func noBrowserPrintsTheURLAndCtrlCStopsCleanly() throws {
        let fake = try FakeAccess()
        try Self.twoEntries(fake)
        try fake.mode("never")
        var environment = fake.environment
        environment["CLAWPAIR_BROWSER"] = "/nonexistent-browser"
        let waiting = try GatewaysProcess([LabHosts.clawpair, "access", "login", "first", "--no-browser"], environment: environment)
        #expect(waiting.waitForStderr("open this URL to sign in:\nhttps://gw.access.test/cdn-cgi/access/cli?token="))
        kill(waiting.pid, SIGINT)
        #expect(waiting.wait() == 130)
        #expect(waiting.stderr.contains("interrupted; nothing was stored"))
        #expect(try fake.registry().accessSessions().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fake.browserLog))

        // A browser that cannot start: the URL is printed instead, and signing in from it works.
        try fake.mode("none")
        let login = try GatewaysProcess([LabHosts.clawpair, "access", "login", "second"], environment: environment)
        #expect(login.waitForStderr("could not start a browser"))
        #expect(login.waitForStderr("close_interstitial=true\n"))
        let url = try #require(login.stderr.split(separator: "\n").first { $0.hasPrefix("https://gw.access.test/cdn-cgi/access/cli?") })
        let browse = try GatewaysProcess.runExecutable(TestPython.interpreter!, [FakeAccess.script, "browse", String(url)], environment: environment)
        #expect(browse.status == 0, "\(browse.stderr)")
        #expect(login.wait() == 0, "\(login.stderr)")
        #expect(try fake.registry().accessSession(origin: FakeAccess.origin) != nil)
    }
}
