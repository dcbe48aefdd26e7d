import Testing
@testable import ClawPairKit

@Suite struct ServiceManagerTests {
    @Test func commands() {
        #expect(ServiceManager.systemd.startCommand("dbus") == "systemctl start dbus")
        #expect(ServiceManager.systemd.restartCommand("tailscaled") == "systemctl restart tailscaled")
        #expect(ServiceManager.other.startCommand("avahi-daemon") == "service avahi-daemon start")
        #expect(ServiceManager.other.restartCommand("dbus") == "service dbus restart")
    }

    @Test func detectsSystemdByItsRuntimeDirectory() {
        let fixture = FixtureDirectory()
        #expect(ServiceManager.detect(runtimeDirectory: fixture("run/systemd/system")) == .other)
        fixture.makeDirectory("run/systemd/system")
        #expect(ServiceManager.detect(runtimeDirectory: fixture("run/systemd/system")) == .systemd)
    }
}
