import Foundation
import Testing
import ClawPairKit
@testable import ClawPairCLI

private let setupCode = SetupCodePayload(
    url: "wss://gw.example.ts.net", urls: ["ws://192.168.1.20:18789"], bootstrapToken: "tok-0123456789abcdef-secret",
    expiresAtMs: 1_900_000_000_000
).encoded()

/// A code these tests put in a picture that carries a credential, and that credential.
struct SecretCode: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let token: String
    var testDescription: String { name }
}

/// Codes `scan` rejects although they carry a token: the raw text spells the token (in
/// base64 or in clear), so it is as secret as the token.
private let rejectedSecretCodes: [SecretCode] = [
    SecretCode(
        name: "expired",
        text: SetupCodePayload(url: "ws://192.168.1.20:18789", bootstrapToken: "tok-expired-5f1c9a", expiresAtMs: 1_000).encoded(),
        token: "tok-expired-5f1c9a"),
    SecretCode(
        name: "insecure ws:// to a public host",
        text: SetupCodePayload(url: "ws://203.0.113.9:18789", bootstrapToken: "tok-insecure-77b2e0").encoded(),
        token: "tok-insecure-77b2e0"),
    SecretCode(
        name: "bad pin",
        text: SetupCodePayload(url: "wss://gw.example.ts.net", bootstrapToken: "tok-badpin-c3d4e5", tlsFingerprint: "zz").encoded(),
        token: "tok-badpin-c3d4e5"),
    SecretCode(
        name: "bad port",
        text: SetupCodePayload(url: "ws://192.168.1.20:99999", bootstrapToken: "tok-badport-9a8b7c").encoded(),
        token: "tok-badport-9a8b7c"),
    SecretCode(name: "userinfo", text: "ws://operator:pw-userinfo-4e4e4e@192.168.1.20:18789", token: "pw-userinfo-4e4e4e"),
    SecretCode(
        name: "deep link with token=", text: "openclaw://gateway?host=203.0.113.9&port=18789&token=tok-deeplink-1a2b3c",
        token: "tok-deeplink-1a2b3c"),
]

/// Every secret of this file: no output of a scan may show one without --show-secrets.
private let secretCodes = [SecretCode(name: "valid", text: setupCode, token: "tok-0123456789abcdef-secret")] + rejectedSecretCodes

/// Fails the test when stdout or stderr of `clawpair scan ARGS…` shows a secret of
/// ``secretCodes`` (its token, or the code text that spells it) without --show-secrets.
private func expectNoSecrets(_ arguments: [String], stdout: String, stderr: String) {
    guard !arguments.contains("--show-secrets") else { return }
    for code in secretCodes {
        for secret in [code.token, code.text] {
            #expect(!stdout.contains(secret), "scan \(arguments) printed the secret of \(code.name) on stdout")
            #expect(!stderr.contains(secret), "scan \(arguments) printed the secret of \(code.name) on stderr")
        }
    }
}

/// `clawpair scan ARGS…` in-process, every output checked by ``expectNoSecrets``.
private func runScan(_ arguments: [String]) async -> (status: Int32, stdout: String, stderr: String) {
    let result = await runCLI(["scan"] + arguments)
    expectNoSecrets(arguments, stdout: result.stdout, stderr: result.stderr)
    return result
}

@Suite struct ScanCommandTests {
    @Test func findsTheSetupCodeInAnInvertedRotatedPhoto() async throws {
        let directory = try ExternalTool.TemporaryDirectory()
        try ExternalTool.run("qrencode", ["-s", "5", "-o", "code.png", setupCode], in: directory.url)
        try ExternalTool.run("convert", ["code.png", "-negate", "-background", "black", "-rotate", "17", "photo.jpg"], in: directory.url)
        let result = await runScan(["--json", directory.path("photo.jpg")])
        #expect(result.status == 0)
        let json = try JSONParser.parse(result.stdout)
        guard case .array(let images) = json, let image = images.first, case .array(let codes)? = image["codes"] else {
            Issue.record("unexpected JSON \(result.stdout)")
            return
        }
        #expect(image["file"] == .string(directory.path("photo.jpg")))
        #expect(codes.count == 1)
        #expect(codes.first?["text"] == "<redacted>")
        #expect(codes.first?["setupCode"]?["primary"]?["url"] == "wss://gw.example.ts.net:443")
        #expect(!result.stdout.contains("tok-0123456789abcdef-secret"))
        let shown = await runScan(["--json", "--show-secrets", directory.path("photo.jpg")])
        #expect(shown.stdout.contains(setupCode))
    }

    @Test func setupCodeWinsAndAllListsEveryCode() async throws {
        let directory = try ExternalTool.TemporaryDirectory()
        try ExternalTool.run("qrencode", ["-s", "4", "-o", "url.png", "MENU soup of the day"], in: directory.url)
        try ExternalTool.run("qrencode", ["-s", "4", "-o", "code.png", setupCode], in: directory.url)
        try ExternalTool.run("convert", ["url.png", "code.png", "+append", "both.png"], in: directory.url)
        let one = await runScan(["--json", directory.path("both.png")])
        #expect(one.status == 0)
        let first = try JSONParser.parse(one.stdout)
        guard case .array(let codes)? = first.arrayElement(0)?["codes"] else { Issue.record("no codes"); return }
        #expect(codes.count == 1)
        #expect(codes[0]["setupCode"] != nil)

        let all = await runScan(["--json", "--all", directory.path("both.png")])
        #expect(all.status == 0)
        guard case .array(let every)? = try JSONParser.parse(all.stdout).arrayElement(0)?["codes"] else { Issue.record("no codes"); return }
        #expect(every.count == 2)
        #expect(every.contains { $0["text"] == "MENU soup of the day" && $0["error"]?["code"] == "SETUP_CODE_INVALID" })
    }

