import Foundation
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

    /// `tailscale` gets PATH, LANG, LC_* and HOME of doctor's environment, nothing else.
    @Test func runsWithAMinimalEnvironment() throws {
        let fixture = FixtureDirectory()
        fixture.write("bin/tailscale", "#!/bin/sh\nenv > \"$HOME/env.txt\"\necho '{\"BackendState\":\"Running\",\"Health\":[]}'\n", mode: 0o755)
        fixture.makeDirectory("home")
        fixture.makeDirectory("run/systemd/system")
        let environment = [
            "PATH": fixture("bin") + ":/usr/bin:/bin", "HOME": fixture("home"), "LANG": "C.UTF-8", "LC_TIME": "en_GB.UTF-8",
            "CLAWPAIR_SIM_TOKEN": "sim-s3cret", "CLAWPAIR_HOME": fixture("state"), "SSH_AUTH_SOCK": "/tmp/agent", "LD_PRELOAD": "/tmp/x.so",
        ]
        var inputs = fixture.machineInputs(environment: environment, executables: [fixture("bin")])
        inputs.tailscaleTimeout = .seconds(20)
        #expect(TailscaleCheck.run(inputs).status == .ok)
        let seen = try String(contentsOfFile: fixture("home/env.txt"), encoding: .utf8)
        let names = Set(seen.split(separator: "\n").compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
        #expect(names.isSubset(of: ["PATH", "HOME", "LANG", "LC_TIME", "PWD", "SHLVL", "_"]), "\(names)")
        #expect(names.isSuperset(of: ["PATH", "HOME", "LANG", "LC_TIME"]))
        #expect(!seen.contains("s3cret") && !seen.contains("LD_PRELOAD") && !seen.contains("CLAWPAIR_HOME"))
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
