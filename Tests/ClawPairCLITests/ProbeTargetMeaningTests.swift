import Foundation
import Testing
@testable import ClawPairCLI
@testable import ClawPairKit

/// Targets mean one thing in every command (issue 15 §3), checked with `clawpair probe`
/// in-process against a real `clawpair sim` process on loopback: a host without a scheme is
/// probed as wss:// then ws:// (only where plaintext is allowed), a plaintext upgrade to a TLS
/// port says "try wss://", `probe -` reads standard input, an expired setup code is probed
/// with a warning and sends nothing, and a name several entries match is never a guess.
@Suite(.serialized) struct ProbeTargetMeaningTests {
    typealias Sim = PairCommandTests.Sim

    static func probe(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) async throws
        -> (status: Int32, json: JSONValue, stdout: String, stderr: String)
    {
        let result = await runCLI(["probe", "--json", "--timeout", "5"] + arguments, stdin: stdin, environment: environment)
        return (result.status, try JSONParser.parse(result.stdout), result.stdout, result.stderr)
    }

    static func urls(_ json: JSONValue) -> [String] {
        guard case .array(let routes)? = json["routes"] else { return [] }
        return routes.compactMap { $0["url"]?.stringValue }
    }

    @Test func aLocalHostWithoutASchemeTriesWssThenWsAndSaysWhichWorked() async throws {
        let sim = try Sim()
        defer { sim.stop() }
        let result = try await Self.probe(["127.0.0.1:\(sim.port)", "--all"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(Self.urls(result.json) == ["wss://127.0.0.1:\(sim.port)", "ws://127.0.0.1:\(sim.port)"])
        #expect(result.json["verdict"]?["route"]?.stringValue == "ws://127.0.0.1:\(sim.port)")
        #expect(result.json["target"]?.stringValue == "127.0.0.1:\(sim.port) (no scheme: wss://, then ws://)")
        let text = await runCLI(["probe", "127.0.0.1:\(sim.port)"])
        #expect(text.stdout.contains("verdict: ok — ws://127.0.0.1:\(sim.port) reached the gateway"), "\(text.stdout)")
    }

    @Test func aTLSGatewayWithoutASchemeIsReachedOverWss() async throws {
        let sim = try Sim(tls: true)
        defer { sim.stop() }
        let fingerprint = try #require(sim.fingerprint)
        let result = try await Self.probe(["127.0.0.1:\(sim.port)", "--fingerprint", fingerprint])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.json["verdict"]?["route"]?.stringValue == "wss://127.0.0.1:\(sim.port)")
        // Untrusted: the wss route's TLS_UNTRUSTED is the verdict, not the ws route's hang-up.
        let untrusted = try await Self.probe(["127.0.0.1:\(sim.port)", "--all"])
        #expect(untrusted.status == 5)
        #expect(untrusted.json["verdict"]?["code"]?.stringValue == "TLS_UNTRUSTED", "\(untrusted.stdout)")
    }

    /// A name that is not local: wss:// only, and the report says why ws:// was not tried.
    @Test func aHostThatIsNotLocalIsProbedOverWssOnly() async throws {
        let sim = try Sim(tls: true)
        defer { sim.stop() }
        let fingerprint = try #require(sim.fingerprint)
        let host = "gw.example.invalid"
        let environment = ["CLAWPAIR_RESOLVE": "\(host):\(sim.port):127.0.0.1"]
        let result = try await Self.probe(["\(host):\(sim.port)", "--fingerprint", fingerprint], environment: environment)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(Self.urls(result.json) == ["wss://\(host):\(sim.port)"])
        let text = await runCLI(["probe", "\(host):\(sim.port)", "--fingerprint", fingerprint], environment: environment)
        #expect(text.stdout.contains("skipped ws://\(host):\(sim.port): not tried: plaintext ws:// to \(host) is refused"), "\(text.stdout)")
    }

    @Test func aPlaintextUpgradeToATLSPortSaysTryWss() async throws {
        let sim = try Sim(tls: true)
        defer { sim.stop() }
        let result = try await Self.probe(["ws://127.0.0.1:\(sim.port)"])
        #expect(result.status == 4)
        #expect(result.json["verdict"]?["layer"]?.stringValue == "http")
        #expect(result.json["verdict"]?["remedy"]?.stringValue?.hasSuffix("try wss://127.0.0.1:\(sim.port)") == true, "\(result.stdout)")
    }

    @Test func dashReadsTheTargetFromStandardInput() async throws {
        let sim = try Sim()
        defer { sim.stop() }
        let (code, _) = try sim.setupCode()
        let result = try await Self.probe(["-"], stdin: code + "\n")
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(result.json["target"]?.stringValue?.hasPrefix("setup code for ws://127.0.0.1:\(sim.port)") == true)
        // Any target: a registry name read from a pipe, its newline aside.
        let home = GatewaysCommandTests.Home()
        #expect(await GatewaysCommandTests.gateways(home, ["add", "127.0.0.1:\(sim.port)", "--name", "Sim"]).status == 0)
        let named = try await Self.probe(["-", "--home", home.path], stdin: "Sim\n")
        #expect(named.status == 0, "\(named.stdout)")
        #expect(named.json["target"]?.stringValue == "Sim (manual|127.0.0.1|\(sim.port))")
        // Both from standard input cannot be.
        let both = await runCLI(["probe", "-", "--header-file", "-"])
        #expect(both.status == 2)
    }

    @Test func anExpiredSetupCodeIsProbedWithAWarningAndSendsNothing() async throws {
        let sim = try Sim()
        defer { sim.stop() }
        let code = Base64URL.encode(Array(#"{"url":"ws://127.0.0.1:\#(sim.port)","expiresAtMs":1000,"bootstrapToken":"t0ken"}"#.utf8))
        let result = try await Self.probe([code])
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("warning: the setup code expired at 1970-01-01T00:00:01Z"))
        #expect(result.stderr.contains("cannot pair"))
        guard case .array(let warnings)? = result.json["warnings"] else { Issue.record("no warnings: \(result.stdout)"); return }
        #expect(warnings.map { $0["code"]?.stringValue } == ["SETUP_CODE_EXPIRED"])
        #expect(try sim.connectAttempts() == 0)
        #expect(!result.stdout.contains("t0ken"))
        // A code that has not expired carries no warnings key.
        let fresh = try await Self.probe([try sim.setupCode().code])
        #expect(fresh.json["warnings"] == nil)
    }

    /// Several registry entries match: REGISTRY_AMBIGUOUS with the candidates, exit 3, no probe
    /// of a host or instance spelled that way.
    @Test func aNameSeveralEntriesMatchIsAmbiguous() async throws {
        let home = GatewaysCommandTests.Home()
        for port in ["18001", "18002"] { #expect(await GatewaysCommandTests.gateways(home, ["add", "a.local:\(port)"]).status == 0) }
        let result = try await Self.probe(["manual|a.local", "--home", home.path])
        #expect(result.status == 3, "\(result.stdout)")
        #expect(result.json["error"]?["code"]?.stringValue == "REGISTRY_AMBIGUOUS")
        let message = result.json["error"]?["message"]?.stringValue ?? ""
        #expect(message.contains("manual|a.local|18001") && message.contains("manual|a.local|18002"))
        // The same in every command that takes a target.
        let access = await runCLI(["access", "login", "manual|a.local", "--no-browser", "--json", "--home", home.path])
        #expect(access.status == 3)
        #expect(try JSONParser.parse(access.stdout)["error"]?["code"]?.stringValue == "REGISTRY_AMBIGUOUS", "\(access.stdout)")
    }

    @Test func probeTakesDnsAndDomainAsBrowseDoes() async throws {
        let help = await runCLI(["probe", "--help"])
        for option in ["--dns SERVER[:PORT]", "--domain D"] { #expect(help.stdout.contains(option), "\(help.stdout)") }
        // The same option specs: the same words (the column width differs by command).
        func words(_ text: String) -> [String] {
            text.split(separator: "\n").filter { $0.contains("  --dns ") || $0.contains("  --domain ") }
                .map { $0.split(separator: " ").joined(separator: " ") }
        }
        let browse = await runCLI(["browse", "--help"])
        #expect(words(help.stdout).count == 2)
        #expect(words(help.stdout) == words(browse.stdout))
        let bad = await runCLI(["probe", "x", "--dns", "not a server"])
        #expect(bad.status == 2)
    }
}
