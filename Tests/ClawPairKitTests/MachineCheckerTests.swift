import Glibc
import Testing
@testable import ClawPairKit

@Suite struct MachineCheckerTests {
    /// The real machine, whatever state it is in: every check reports, in order, with a
    /// remedy wherever one failed.
    @Test func realRunReportsEveryCheck() {
        var seen: [MachineCheck.ID] = []
        let report = MachineChecker().run { seen.append($0.id) }
        #expect(report.checks.map(\.id) == MachineCheck.ID.all)
        #expect(seen == MachineCheck.ID.all)
        for check in report.checks {
            #expect(!check.detail.isEmpty)
            #expect(!check.title.isEmpty)
            if check.status == .fail { #expect(check.remedy != nil, "\(check.id) failed without a remedy") }
        }
    }

    /// A machine made of fixtures where everything works: all ok, nothing created.
    @Test func healthyFixtureMachine() {
        let fixture = FixtureDirectory()
        fixture.makeDirectory("run/dbus")
        fixture.makeDirectory("run/avahi-daemon")
        let bus = UnixSocketListener(path: fixture("run/dbus/system_bus_socket"))
        let avahi = UnixSocketListener(path: fixture("run/avahi-daemon/socket"))
        fixture.write("etc/nsswitch.conf", "hosts: files mdns4_minimal [NOTFOUND=return] dns\n")
        fixture.write("etc/resolv.conf", "nameserver 192.0.2.53\n")
        fixture.write("proc/net/route", DefaultRouteCheckTests.ipv4Default)
        fixture.write("proc/net/ipv6_route", DefaultRouteCheckTests.ipv6Default)
        MulticastInterfaceCheckTests.interface(fixture, "eth0", flags: "0x1003", state: "up")
        fixture.write("bin/tailscale", "#!/bin/sh\necho '{\"BackendState\":\"Running\"}'\n", mode: 0o755)
        let inputs = fixture.machineInputs(
            environment: ["HOME": fixture("home"), "OPENCLAW_WIDE_AREA_DOMAIN": "openclaw.internal"],
            executables: [fixture("bin")]
        )
        let report = MachineChecker(inputs: inputs).run()
        for check in report.checks { #expect(check.status == .ok, "\(check.id): \(check.detail)") }
        #expect(report.overall == .ok)
        #expect(report.ok)
        #expect(fixture.mode("home") == nil)
        _ = (bus, avahi)
    }

    /// An empty fixture machine: nothing there, every check still answers.
    @Test func emptyFixtureMachine() {
        let fixture = FixtureDirectory()
        let report = MachineChecker(inputs: fixture.machineInputs()).run()
        #expect(report.checks.map(\.id) == MachineCheck.ID.all)
        #expect(report[.dbus]?.status == .fail)
        #expect(report[.avahiDaemon]?.status == .fail)
        #expect(report[.avahiDaemon]?.remedy == "apt-get install avahi-daemon && service dbus start && service avahi-daemon start")
        #expect(report[.tailscale]?.status == .skipped)
        #expect(report[.stateDirectory]?.status == .ok)
        #expect(!report.ok)
        #expect(report.failure?.code == .machineCheckFailed)
    }

    @Test func runsOneCheck() {
        let fixture = FixtureDirectory()
        let checker = MachineChecker(inputs: fixture.machineInputs())
        #expect(checker.check(.wideAreaDomain).status == .ok)
        #expect(checker.check(.avahiDaemon).status == .fail)
        #expect(checker.check(MachineCheck.ID("nope", title: "Nope")).status == .skipped)
    }
}
