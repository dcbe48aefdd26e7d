import Foundation
import Testing
import ClawPairKit
@testable import ClawPairCLI

@Suite struct QRCommandTests {
    static let text = "Gateway – Küche 🦞 " + SetupCodePayload(url: "wss://gw.example.ts.net", bootstrapToken: "abc").encoded()

    @Test func pngDecodesBackWithZbarimgAndScan() async throws {
        let directory = try ExternalTool.TemporaryDirectory()
        let file = directory.path("code.png")
        let result = await runCLI(["qr", "--format", "png", "--output", file, "-"], stdin: Self.text + "\n")
        #expect(result.status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let zbar = try ExternalTool.run("zbarimg", ["--nodbus", "-q", "--raw", "-Sbinary", file], in: directory.url)
        #expect(zbar.status == 0)
        #expect(zbar.stdout == Self.text + "\n" || zbar.stdout == Self.text)
        let scanned = await runCLI(["scan", "--all", "--json", "--show-secrets", file])
        #expect(try JSONParser.parse(scanned.stdout).arrayElement(0)?["codes"]?.arrayElement(0)?["text"] == .string(Self.text))
    }

    @Test(arguments: ["L", "M", "Q", "H"])
    func levelsAndInvertedSVGDecode(level: String) async throws {
        let directory = try ExternalTool.TemporaryDirectory()
        let svg = directory.path("code.svg")
        #expect(await runCLI(["qr", "--format", "svg", "--level", level, "--invert", "-o", svg, "hello \(level)"]).status == 0)
        try ExternalTool.run("convert", ["-density", "96", svg, "code.png"], in: directory.url)
        let scanned = await runCLI(["scan", "--all", "--json", directory.path("code.png")])
        #expect(try JSONParser.parse(scanned.stdout).arrayElement(0)?["codes"]?.arrayElement(0)?["text"] == .string("hello \(level)"))
    }

    @Test func terminalOutputHasQuietZoneAndInverts() async {
        let plain = await runCLI(["qr", "hello"])
        let inverted = await runCLI(["qr", "--invert", "hello"])
        #expect(plain.status == 0)
        let lines = plain.stdout.split(separator: "\n")
        // Margin 2 modules: the first line is all light (blocks when not inverted).
        #expect(lines.first?.allSatisfy { $0 == "█" } == true)
        #expect(inverted.stdout.split(separator: "\n").first?.allSatisfy { $0 == " " } == true)
        #expect(!plain.stdout.contains("\u{1B}"))  // not a terminal: no colour
        let wide = await runCLI(["qr", "--margin", "4", "hello"])
        #expect(wide.stdout.split(separator: "\n").first!.count == lines.first!.count + 4)
    }

    @Test(arguments: [
        ["qr", "--format", "png", "x"], ["qr", "--format", "gif", "-o", "/tmp/x", "x"], ["qr", "--level", "Z", "x"],
        ["qr", "--margin", "-1", "x"], ["qr", "--scale", "0", "x"], ["qr", "--margin", "999", "x"],
    ])
    func usageErrors(arguments: [String]) async {
        #expect(await runCLI(arguments).status == 2)
    }

    @Test func tooLongTextIsInvalidInput() async {
        let result = await runCLI(["qr", "--json", String(repeating: "x", count: 4000)])
        #expect(result.status == 3)
        #expect(result.stdout.contains("QR_ENCODE_FAILED"))
    }
}
