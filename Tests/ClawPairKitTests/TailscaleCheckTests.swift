import Testing
@testable import ClawPairKit

@Suite struct TailscaleCheckTests {
    /// A fake `tailscale` on a private PATH directory, running `body` as its shell script.
    static func check(script body: String, timeout: Duration = .seconds(20)) -> MachineCheck {
        let fixture = FixtureDirectory()
        fixture.write("bin/tailscale", "#!/bin/sh\n" + body + "\n", mode: 0o755)
        fixture.makeDirectory("run/systemd/system")
        var inputs = fixture.machineInputs(executables: [fixture("bin")])
        inputs.tailscaleTimeout = timeout
        return TailscaleCheck.run(inputs)
    }

    @Test func skippedWhenNotInstalled() {
        let fixture = FixtureDirectory()
        let check = TailscaleCheck.run(fixture.machineInputs(executables: [fixture("bin")]))
        #expect(check.status == .skipped)
        #expect(check.detail == "tailscale is not installed (not on PATH)")
    }

    @Test func runningIsOK() {
        let check = Self.check(script: """
            [ "$1 $2" = "status --json" ] || exit 64
            echo '{"BackendState":"Running","Self":{"DNSName":"studio.tail1234.ts.net."},"Health":[]}'
            """)
        #expect(check.status == .ok)
        #expect(check.detail == "Running as studio.tail1234.ts.net.")
    }

    @Test func needsLoginWarnsWithoutLeakingTheLoginURL() {
        let check = Self.check(script: #"echo '{"BackendState":"NeedsLogin","AuthURL":"https://login.tailscale.com/a/SECRET","Health":["You are logged out."]}'"#)
        #expect(check.status == .warn)
        #expect(check.remedy == "tailscale up")
        #expect(check.detail.contains("You are logged out."))
        #expect(![check.title, check.detail, check.remedy ?? ""].joined().contains("SECRET"))
    }

    @Test(arguments: [
        ("Stopped", "tailscale up"), ("NeedsMachineAuth", "approve this machine in the tailnet's admin console (Machines)"),
        ("Starting", "wait a few seconds, then run clawpair doctor again"), ("NoState", "tailscale up"),
    ])
    func otherStatesWarn(state: String, remedy: String) {
        let output = CommandOutput(termination: .exited(0), standardOutput: Array(#"{"BackendState":"\#(state)"}"#.utf8), standardError: [])
        let check = TailscaleCheck.evaluate(.success(output), timeout: .seconds(3), serviceManager: .systemd)
        #expect(check.status == .warn)
        #expect(check.detail.hasPrefix(state))
        #expect(check.remedy == remedy)
    }

    @Test func daemonDownWarnsWithStartCommand() {
        let check = Self.check(script: """
            echo 'failed to connect to local tailscaled; it doesn'"'"'t appear to be running (sudo systemctl start tailscaled ?)' >&2
            exit 1
            """)
        #expect(check.status == .warn)
        #expect(check.detail.hasPrefix("tailscale status failed: failed to connect to local tailscaled"))
        #expect(check.remedy == "systemctl start tailscaled")
    }

    @Test func hangingTailscaleTimesOut() {
        let clock = ContinuousClock()
        let start = clock.now
        let check = Self.check(script: "exec sleep 30", timeout: .milliseconds(300))
        #expect(check.status == .warn)
        #expect(check.detail.hasPrefix("tailscale status --json did not answer within"))
        #expect(check.remedy == "systemctl restart tailscaled")
        #expect(clock.now - start < .seconds(5))
    }
}