    @Test func exitStatuses() async throws {
        let directory = try ExternalTool.TemporaryDirectory()
        try ExternalTool.run("convert", ["-size", "200x200", "xc:white", "blank.png"], in: directory.url)
        try ExternalTool.run("qrencode", ["-o", "menu.png", "MENU soup of the day"], in: directory.url)
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: directory.path("notes.txt")))
        try Data().write(to: URL(fileURLWithPath: directory.path("empty.png")))

        #expect(await runScan([directory.path("blank.png")]).status == 1)
        #expect(await runScan([directory.path("notes.txt")]).status == 3)
        #expect(await runScan([directory.path("empty.png")]).status == 3)
        #expect(await runScan([directory.path("missing.png")]).status == 3)
        // Several images: the most serious outcome wins.
        #expect(await runScan([directory.path("blank.png"), directory.path("notes.txt")]).status == 3)
        let json = await runScan(["--json", directory.path("blank.png")])
        #expect(try JSONParser.parse(json.stdout).arrayElement(0)?["error"]?["code"] == "QR_NOT_FOUND")
    }

    /// What is listed does not change the verdict: an image whose only code is not a setup code
    /// is invalid input with --all too, and one that holds a setup code succeeds either way.
    @Test(arguments: [[], ["--all"]], [[], ["--json"]])
    func exitStatusIsTheSameWhateverIsListed(listing: [String], format: [String]) async throws {
        let directory = try ExternalTool.TemporaryDirectory()
        try ExternalTool.run("convert", ["-size", "200x200", "xc:white", "blank.png"], in: directory.url)
        try ExternalTool.run("qrencode", ["-s", "4", "-o", "menu.png", "MENU soup of the day"], in: directory.url)
        try ExternalTool.run("qrencode", ["-s", "4", "-o", "code.png", setupCode], in: directory.url)
        try ExternalTool.run("convert", ["menu.png", "code.png", "+append", "both.png"], in: directory.url)
        func status(_ files: String...) async -> Int32 { await runScan(listing + format + files.map(directory.path)).status }
        #expect(await status("menu.png") == 3)
        #expect(await status("both.png") == 0)
        #expect(await status("code.png") == 0)
        #expect(await status("blank.png") == 1)
        #expect(await status("menu.png", "blank.png") == 3)
        #expect(await status("both.png", "blank.png") == 1)
    }

    @Test func readsStandardInput() async throws {
        let directory = try ExternalTool.TemporaryDirectory()
        try ExternalTool.run("qrencode", ["-o", "code.png", setupCode], in: directory.url)
        let captured = CapturedConsole(stdinBytes: Array(try Data(contentsOf: URL(fileURLWithPath: directory.path("code.png")))))
        let status = await CLI.run(["scan", "--json", "-"], console: captured.console)
        expectNoSecrets(["--json", "-"], stdout: captured.stdout, stderr: captured.stderr)
        #expect(status == 0)
        #expect(try JSONParser.parse(captured.stdout).arrayElement(0)?["file"] == "<stdin>")
        #expect(await runScan(["-", "-"]).status == 2)
    }

    @Test(arguments: rejectedSecretCodes)
    func rejectedCodesAreRedactedInEveryOutput(_ code: SecretCode) async throws {
        let directory = try ExternalTool.TemporaryDirectory()
        try ExternalTool.run("qrencode", ["-o", "code.png", code.text], in: directory.url)
        for listing in [[], ["--all"]] {
            let text = await runScan(listing + [directory.path("code.png")])
            #expect(text.status == 3)
            #expect(text.stdout.contains("QR code: <redacted>"), "\(text.stdout)")
            let json = await runScan(listing + ["--json", directory.path("code.png")])
            #expect(json.status == 3)
            let entry = try JSONParser.parse(json.stdout).arrayElement(0)?["codes"]?.arrayElement(0)
            #expect(entry?["text"] == "<redacted>")
            #expect(entry?["error"]?["code"]?.stringValue?.hasPrefix("SETUP_CODE_") == true)
        }
        let shown = await runScan(["--json", "--show-secrets", directory.path("code.png")])
        #expect(try JSONParser.parse(shown.stdout).arrayElement(0)?["codes"]?.arrayElement(0)?["text"] == .string(code.text))
    }

    @Test func hostileQRTextIsEscaped() async throws {
        let directory = try ExternalTool.TemporaryDirectory()
        try ExternalTool.run("qrencode", ["-o", "evil.png", "hi\u{1B}]0;owned\u{07}\u{1B}[2J"], in: directory.url)
        let result = await runScan(["--all", directory.path("evil.png")])
        #expect(result.status == 3)  // not a setup code
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains("hi\\x1b]0;owned\\x07\\x1b[2J"))
    }
}

extension JSONValue {
    func arrayElement(_ index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
