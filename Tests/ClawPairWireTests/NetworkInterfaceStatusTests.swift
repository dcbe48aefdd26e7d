import Testing
@testable import ClawPairWire

@Suite struct NetworkInterfaceStatusTests {
    @Test(arguments: [
        ("0x1003\n", UInt32(0x1003)), ("0x9", 0x9), ("0", 0), ("0X1091", 0x1091), (" 0x82 \n", 0x82), ("1003", 0x1003),
    ])
    func parsesSysfsFlags(text: String, value: UInt32) {
        #expect(InterfaceFlags(sysfsText: text)?.rawValue == value)
    }

    @Test(arguments: ["", "0x", "0xzz", "up", "0x100000000", "-0x1"])
    func rejectsBadFlags(text: String) {
        #expect(InterfaceFlags(sysfsText: text) == nil)
    }

    @Test func parsesOperationalState() {
        #expect(InterfaceOperationalState(sysfsText: "up\n") == .up)
        #expect(InterfaceOperationalState(sysfsText: "UNKNOWN\n") == .unknown)
        #expect(InterfaceOperationalState(sysfsText: "lowerlayerdown") == .lowerLayerDown)
        #expect(InterfaceOperationalState(sysfsText: "weird").rawValue == "weird")
        #expect(InterfaceOperationalState.up.canPassTraffic && InterfaceOperationalState.unknown.canPassTraffic)
        #expect(!InterfaceOperationalState.down.canPassTraffic && !InterfaceOperationalState.dormant.canPassTraffic)
    }

    /// eth0 0x1003 up; lo 0x9; ifb 0x82 (no multicast); tailscale0 0x1091 (point-to-point).
    @Test(arguments: [
        (UInt32(0x1003), "up", NetworkInterfaceStatus.MulticastDNSUsability.usable),
        (0x1003, "unknown", .usable),
        (0x9, "unknown", .loopback),
        (0x1009, "unknown", .loopback),
        (0x82, "down", .down),
        (0x83, "up", .noMulticast),
        (0x1002, "down", .down),
        (0x1091, "unknown", .pointToPoint),
        (0x1003, "down", .noCarrier),
        (0x1003, "lowerlayerdown", .noCarrier),
        (0x1003, "dormant", .noCarrier),
    ])
    func multicastDNSUsability(flags: UInt32, state: String, expected: NetworkInterfaceStatus.MulticastDNSUsability) {
        let status = NetworkInterfaceStatus(
            name: "x", flags: InterfaceFlags(rawValue: flags), operationalState: InterfaceOperationalState(sysfsText: state)
        )
        #expect(status.multicastDNSUsability == expected)
    }
}
