import Testing
@testable import ClawPairKit

@Suite struct MDNSServiceTests {
    private func service(_ addresses: [String], interfaceName: String? = "eth0") -> MDNSService {
        MDNSService(
            rawInstanceName: "Küche GW", fullName: "K\\195\\188che\\032GW._openclaw-gw._tcp.local.",
            serviceType: "_openclaw-gw._tcp.", domain: "local.", interfaceIndex: 7, interfaceName: interfaceName,
            hostTarget: "kueche.local.", port: 18789, txtRecords: [], ipAddresses: addresses.compactMap { IPAddress($0) })
    }

    @Test func linkLocalIPv6AddressesCarryTheirZone() {
        let addresses = service(["192.168.1.20", "fe80::1", "fd00::0:1", "fe80:0:0:0:abcd::2", "febf::1", "fec0::1"]).addresses
        #expect(addresses == ["192.168.1.20", "fe80::1%eth0", "fd00::1", "fe80::abcd:0:0:2%eth0", "febf::1%eth0", "fec0::1"])
    }

    @Test func zoneFallsBackToTheIndexWithoutAName() {
        #expect(service(["fe80::1"], interfaceName: nil).addresses == ["fe80::1%7"])
    }

    @Test func instanceIsTheBrowseIdentity() {
        #expect(
            service([]).instance
                == MDNSServiceInstance(
                    name: "Küche GW", serviceType: "_openclaw-gw._tcp.", domain: "local.", interfaceIndex: 7,
                    interfaceName: "eth0"))
    }
}
