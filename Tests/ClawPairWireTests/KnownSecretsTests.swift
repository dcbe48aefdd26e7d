import Testing
@testable import ClawPairWire

@Suite struct KnownSecretsTests {
    @Test func hidesEveryOccurrenceLongestFirst() {
        let secrets = KnownSecrets(["tok3n-abcdef", "tok3n", "abc"])
        #expect(secrets.values == ["tok3n-abcdef", "tok3n"])  // "abc" is too short to be a credential
        #expect(secrets.redact("a tok3n-abcdef and tok3n, abc") == "a <redacted> and <redacted>, abc")
        #expect(secrets.redact("tok3ntok3n") == "<redacted><redacted>")
        #expect(KnownSecrets([]).redact("tok3n") == "tok3n")
    }

    /// A capture cut at 512 bytes inside a secret keeps its start: that part is hidden too.
    @Test func hidesASecretCutAtTheEndOfTheCapture() {
        let secrets = KnownSecrets(["Bearer s3cret-value-0123456789"])
        #expect(secrets.redact("echo: Bearer s3cret-va") == "echo: <redacted>")
        #expect(secrets.redact("echo: Bea") == "echo: Bea")  // under four bytes: not a credential's start
        #expect(secrets.redact("echo: Bearer s3cret-value-0123456789 done") == "echo: <redacted> done")
    }

    @Test func walksJSONValuesNotNames() {
        let secrets = KnownSecrets(["hunter22"])
        let detail: JSONValue = ["headers": ["X-Echo": "hunter22", "hunter22": "name"], "body": "pw=hunter22&x=1", "status": 400, "list": ["hunter22"]]
        #expect(secrets.redact(detail) == ["headers": ["X-Echo": "<redacted>", "hunter22": "name"], "body": "pw=<redacted>&x=1", "status": 400, "list": ["<redacted>"]])
    }

    /// Knuth–Morris–Pratt: a secret that repeats itself over a text that almost matches it
    /// everywhere is still found in one pass (a naive scan compares m bytes at each of n
    /// positions); the result is checked, not the time.
    @Test func aHostileRepetitionIsFoundInOnePass() {
        let secret = String(repeating: "a", count: 2_000) + "b"
        let text = String(repeating: "a", count: 64 * 1024) + "b"
        let redacted = KnownSecrets([secret]).redact(text)
        #expect(redacted == String(repeating: "a", count: 64 * 1024 - 2_000) + "<redacted>")
        #expect(KnownSecrets.prefixFunction(Array("aabaaab".utf8)) == [0, 1, 0, 1, 2, 2, 3])
    }

    @Test func aReportIsRedactedInDetailsAndMessages() {
        let route = try! GatewayRoute(url: "ws://127.0.0.1:18789")
        let candidate = RouteCandidate(route: route, source: .manual, order: 1)
        let report = ProbeReport(target: "t", routes: [
            RouteProbe(
                candidate: candidate, stages: [ProbeStage(layer: .http, status: .failed, milliseconds: 1, detail: ["body": "k=s3cret-key"])],
                failure: ProbeFailure(layer: .http, code: .httpUnexpectedStatus, message: "answered with s3cret-key"))
        ])
        let redacted = report.redacting(KnownSecrets(["s3cret-key"]))
        #expect(redacted.routes[0].stages[0].detail == ["body": "k=<redacted>"])
        #expect(redacted.routes[0].failure?.message == "answered with <redacted>")
    }
}
