import Testing
import ClawPairKit
@testable import ClawPairCLI

private let vector =
    "eyJ1cmwiOiJ3czovLzE5Mi4xNjguMS4yMDoxODc4OSIsImJvb3RzdHJhcFRva2VuIjoicTNYdjltTjJwTDhzUjR0Vzd5WjFhQjVjRDZlRjBnSDJpSjNrTDRtTjVvUCIsImV4cGlyZXNBdE1zIjoxNzkwMDAwMDAwMDAwfQ"
private let token = "q3Xv9mN2pL8sR4tW7yZ1aB5cD6eF0gH2iJ3kL4mN5oP"

@Suite struct DecodeCommandTests {
    @Test func jsonHasTheContractKeys() async throws {
        let result = await runCLI(["decode", vector, "--json"])
        #expect(result.status == 0)
        let json = try JSONParser.parse(result.stdout)
        guard case .object(let members) = json else { Issue.record("not an object"); return }
        #expect(members.map(\.0) == ["form", "primary", "fallbacks", "auth", "expiresAtMs", "tlsFingerprint", "access"])
        #expect(json["form"] == "setup-code")
        guard case .object(let primary)? = json["primary"] else { Issue.record("no primary"); return }
        #expect(primary.map(\.0) == ["url", "host", "port", "tls", "contextPath", "local"])
        #expect(json["primary"]?["url"] == "ws://192.168.1.20:18789")
        #expect(json["auth"] == ["kind": "bootstrapToken", "secret": "<redacted>"])
        #expect(json["expiresAtMs"] == .integer(1_790_000_000_000))
        #expect(json["tlsFingerprint"] == .null)
        #expect(json["access"] == "limited")
    }

    @Test func secretsOnlyWithShowSecrets() async {
        let redacted = await runCLI(["decode", vector])
        #expect(!redacted.stdout.contains(token) && !redacted.stderr.contains(token))
        #expect(redacted.stdout.contains("<redacted>"))
        let shown = await runCLI(["decode", vector, "--show-secrets", "--json"])
        #expect(shown.stdout.contains(token))
    }

    /// A skipped route's URL is shown as the code named it, so a user:password in it would be
    /// printed next to the redacted token.
    @Test func skippedRouteCredentialsOnlyWithShowSecrets() async throws {
        let code = SetupCodePayload(
            url: "wss://gw.example.ts.net", urls: ["ws://operator:pw-skipped-6d6d6d@192.168.1.20:18789"], bootstrapToken: token
        ).encoded()
        for arguments in [["decode", code], ["decode", "--json", code]] {
            let result = await runCLI(arguments)
            #expect(result.status == 0)
            #expect(!result.stdout.contains("pw-skipped-6d6d6d") && !result.stderr.contains("pw-skipped-6d6d6d"), "\(arguments)")
        }
        let json = try JSONParser.parse(await runCLI(["decode", "--json", code]).stdout)
        #expect(json["ignoredRoutes"]?.arrayElement(0)?["url"] == "<redacted>")
        #expect(json["ignoredRoutes"]?.arrayElement(0)?["code"] == "SETUP_CODE_INVALID")
        let shown = await runCLI(["decode", "--show-secrets", code])
        #expect(shown.stdout.contains("ws://operator:pw-skipped-6d6d6d@192.168.1.20:18789"))
    }

    @Test func readsStdinWithDashOrNoArgument() async {
        for arguments in [["decode", "-"], ["decode"]] {
            let result = await runCLI(arguments + ["--json"], stdin: "Setup code: \(vector)\n")
            #expect(result.status == 0)
            #expect(result.stdout.contains("192.168.1.20"))
        }
    }

    @Test func expiredIsExit3WithCodeAndRemedy() async throws {
        let result = await runCLI(["decode", vector, "--json"], nowMs: 1_796_000_000_000)
        #expect(result.status == 3)
        let json = try JSONParser.parse(result.stdout)
        #expect(json["error"]?["code"] == "SETUP_CODE_EXPIRED")
        #expect(json["error"]?["remedy"]?.stringValue?.contains("openclaw qr") == true)
        let human = await runCLI(["decode", vector], nowMs: 1_796_000_000_000)
        #expect(human.stdout.isEmpty)
        #expect(human.stderr.contains("expired at 2026-09-21T14:13:20Z"))
    }

    @Test func nowOverridesTheClock() async {
        #expect(await runCLI(["decode", vector, "--now", "1796000000000"], nowMs: 0).status == 3)
        #expect(await runCLI(["decode", vector, "--now=1780000000000"], nowMs: 1_796_000_000_000).status == 0)
        #expect(await runCLI(["decode", vector, "--now", "soon"]).status == 2)
    }

    @Test(arguments: [
        ("not a code", "SETUP_CODE_INVALID"), ("ws://203.0.113.9", "SETUP_CODE_INSECURE_URL"),
        (#"{"url":"wss://h.example.com","tlsFingerprint":"abc"}"#, "SETUP_CODE_BAD_FINGERPRINT"),
        (#"{"url":"ws://h.local","tlsFingerprint":"\#(String(repeating: "ab", count: 32))"}"#, "SETUP_CODE_FINGERPRINT_WITHOUT_TLS"),
    ])
    func rejectionsHaveTheirOwnCodes(input: String, code: String) async throws {
        let result = await runCLI(["decode", "--json", "-"], stdin: input)
        #expect(result.status == 3)
        #expect(try JSONParser.parse(result.stdout)["error"]?["code"] == .string(code))
    }

    @Test func hostileTextIsEscapedInHumanOutput() async {
        let result = await runCLI(["decode", "openclaw://gateway/add?url=https://gw.example.com&name=evil%1B%5D0;pwned%07"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains("evil\\x1b]0;pwned\\x07"))
    }
}

@Suite struct ArgumentHandlingTests {
    @Test func versionAndHelp() async {
        let version = await runCLI(["--version"])
        #expect(version.status == 0 && version.stdout == "clawpair \(ClawPairVersion.current)\n")
        for arguments in [["--help"], ["help"], ["help", "decode"], ["decode", "--help"], ["scan", "-h"], ["qr", "--help"]] {
            let result = await runCLI(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout.contains("Usage: clawpair"), "\(arguments)")
        }
    }

    @Test(arguments: [["decode", "--bogus"], ["decode", "a", "b"], ["frobnicate"], [], ["decode", "--now"], ["decode", "--json=1"], ["scan"]])
    func usageErrorsExit2(arguments: [String]) async {
        let result = await runCLI(arguments)
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
    }

    @Test func usageErrorWithJSONIsAlsoJSON() async throws {
        let result = await runCLI(["decode", "--json", "--bogus"])
        #expect(result.status == 2)
        #expect(try JSONParser.parse(result.stdout)["error"]?["code"] == "USAGE")
    }

    @Test func doubleDashEndsOptions() async {
        let result = await runCLI(["decode", "--json", "--", "--not-an-option"])
        #expect(result.status == 3)
    }

    @Test func terminalEscaping() {
        #expect(TerminalText.escape("a\u{1B}[2Jb\u{9B}c\u{202E}d\\") == "a\\x1b[2Jb\\u{009b}c\\u{202e}d\\\\")
        #expect(TerminalText.escape("Küche 🦞") == "Küche 🦞")
    }
}
