import Foundation
import Testing
@testable import ClawPairCLI
@testable import ClawPairKit

/// Issue 15 §6, "small slips": each behaviour as a user meets it.
@Suite struct SmallSlipsTests {
    @Test func aZeroTimeoutSaysWhatIsAllowed() async {
        let result = await runCLI(["probe", "gw.lan", "--timeout", "0"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--timeout takes seconds more than 0 and at most 600, not '0'"), "\(result.stderr)")
        // pair --wait allows 0 (do not wait for approval), and says so.
        let wait = await runCLI(["pair", "x", "--wait", "soon"])
        #expect(wait.status == 2 && wait.stderr.contains("--wait takes seconds from 0 to"), "\(wait.stderr)")
    }

    @Test func helpTextsCiteNoSpecFileUsersDoNotHave() async {
        for command in [["gateways"], ["gateways", "add"], ["probe"], ["pair"], ["sim"], ["browse"]] {
            let result = await runCLI(command + ["--help"])
            #expect(!result.stdout.contains("spec/"), "\(command): \(result.stdout)")
        }
    }

    @Test func simHelpListsEachOptionOnce() async {
        let result = await runCLI(["sim", "--help"])
        let options = result.stdout.split(separator: "\n").compactMap { line -> String? in
            // Option lines are indented; the discussion's lines are not.
            let trimmed = line.drop { $0 == " " }
            guard trimmed.count < line.count, trimmed.hasPrefix("--") else { return nil }
            return String(trimmed.prefix { $0 != " " && $0 != "," })
        }
        #expect(options.contains("--home"))
        #expect(options.count == Set(options).count, "\(options)")
    }

    /// no-color.org: only a non-empty NO_COLOR counts; a dumb terminal gets no colour.
    @Test(arguments: [
        ([:], true), (["NO_COLOR": ""], true), (["NO_COLOR": "1"], false), (["NO_COLOR": "0"], false),
        (["TERM": "dumb"], false), (["TERM": "xterm-256color"], true), (["TERM": "dumb", "NO_COLOR": ""], false),
    ] as [([String: String], Bool)])
    func colourFollowsNoColorAndTerm(environment: [String: String], colour: Bool) async {
        #expect(CLI.colorAllowed(environment) == colour)
        // Through a real command on a terminal: doctor colours its status words.
        let result = await runCLI(["doctor", "--home", "/nonexistent/clawpair-slips"], environment: environment, terminal: true)
        #expect(result.stdout.contains("\u{1B}[") == colour, "\(environment): \(result.stdout.prefix(200))")
    }

    @Test func aRejectionIsSaidOnce() {
        let gateway = GatewayConnectError.pairingRejected(message: "pairing rejected (requestId: 7e57a11d-0007-4000-8000-000000000007)")
        #expect(gateway.message == "pairing rejected (requestId: 7e57a11d-0007-4000-8000-000000000007)")
        #expect(GatewayConnectError.pairingRejected(message: "denied by the operator").message == "pairing rejected: denied by the operator")
        #expect(GatewayConnectError.protocolMismatch(message: "protocol mismatch: 4–4").message == "protocol mismatch: 4–4")
    }

    @Test func showSaysNoTLSForAPlaintextEntry() async throws {
        let home = GatewaysCommandTests.Home()
        #expect(await GatewaysCommandTests.gateways(home, ["add", "ws://plain.local:18789"]).status == 0)
        #expect(await GatewaysCommandTests.gateways(home, ["add", "wss://secure.lan:443"]).status == 0)
        let plain = await GatewaysCommandTests.gateways(home, ["show", "plain.local:18789"])
        #expect(plain.stdout.contains("none (ws://, no TLS)") && !plain.stdout.contains("system trust"), "\(plain.stdout)")
        let secure = await GatewaysCommandTests.gateways(home, ["show", "secure.lan:443"])
        #expect(secure.stdout.contains("none (system trust)"), "\(secure.stdout)")
    }

    /// --json to a terminal prints the code as data, not the picture.
    @Test(arguments: [true, false])
    func qrJSONToStandardOutput(terminal: Bool) async throws {
        let result = await runCLI(["qr", "hello", "--json"], terminal: terminal)
        #expect(result.status == 0)
        let json = try JSONParser.parse(result.stdout)
        #expect(json["format"] == "terminal" && json["version"] == .integer(1) && json["modules"] == .integer(21))
        guard case .array(let rows)? = json["rows"] else { Issue.record("no rows: \(result.stdout)"); return }
        #expect(rows.count == 21 && rows.allSatisfy { $0.stringValue?.count == 21 })
        // The finder pattern's top row: seven dark modules, a light separator.
        #expect(rows[0].stringValue?.hasPrefix("11111110") == true)
        #expect(!result.stdout.contains("\u{2580}") && !result.stdout.contains("\u{2588}"))
    }
}
