import Testing
@testable import ClawPairKit

@Suite struct AvahiDaemonCheckTests {
    static let dbusOK = MachineCheck(id: .dbus, status: .ok, detail: "")
    static let dbusFailed = MachineCheck(id: .dbus, status: .fail, detail: "")

    @Test func okWhenTheSocketAccepts() {
        let directory = FixtureDirectory()
        directory.makeDirectory("run/avahi-daemon")
        let listener = UnixSocketListener(path: directory("run/avahi-daemon/socket"))
        let check = AvahiDaemonCheck.run(directory.machineInputs(), dbus: Self.dbusOK)
        #expect(check.status == .ok)
        #expect(check.detail.contains("answers on"))
        _ = listener
    }

    @Test func okWhenTheProcessRunsWithoutItsSocket() {
        let directory = FixtureDirectory()
        directory.write("proc/4242/comm", "avahi-daemon\n")
        directory.write("proc/4243/comm", "avahi-daemon: chroot helper\n")
        let check = AvahiDaemonCheck.run(directory.machineInputs(), dbus: Self.dbusOK)
        #expect(check.status == .ok)
        #expect(check.detail.contains("pid 4242, 4243"))
    }

    @Test func notInstalledNeedsApt() {
        let directory = FixtureDirectory()
        directory.makeDirectory("run/systemd/system")
        directory.write("proc/1/comm", "systemd\n")
        let check = AvahiDaemonCheck.run(directory.machineInputs(), dbus: Self.dbusOK)
        #expect(check.status == .fail)
        #expect(check.detail.hasPrefix("avahi-daemon is not installed"))
        #expect(check.remedy == "apt-get install avahi-daemon && systemctl start avahi-daemon")
    }

    /// Installed (found in the system executable directories) but stopped: just start it.
    @Test func installedButStopped() {
        let directory = FixtureDirectory()
        directory.makeDirectory("run/systemd/system")
        directory.write("sbin/avahi-daemon", "#!/bin/sh\n", mode: 0o755)
        let check = AvahiDaemonCheck.run(directory.machineInputs(), dbus: Self.dbusOK)
        #expect(check.status == .fail)
        #expect(check.detail.hasPrefix("avahi-daemon is not running"))
        #expect(check.remedy == "systemctl start avahi-daemon")
    }

    @Test func dbusDownComesFirst() {
        let stopped = AvahiDaemonCheck.evaluate(
            socketPath: "/run/avahi-daemon/socket", outcome: .failed(errno: 2, reason: ""), processIDs: [],
            installed: true, dbusFailed: true, serviceManager: .other
        )
        #expect(stopped.status == .fail)
        #expect(stopped.remedy == "service dbus start && service avahi-daemon start")
        let orphaned = AvahiDaemonCheck.evaluate(
            socketPath: "/run/avahi-daemon/socket", outcome: .accepted, processIDs: [7],
            installed: true, dbusFailed: true, serviceManager: .systemd
        )
        #expect(orphaned.status == .fail)
        #expect(orphaned.remedy == "systemctl start dbus && systemctl restart avahi-daemon")
    }
}
