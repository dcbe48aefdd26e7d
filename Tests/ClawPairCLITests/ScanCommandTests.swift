import Foundation
import Testing
import ClawPairKit
@testable import ClawPairCLI

private let setupCode = SetupCodePayload(
    url: "wss://gw.example.ts.net", urls: ["ws://192.168.1.20:18789"], bootstrapToken: "tok-0123456789abcdef-secret",
    expiresAtMs: 1_900_000_000_000
).encoded()

@Suite struct ScanCommandTests {
    @Test func findsTheSetupCodeInAnInvertedRotatedPhoto() async throws {
        let directory = try ExternalTool.TemporaryDirectory()
        try ExternalTool.run("qrencode", ["-s", "5", "-o", "code.png", setupCode], in: directory.url)
        try ExternalTool.run("convert", ["code.png", "-negate", "-background", "black", "-rotate", "17", "photo.jpg"], in: directory.url)
        let result = await runCLI(["scan", "--json", directory.path("photo.jpg")])
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
        let shown = await runCLI(["scan", "--json", "--show-secrets", directory.path("photo.jpg")])
        #expect(shown.stdout.contains(setupCode))
    }

    @Test func setupCodeWinsAndAllListsEveryCode() async throws {
        let directory = try ExternalTool.TemporaryDirectory()
        try ExternalTool.run("qrencode", ["-s", "4", "-o", "url.png", "MENU soup of the day"], in: directory.url)
        try ExternalTool.run("qrencode", ["-s", "4", "-o", "code.png", setupCode], in: directory.url)
        try ExternalTool.run("convert", ["url.png", "code.png", "+append", "both.png"], in: directory.url)
        let one = await runCLI(["scan", "--json", directory.path("both.png")])
        #expect(one.status == 0)
        let first = try JSONParser.parse(one.stdout)
        guard case .array(let codes)? = first.arrayElement(0)?["codes"] else { Issue.record("no codes"); return }
        #expect(codes.count == 1)
        #expect(codes[0]["setupCode"] != nil)

        let all = await runCLI(["scan", "--json", "--all", directory.path("both.png")])
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

        #expect(await runCLI(["scan", directory.path("blank.png")]).status == 1)
        #expect(await runCLI(["scan", directory.path("notes.txt")]).status == 3)
        #expect(await runCLI(["scan", directory.path("empty.png")]).status == 3)
        #expect(await runCLI(["scan", directory.path("missing.png")]).status == 3)
        // A QR code that is not a setup code: invalid input, unless --all asked for any code.
        #expect(await runCLI(["scan", directory.path("menu.png")]).status == 3)
        #expect(await runCLI(["scan", "--all", directory.path("menu.png")]).status == 0)
        // Several images: the most serious outcome wins.
        #expect(await runCLI(["scan", "--all", directory.path("menu.png"), directory.path("blank.png")]).status == 1)
        #expect(await runCLI(["scan", directory.path("blank.png"), directory.path("notes.txt")]).status == 3)
        let json = await runCLI(["scan", "--json", directory.path("blank.png")])
        #expect(try JSONParser.parse(json.stdout).arrayElement(0)?["error"]?["code"] == "QR_NOT_FOUND")
    }

    @Test func readsStandardInput() async throws {
        let directory = try ExternalTool.TemporaryDirectory()
        try ExternalTool.run("qrencode", ["-o", "code.png", setupCode], in: directory.url)
        let captured = CapturedConsole(stdinBytes: Array(try Data(contentsOf: URL(fileURLWithPath: directory.path("code.png")))))
        let status = await CLI.run(["scan", "--json", "-"], console: captured.console)
        #expect(status == 0)
        #expect(try JSONParser.parse(captured.stdout).arrayElement(0)?["file"] == "<stdin>")
        #expect(await runCLI(["scan", "-", "-"]).status == 2)
    }

    @Test func hostileQRTextIsEscaped() async throws {
        let directory = try ExternalTool.TemporaryDirectory()
        try ExternalTool.run("qrencode", ["-o", "evil.png", "hi\u{1B}]0;owned\u{07}\u{1B}[2J"], in: directory.url)
        let result = await runCLI(["scan", "--all", directory.path("evil.png")])
        #expect(result.status == 0)
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
