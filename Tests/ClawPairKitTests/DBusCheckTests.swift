import Testing
@testable import ClawPairKit

@Suite struct DBusCheckTests {
    @Test func okWhenTheSocketAccepts() {
        let directory = FixtureDirectory()
        directory.makeDirectory("run/dbus")
        let listener = UnixSocketListener(path: directory("run/dbus/system_bus_socket"))
        let check = DBusCheck.run(directory.machineInputs())
        #expect(check.status == .ok)
        #expect(check.detail.contains(directory("run/dbus/system_bus_socket")))
        #expect(check.remedy == nil)
        _ = listener
    }

    /// The remedy follows the service manager: systemctl under systemd, service otherwise.
    @Test(arguments: [true, false])
    func failsWhenMissing(systemd: Bool) {
        let directory = FixtureDirectory()
        if systemd { directory.makeDirectory("run/systemd/system") }
        let check = DBusCheck.run(directory.machineInputs())
        #expect(check.status == .fail)
        #expect(check.detail.contains("no such socket"))
        #expect(check.remedy == (systemd ? "systemctl start dbus" : "service dbus start"))
    }

    @Test func failsWhenRefused() {
        let directory = FixtureDirectory()
        directory.makeDirectory("run/systemd/system")
        directory.makeDirectory("run/dbus")
        let stale = UnixSocketListener(path: directory("run/dbus/system_bus_socket"), listening: false)
        let check = DBusCheck.run(directory.machineInputs())
        #expect(check.status == .fail)
        #expect(check.detail.contains("connection refused"))
        #expect(check.remedy == "systemctl start dbus")
        _ = stale
    }

    @Test func honoursTheEnvironmentAddress() {
        let directory = FixtureDirectory()
        let listener = UnixSocketListener(path: directory("other-bus"))
        let environment = ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(directory("other-bus")),guid=00"]
        let check = DBusCheck.run(directory.machineInputs(environment: environment))
        #expect(check.status == .ok)
        #expect(check.detail.contains("from DBUS_SYSTEM_BUS_ADDRESS"))
        _ = listener
    }

    @Test func targets() {
        let fallback = "/run/dbus/system_bus_socket"
        #expect(DBusCheck.target(environment: [:], defaultPath: fallback) == .socket(.path(fallback), fromEnvironment: false))
        #expect(DBusCheck.target(environment: ["DBUS_SYSTEM_BUS_ADDRESS": ""], defaultPath: fallback) == .socket(.path(fallback), fromEnvironment: false))
        #expect(DBusCheck.target(environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:abstract=x"], defaultPath: fallback) == .socket(.abstract("x"), fromEnvironment: true))
        #expect(DBusCheck.target(environment: ["DBUS_SYSTEM_BUS_ADDRESS": "tcp:host=h,port=1"], defaultPath: fallback) == .notDialable("tcp:host=h,port=1"))
        #expect(DBusCheck.target(environment: ["DBUS_SYSTEM_BUS_ADDRESS": "/run/x"], defaultPath: fallback) == .malformed("/run/x"))
    }

    @Test func unusableAddressesAreSkippedOrFailed() {
        let skipped = DBusCheck.evaluate(target: .notDialable("tcp:host=h"), outcome: nil, serviceManager: .systemd)
        #expect(skipped.status == .skipped)
        let malformed = DBusCheck.evaluate(target: .malformed("/run/x"), outcome: nil, serviceManager: .systemd)
        #expect(malformed.status == .fail)
        #expect(malformed.remedy?.hasPrefix("unset DBUS_SYSTEM_BUS_ADDRESS") == true)
    }

    @Test func timeoutAndPermissionRemedies() {
        let target = DBusCheck.Target.socket(.path("/run/dbus/system_bus_socket"), fromEnvironment: false)
        let wedged = DBusCheck.evaluate(target: target, outcome: .timedOut, serviceManager: .systemd)
        #expect(wedged.status == .fail)
        #expect(wedged.remedy == "systemctl restart dbus")
        let denied = DBusCheck.evaluate(target: target, outcome: .failed(errno: 13, reason: "Permission denied"), serviceManager: .systemd)
        #expect(denied.status == .fail)
        #expect(denied.detail.contains("permission denied"))
        #expect(denied.remedy?.contains("ls -l /run/dbus/system_bus_socket") == true)
    }
}
