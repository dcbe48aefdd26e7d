import Testing
import ClawPairKit
@testable import ClawPairCLI

@Suite struct BrowseCommandTests {
    private func options(_ arguments: [String], environment: [String: String] = [:]) throws -> GatewayDiscovery.Options {
        guard case .run(_, let parsed) = try ArgumentParser.parse(["browse"] + arguments, commands: CLI.commands) else {
            throw ArgumentParser.Failure(error: UsageError("not a browse"), command: nil)
        }
        return try DiscoveryOptions.make(parsed, environment: environment)
    }

    @Test func domainsDefaultToLocalAndAddTheWideAreaVariable() throws {
        #expect(try options([]).domains.map(\.name) == ["local."])
        #expect(try options([], environment: ["OPENCLAW_WIDE_AREA_DOMAIN": " OpenClaw.Internal "]).domains.map(\.name) == ["local.", "openclaw.internal."])
        #expect(try options(["--domain", "openclaw.internal", "--domain", "openclaw.internal."]).domains.map(\.name) == ["openclaw.internal."])
        let plan = GatewayDiscovery(options: try options(["--domain", "local", "--domain", "ts.example"])).plan
        #expect(plan.multicast.map(\.name) == ["local."])
        #expect(plan.unicast.map(\.name) == ["ts.example."])
        #expect(GatewayDiscovery(options: try options(["--backend", "unicast"])).plan.unicast.map(\.name) == ["local."])
    }

    @Test func parsesTimeoutFamilyAndServer() throws {
        let parsed = try options(["--timeout", "0.5", "--ipv6", "--dns", "[fd00::53]:5353", "--service", "_other-gw._tcp"])
        #expect(parsed.timeout == .milliseconds(500))
        #expect(parsed.addressFamily == .ipv6)
        #expect(parsed.dnsServers?.first?.port == 5353)
        #expect(parsed.serviceType == "_other-gw._tcp")
    }

    @Test(arguments: [
        ["browse", "--timeout", "0"], ["browse", "--timeout", "soon"], ["browse", "--ipv4", "--ipv6"], ["browse", "--backend", "bonjour"],
        ["browse", "--dns", "not an address"], ["browse", "--domain", "a..b"], ["browse", "--backend", "avahi", "--domain", "example.org"],
        ["browse", "extra"], ["resolve"], ["browse", "--home", ""], ["resolve", "x", "--home", ""],
    ])
    func usageErrorsExit2(arguments: [String]) async {
        #expect(await runCLI(arguments).status == 2)
    }

    /// browse writes mdns-recent.json into the state directory, so it honours --home (and
    /// $CLAWPAIR_HOME without it), as every command that keeps state does.
    @Test func theRecentInstancesLiveInTheHomeDirectory() throws {
        #expect(try options(["--home", "/tmp/clawpair-given"]).recentInstances?.directory.path == "/tmp/clawpair-given")
        let environment = ["CLAWPAIR_HOME": "/tmp/clawpair-environment"]
        #expect(try options([], environment: environment).recentInstances?.directory.path == "/tmp/clawpair-environment")
        #expect(try options(["--home", "/tmp/clawpair-given"], environment: environment).recentInstances?.directory.path == "/tmp/clawpair-given")
        #expect(try options([]).recentInstances == nil)
    }

    @Test func unansweredUnicastDomainIsReportedNotFatal() async throws {
        // Port 9 on loopback: nothing listens, the query is refused at once.
        let result = await runCLI(["browse", "--json", "--backend", "unicast", "--domain", "example.invalid", "--dns", "127.0.0.1:9", "--timeout", "1"])
        #expect(result.status == 0)
        #expect(try JSONParser.parse(result.stdout) == .array([]))
        #expect(result.stderr.contains("example.invalid."))
        let required = await runCLI(["browse", "--require", "--backend", "unicast", "--domain", "example.invalid", "--dns", "127.0.0.1:9", "--timeout", "1"])
        #expect(required.status == 1)
    }
}
