import Testing
import ClawPairKit
@testable import ClawPairCLI

/// The one parser: global options before or after the command name, options a command does
/// not use refused, subcommands with their own help.
@Suite struct ArgumentParserTests {
    static let url = "ws://192.168.1.20:18789"
    /// A browse that needs no daemon: a unicast domain asked of a loopback port nobody serves.
    static let unicastBrowse = ["--backend", "unicast", "--domain", "example.invalid", "--dns", "127.0.0.1:9", "--timeout", "0.2"]

    @Test func globalOptionsMeanTheSameBeforeTheCommandName() async throws {
        let after = await runCLI(["decode", Self.url, "--json"])
        let before = await runCLI(["--json", "decode", Self.url])
        #expect(after.status == 0 && before.status == 0, "\(before.stderr)")
        #expect(try JSONParser.parse(before.stdout)["form"] == "url")
        #expect(before.stdout == after.stdout)

        let browseBefore = await runCLI(["--json", "browse"] + Self.unicastBrowse)
        let browseAfter = await runCLI(["browse"] + Self.unicastBrowse + ["--json"])
        #expect(browseBefore.status == 0, "\(browseBefore.stderr)")
        #expect(try JSONParser.parse(browseBefore.stdout) == .array([]))
        #expect(browseBefore.stdout == browseAfter.stdout)
    }

    @Test func globalOptionsMayStandBetweenAGroupAndItsSubcommand() async throws {
        let home = GatewaysCommandTests.Home()
        #expect(await runCLI(["gateways", "add", "a.lan", "--home", home.path]).status == 0)
        var outputs: [String] = []
        for arguments in [
            ["gateways", "list", "--json", "--home", home.path], ["--home", home.path, "--json", "gateways", "list"],
            ["gateways", "--json", "list", "--home=\(home.path)"], ["--json", "gateways", "--home", home.path, "list"],
        ] {
            let result = await runCLI(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            outputs.append(result.stdout)
        }
        guard case .array(let rows) = try JSONParser.parse(outputs[0]) else { Issue.record("not an array: \(outputs[0])"); return }
        #expect(rows.map { $0["id"] } == [.string("manual|a.lan|18789")])
        #expect(Set(outputs).count == 1)
    }

    @Test func noColorBeforeOrAfterTheCommandTurnsColourOff() async {
        let coloured = await runCLI(["decode", Self.url], terminal: true)
        #expect(coloured.status == 0)
        #expect(coloured.stdout.contains("\u{1B}["))
        for (arguments, environment) in [
            (["--no-color", "decode", Self.url], [:]), (["decode", Self.url, "--no-color"], [:]), (["decode", Self.url], ["NO_COLOR": "1"]),
        ] as [([String], [String: String])] {
            let plain = await runCLI(arguments, environment: environment, terminal: true)
            #expect(plain.status == 0, "\(arguments)")
            #expect(!plain.stdout.contains("\u{1B}"), "\(arguments)")
            #expect(plain.stdout == coloured.stdout.withoutANSIStyles, "\(arguments)")
        }
        // Errors on stderr too.
        #expect(await runCLI(["decode", "ws://"], terminal: true).stderr.contains("\u{1B}["))
        #expect(!(await runCLI(["--no-color", "decode", "ws://"], terminal: true).stderr.contains("\u{1B}")))
    }

    @Test(arguments: [
        ["decode", "--home", "/tmp/x", url], ["--home", "/tmp/x", "decode", url], ["qr", "--show-secrets", "hello"], ["--show-secrets", "qr", "hello"],
        ["scan", "--home", "/tmp/x", "a.png"], ["browse", "--show-secrets"], ["doctor", "--all"], ["gateways", "list", "--show-secrets"],
        ["gateways", "--show-secrets", "list"], ["gateways", "add", "a.lan", "--yes"], ["gateways", "rename", "a", "b", "--fingerprint", "x"],
        ["--yes", "gateways", "forget", "x"], ["gateways", "--yes", "forget", "x"],
    ])
    func anOptionTheCommandDoesNotUseIsAUsageError(arguments: [String]) async throws {
        let result = await runCLI(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("does not apply to") || result.stderr.contains("is not a global option"), "\(result.stderr)")
        let json = await runCLI(["--json"] + arguments)
        #expect(json.status == 2)
        #expect(try JSONParser.parse(json.stdout)["error"]?["code"] == "USAGE")
    }

    /// The state directory is an option only of the commands that keep state (the list the
    /// man page gives), so nowhere is it accepted and ignored.
    @Test func homeIsAcceptedExactlyWhereStateIsKept() {
        func paths(_ specs: [CommandSpec]) -> [CommandSpec] { specs.flatMap { $0.isGroup ? paths($0.subcommands) : [$0] } }
        let accepting = Set(paths(CLI.commands).filter { $0.accepts(.home) }.map(\.path))
        let gateways = GatewaysCommand.spec.subcommands.map(\.path)
        let access = AccessCommand.spec.subcommands.map(\.path)
        // completions: for --gateways, the registry's ids and names.
        #expect(accepting == Set(["browse", "resolve", "probe", "doctor", "pair", "daemon", "status", "sim", "completions"] + gateways + access))
        #expect(
            Set(paths(CLI.commands).filter { $0.accepts(.showSecrets) }.map(\.path))
                == ["decode", "scan", "pair", "gateways show", "gateways headers", "probe"])
        #expect(paths(CLI.commands).allSatisfy { $0.accepts(.json) && $0.accepts(.noColor) && $0.accepts(.help) })
    }

    @Test func subcommandsHaveTheirOwnHelp() async {
        let list = await runCLI(["gateways", "list", "--help"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("Usage: clawpair gateways list [--json]"))
        #expect(list.stdout.contains("--home DIR") && !list.stdout.contains("--fingerprint"))
        let trust = await runCLI(["help", "gateways", "trust"])
        #expect(trust.status == 0)
        #expect(trust.stdout.contains("Usage: clawpair gateways trust") && trust.stdout.contains("--fingerprint HEX"))
        let group = await runCLI(["gateways", "--help"])
        #expect(group.status == 0)
        for name in ["list", "show", "add", "focus", "bolt", "unbolt", "forget", "rename", "trust"] {
            #expect(group.stdout.contains("\n  \(name) "), "\(name)")
        }
        let missing = await runCLI(["gateways"])
        #expect(missing.status == 2 && missing.stderr.contains("missing subcommand"))
        let unknown = await runCLI(["gateways", "lsit"])
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean 'list'?"))
    }

    @Test func aMissingCommandAfterGlobalOptionsIsAUsageError() async {
        let result = await runCLI(["--json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("missing command"))
        #expect(await runCLI(["--json", "--version"]).stdout == "clawpair \(ClawPairVersion.current)\n")
    }
}

extension String {
    /// Without `ESC [ … m` sequences.
    var withoutANSIStyles: String {
        var result = ""
        var inEscape = false
        for character in self {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
