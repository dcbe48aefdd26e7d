import Testing
@testable import ClawPairKit

@Suite struct DefaultRouteCheckTests {
    static let header = "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
    static let ipv4Default = header + "eth0\t00000000\t010200C0\t0003\t0\t0\t100\t00000000\t0\t0\t0\n"
    static let ipv4LinkOnly = header + "eth0\t000200C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n"
    static let ipv6Default = "00000000000000000000000000000000 00 00000000000000000000000000000000 00 fe800000000000000000000000000001 00000400 00000002 00000000 00000003     eth0\n"
    static let ipv6RejectOnly = "00000000000000000000000000000000 00 00000000000000000000000000000000 00 00000000000000000000000000000000 ffffffff 00000001 00000000 00200200       lo\n"

    @Test func okWithBothFamilies() {
        let directory = FixtureDirectory()
        directory.write("proc/net/route", Self.ipv4Default)
        directory.write("proc/net/ipv6_route", Self.ipv6Default)
        let check = DefaultRouteCheck.run(directory.machineInputs())
        #expect(check.status == .ok)
        #expect(check.detail == "IPv4 via 192.0.2.1 dev eth0; IPv6 via fe80::1 dev eth0")
    }

    /// No ipv6_route file (IPv6 disabled) is just no IPv6 route.
    @Test func okWithIPv4OnlyAndNoIPv6File() {
        let directory = FixtureDirectory()
        directory.write("proc/net/route", Self.ipv4Default)
        let check = DefaultRouteCheck.run(directory.machineInputs())
        #expect(check.status == .ok)
        #expect(check.detail == "IPv4 via 192.0.2.1 dev eth0; no IPv6 default route")
    }

    @Test func okWithIPv6Only() {
        let directory = FixtureDirectory()
        directory.write("proc/net/route", Self.ipv4LinkOnly)
        directory.write("proc/net/ipv6_route", Self.ipv6Default)
        #expect(DefaultRouteCheck.run(directory.machineInputs()).status == .ok)
    }

    @Test func warnsWithoutDefaultRoute() {
        let directory = FixtureDirectory()
        directory.write("proc/net/route", Self.ipv4LinkOnly)
        directory.write("proc/net/ipv6_route", Self.ipv6RejectOnly)
        let check = DefaultRouteCheck.run(directory.machineInputs())
        #expect(check.status == .warn)
        #expect(check.detail == "no default route: only gateways on directly connected networks can be reached")
        #expect(check.remedy?.contains("ip route add default via") == true)
    }

    @Test func warnsAndSaysWhenTheTableIsUnreadable() {
        let directory = FixtureDirectory()
        let check = DefaultRouteCheck.run(directory.machineInputs())
        #expect(check.status == .warn)
        #expect(check.detail.contains("cannot read \(directory("proc/net/route"))"))
    }
}
