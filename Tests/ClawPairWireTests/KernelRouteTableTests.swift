import Testing
@testable import ClawPairWire

@Suite struct KernelRouteTableTests {
    /// This machine's table while writing the test (x86, little-endian words).
    static let ipv4 = """
        Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
        eth0\t00000000\t010200C0\t0003\t0\t0\t0\t00000000\t0\t0\t0
        eth0\t000200C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0
        wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0
        """

    static let ipv6 = """
        fd000000000000000000000000000000 40 00000000000000000000000000000000 00 00000000000000000000000000000000 00000100 00000001 00000000 00000001     eth0
        00000000000000000000000000000000 00 00000000000000000000000000000000 00 fd000000000000000000000000000001 00000400 00000002 00000000 00000003     eth0
        00000000000000000000000000000001 80 00000000000000000000000000000000 00 00000000000000000000000000000000 00000000 00000002 00000000 80200001       lo
        ff000000000000000000000000000000 08 00000000000000000000000000000000 00 00000000000000000000000000000000 00000100 00000003 00000000 00000001     eth0
        00000000000000000000000000000000 00 00000000000000000000000000000000 00 00000000000000000000000000000000 ffffffff 00000001 00000000 00200200       lo
        """

    @Test func parsesIPv4RoutesAndDefaults() {
        let table = KernelRouteTable(parsingIPv4: Self.ipv4, littleEndianHost: true)
        #expect(table.routes.count == 3)
        #expect(table.skippedLines == 0)
        let link = table.routes[1]
        #expect(link.destination == .v4([192, 0, 2, 0]))
        #expect(link.prefixLength == 24)
        #expect(link.gateway == nil)
        #expect(link.summary == "dev eth0")
        let defaults = table.defaultRoutes
        #expect(defaults.map(\.interface) == ["eth0", "wlan0"])
        #expect(defaults[0].gateway == .v4([192, 0, 2, 1]))
        #expect(defaults[0].summary == "via 192.0.2.1 dev eth0")
        #expect(defaults[1].metric == 600)
        #expect(!defaults[0].isIPv6)
    }

    @Test func bigEndianHostsPrintWordsTheOtherWay() {
        let table = KernelRouteTable(parsingIPv4: "Iface Destination Gateway Flags RefCnt Use Metric Mask\neth0 00000000 C0000201 0003 0 0 0 00000000\n", littleEndianHost: false)
        #expect(table.defaultRoutes.first?.gateway == .v4([192, 0, 2, 1]))
    }

    /// A default route must be up, and a reject route is not a way out.
    @Test(arguments: [("0001", true), ("0003", true), ("0002", false), ("0201", false)])
    func defaultRouteNeedsUpAndNotReject(flags: String, isDefault: Bool) {
        let table = KernelRouteTable(parsingIPv4: "eth0 00000000 010200C0 \(flags) 0 0 0 00000000", littleEndianHost: true)
        #expect(table.defaultRoutes.isEmpty == !isDefault)
    }

    @Test(arguments: [
        "eth0 00000000",
        "eth0 0000000G 010200C0 0003 0 0 0 00000000",
        "eth0 00000000 010200C0 0003 0 0 x 00000000",
        "eth0 00000000 010200C0 0003 0 0 0 FF00FF00",
        "eth0 000000000 010200C0 0003 0 0 0 00000000",
    ])
    func skipsMalformedIPv4Lines(line: String) {
        let table = KernelRouteTable(parsingIPv4: line, littleEndianHost: true)
        #expect(table.routes.isEmpty)
        #expect(table.skippedLines == 1)
    }

    @Test func headerOnlyOrEmptyHasNoRoutes() {
        #expect(KernelRouteTable(parsingIPv4: "Iface\tDestination\tGateway\n").routes.isEmpty)
        #expect(KernelRouteTable(parsingIPv4: "").routes.isEmpty)
        #expect(KernelRouteTable(parsingIPv6: "").routes.isEmpty)
    }

    /// The kernel's `lo` reject default (flags 0x00200200) is not a default route.
    @Test func parsesIPv6RoutesAndIgnoresRejectDefault() {
        let table = KernelRouteTable(parsingIPv6: Self.ipv6)
        #expect(table.routes.count == 5)
        #expect(table.skippedLines == 0)
        let defaults = table.defaultRoutes
        #expect(defaults.count == 1)
        #expect(defaults[0].interface == "eth0")
        #expect(defaults[0].gateway?.description == "fd00::1")
        #expect(defaults[0].metric == 0x400)
        #expect(defaults[0].summary == "via fd00::1 dev eth0")
        #expect(defaults[0].isIPv6)
        #expect(table.routes[0].prefixLength == 64)
        #expect(table.routes[0].destination.description == "fd00::")
        #expect(table.routes[3].prefixLength == 8)
    }

    @Test(arguments: [
        "00000000000000000000000000000000 00 00000000000000000000000000000000 00 fd000000000000000000000000000001 00000400",
        "0000000000000000000000000000000 00 00000000000000000000000000000000 00 fd000000000000000000000000000001 00000400 00000002 00000000 00000003 eth0",
        "00000000000000000000000000000000 81 00000000000000000000000000000000 00 fd000000000000000000000000000001 00000400 00000002 00000000 00000003 eth0",
        "00000000000000000000000000000000 00 00000000000000000000000000000000 00 fd00000000000000000000000000000z 00000400 00000002 00000000 00000003 eth0",
    ])
    func skipsMalformedIPv6Lines(line: String) {
        let table = KernelRouteTable(parsingIPv6: line)
        #expect(table.routes.isEmpty)
        #expect(table.skippedLines == 1)
    }

    /// A default route through a point-to-point device has no gateway address.
    @Test func defaultRouteWithoutGateway() {
        let table = KernelRouteTable(parsingIPv4: "wg0 00000000 00000000 0001 0 0 0 00000000", littleEndianHost: true)
        #expect(table.defaultRoutes.first?.summary == "dev wg0")
    }
}
