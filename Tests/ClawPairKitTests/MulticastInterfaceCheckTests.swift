import Testing
@testable import ClawPairKit

@Suite struct MulticastInterfaceCheckTests {
    /// Writes `/sys/class/net/<name>/{flags,operstate}` as the kernel does.
    static func interface(_ directory: FixtureDirectory, _ name: String, flags: String, state: String) {
        directory.write("sys/class/net/\(name)/flags", flags + "\n")
        directory.write("sys/class/net/\(name)/operstate", state + "\n")
    }

    @Test func readsSysfsAndFindsTheLAN() throws {
        let directory = FixtureDirectory()
        Self.interface(directory, "lo", flags: "0x9", state: "unknown")
        Self.interface(directory, "eth0", flags: "0x1003", state: "up")
        Self.interface(directory, "ifb0", flags: "0x82", state: "down")
        Self.interface(directory, "wlan0", flags: "0x1003", state: "dormant")
        directory.write("sys/class/net/bonding_masters", "\n")
        let interfaces = try NetworkInterfaceReader.interfaces(sysfsPath: directory("sys/class/net"))
        #expect(interfaces.map(\.name) == ["eth0", "ifb0", "lo", "wlan0"])
        #expect(interfaces[0].flags == [.up, .broadcast, .multicast])
        let check = MulticastInterfaceCheck.run(directory.machineInputs())
        #expect(check.status == .ok)
        #expect(check.detail == "eth0 (up, multicast)")
    }

    @Test func missingOperstateReadsUnknown() throws {
        let directory = FixtureDirectory()
        directory.write("sys/class/net/tap0/flags", "0x1003\n")
        let interfaces = try NetworkInterfaceReader.interfaces(sysfsPath: directory("sys/class/net"))
        #expect(interfaces.first?.operationalState == .unknown)
        #expect(MulticastInterfaceCheck.run(directory.machineInputs()).status == .ok)
    }

    @Test func failsWithOnlyLoopback() {
        let directory = FixtureDirectory()
        Self.interface(directory, "lo", flags: "0x9", state: "unknown")
        let check = MulticastInterfaceCheck.run(directory.machineInputs())
        #expect(check.status == .fail)
        #expect(check.detail == "no network interface other than loopback")
        #expect(check.remedy?.hasPrefix("connect this machine to a LAN") == true)
    }

    @Test func downInterfaceGetsIPLinkUp() {
        let directory = FixtureDirectory()
        Self.interface(directory, "lo", flags: "0x9", state: "unknown")
        Self.interface(directory, "eth1", flags: "0x1002", state: "down")
        let check = MulticastInterfaceCheck.run(directory.machineInputs())
        #expect(check.status == .fail)
        #expect(check.detail == "no interface mDNS can use: eth1 is down")
        #expect(check.remedy?.hasPrefix("ip link set dev eth1 up") == true)
    }

    @Test func tunnelsAndUnpluggedCablesAreNotEnough() {
        let tunnel = MulticastInterfaceCheck.evaluate(interfaces: [
            NetworkInterfaceStatus(name: "tailscale0", flags: InterfaceFlags(rawValue: 0x1091), operationalState: .unknown),
        ])
        #expect(tunnel.status == .fail)
        #expect(tunnel.detail.contains("tailscale0 is a point-to-point tunnel"))
        #expect(tunnel.remedy?.contains("allow-point-to-point=yes") == true)
        let unplugged = MulticastInterfaceCheck.evaluate(interfaces: [
            NetworkInterfaceStatus(name: "eth0", flags: [.up, .broadcast, .multicast], operationalState: .down),
        ])
        #expect(unplugged.status == .fail)
        #expect(unplugged.remedy?.hasPrefix("connect eth0 to a network") == true)
    }

    @Test func missingSysfsWarns() {
        let directory = FixtureDirectory()
        let check = MulticastInterfaceCheck.run(directory.machineInputs())
        #expect(check.status == .warn)
        #expect(check.detail.hasPrefix("cannot read the interfaces"))
    }
}
