import Testing
@testable import ClawPairKit

@Suite struct ServiceManagerTests {
    @Test func commands() {
        #expect(ServiceManager.systemd.startCommand("dbus") == "systemctl start dbus")
        #expect(ServiceManager.systemd.restartCommand("tailscaled") == "systemctl restart tailscaled")
        #expect(ServiceManager.other.startCommand("avahi-daemon") == "service avahi-daemon start")
        #expect(ServiceManager.other.restartCommand("dbus") == "service dbus restart")
    }

    /// browse's hint names the same command doctor does: `service` without systemd.
    @Test func browseRemediesFollowTheServiceManager() {
        let failure = AvahiFailure(code: AvahiFailure.noDaemon, operation: .browse)
        for manager in [ServiceManager.systemd, .other] {
            for bus in [true, false] {
                let remedy = failure.error(systemBus: bus, serviceManager: manager).remedy ?? ""
                #expect(remedy.contains(manager.startCommand("avahi-daemon")), "\(remedy)")
                #expect(remedy.contains("systemctl") == (manager == .systemd), "\(remedy)")
            }
        }
    }

    @Test func detectsSystemdByItsRuntimeDirectory() {
        let fixture = FixtureDirectory()
        #expect(ServiceManager.detect(runtimeDirectory: fixture("run/systemd/system")) == .other)
        fixture.makeDirectory("run/systemd/system")
        #expect(ServiceManager.detect(runtimeDirectory: fixture("run/systemd/system")) == .systemd)
    }
}
