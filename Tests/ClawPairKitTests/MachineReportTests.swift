import Testing
@testable import ClawPairKit

@Suite struct MachineReportTests {
    static func check(_ id: MachineCheck.ID, _ status: MachineCheck.Status, remedy: String? = nil) -> MachineCheck {
        MachineCheck(id: id, status: status, detail: "\(id) is \(status)", remedy: remedy)
    }

    @Test(arguments: [
        ([MachineCheck.Status](), MachineCheck.Status.ok, true),
        ([.ok, .skipped], .ok, true),
        ([.skipped], .ok, true),
        ([.ok, .warn, .skipped], .warn, true),
        ([.warn, .fail, .ok], .fail, false),
        ([.fail], .fail, false),
    ])
    func overallIsTheWorstStatus(statuses: [MachineCheck.Status], overall: MachineCheck.Status, ok: Bool) {
        let report = MachineReport(checks: statuses.map { Self.check(.dbus, $0) })
        #expect(report.overall == overall)
        #expect(report.ok == ok)
        #expect((report.failure == nil) == ok)
    }

    /// Failures become one environment error (exit 7) carrying the first remedy.
    @Test func failureIsAnEnvironmentError() throws {
        let report = MachineReport(checks: [
            Self.check(.nssMDNS, .warn, remedy: "apt-get install libnss-mdns"),
            Self.check(.dbus, .fail, remedy: "systemctl start dbus"),
            Self.check(.avahiDaemon, .fail, remedy: "systemctl start avahi-daemon"),
        ])
        let failure = try #require(report.failure)
        #expect(failure.code == .machineCheckFailed)
        #expect(failure.code.category == .environment)
        #expect(failure.message == "failed: dbus (dbus is fail); avahi-daemon (avahi-daemon is fail)")
        #expect(failure.remedy == "systemctl start dbus")
        #expect(report[.avahiDaemon]?.status == .fail)
        #expect(report[.tailscale] == nil)
    }

    @Test func idsAreStableAndUnique() {
        #expect(MachineCheck.ID.all.map(\.rawValue) == [
            "dbus", "avahi-daemon", "nss-mdns", "multicast-interfaces", "default-route", "resolver",
            "wide-area-domain", "state-directory", "tailscale",
        ])
        #expect(Set(MachineCheck.ID.all).count == MachineCheck.ID.all.count)
    }
}
