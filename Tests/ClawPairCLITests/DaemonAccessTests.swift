import ClawPairKit
import ClawPairTestSupport
import Foundation
import Testing

/// The daemon and Cloudflare Access (issue 14): a bolted gateway behind the fake Access of
/// Tests/Harness/fake-access.py pauses while its origin's session has expired, saying which
/// `access login` to run, connects with the new token once the user has signed in again, and
/// pauses at the challenge again after `access logout`.
@Suite(.serialized) struct DaemonAccessTests {
    @Test func pausesOnAnExpiredSessionAndResumesAfterSigningInAgain() throws {
        let fake = try FakeAccess()
        #expect(try fake.run(["gateways", "add", "wss://gw.access.test", "--name", "edge"]).status == 0)
        let registry = try fake.registry()
        let id = try registry.resolve("edge")
        let record = try #require(try registry.record(id))
        // Paired earlier: an operator device token, so the session has a credential to send.
        try registry.storePairing(GatewayPairing(
            entry: record.entry, credentials: GatewaySecrets(), pin: nil,
            deviceTokens: [DeviceToken(role: "operator", token: Secret("device-token-edge"), scopes: ["operator.read"], issuedAtMs: 1)],
            focusIfNone: false))
        _ = try registry.bolt(id)
        let stale = "stale.access.token"
        try registry.storeAccessSession(origin: FakeAccess.origin, token: Secret(stale), subject: FakeAccess.subject, expiresAtMs: 1_000)

        // Ended by SIGTERM below, or killed when the process object goes on a thrown error.
        let daemon = try DaemonProcess(homePath: fake.home, environment: fake.environment)
        let paused = try DaemonProcess.waitFor(homePath: fake.home, "the operator session paused for Access") {
            DaemonProcess.session($0, id.rawValue, "operator")?["state"]?.stringValue == "paused"
        }
        let lastError = DaemonProcess.session(paused, id.rawValue, "operator")?["lastError"]
        #expect(lastError?["code"]?.stringValue == "ACCESS_SESSION_EXPIRED")
        #expect(lastError?["remedy"]?.stringValue?.contains("clawpair access login") == true)
        // Nothing reached the edge with the expired token, and nothing opened a browser.
        #expect(try fake.seen().allSatisfy { $0["path"] as? String != "/" })
        #expect(!FileManager.default.fileExists(atPath: fake.browserLog))

        // The user signs in again; the daemon follows the registry and connects with it.
        let login = try fake.run(["access", "login", "edge"])
        #expect(login.status == 0, "\(login.stderr)")
        let token = try #require(try registry.accessSession(origin: FakeAccess.origin)).token.revealed
        try DaemonProcess.waitFor(homePath: fake.home, "the session no longer paused") {
            DaemonProcess.session($0, id.rawValue, "operator")?["state"]?.stringValue != "paused"
        }
        let deadline = Date().addingTimeInterval(30)  // hang guard
        while try !fake.seen().contains(where: { $0["path"] as? String == "/" && $0["token"] as? Bool == true }), Date() < deadline {
            usleep(20_000)
        }
        #expect(try fake.seen().contains { $0["path"] as? String == "/" && $0["token"] as? Bool == true })

        // Signed out: the session restarts without the token and pauses at Access's challenge.
        #expect(try fake.run(["access", "logout", "edge"]).status == 0)
        let signedOut = try DaemonProcess.waitFor(homePath: fake.home, "the session paused after logout") {
            DaemonProcess.session($0, id.rawValue, "operator")?["state"]?.stringValue == "paused"
        }
        let challenge = DaemonProcess.session(signedOut, id.rawValue, "operator")?["lastError"]
        #expect(challenge?["code"]?.stringValue == "HTTP_ACCESS_CHALLENGE")
        #expect(challenge?["remedy"]?.stringValue?.contains("clawpair access login") == true)

        #expect(daemon.terminate() == 0)
        let status = try GatewaysProcess.run(["gateways", "show", "edge"], environment: fake.environment)
        for output in fake.outputs + [daemon.log, status.stdout, status.stderr] {
            #expect(!output.contains(token) && !output.contains(stale) && !output.contains("device-token-edge"))
        }
    }
}
