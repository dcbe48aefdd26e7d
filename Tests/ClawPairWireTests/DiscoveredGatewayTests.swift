import Testing
@testable import ClawPairWire

@Suite struct DiscoveredGatewayTests {
    private func studio(sources: [DiscoverySource] = [.mdns], addresses: [String] = ["192.168.1.20"]) -> DiscoveredGateway {
        DiscoveredGateway(
            instance: "Studio (OpenClaw)", domain: "local", host: "studio.local.", port: 18789, addresses: addresses,
            interface: "eth0",
            txt: GatewayTXT(pairs: [
                ("role", "gateway"), ("displayName", "Studio"), ("gatewayTls", "1"),
                ("gatewayTlsSha256", DNSFixtures.fingerprint), ("lanHost", "studio.local"),
            ]),
            sources: sources)
    }

    @Test func derivesIdentityAndHints() {
        let gateway = studio()
        #expect(gateway.id.rawValue == "_openclaw-gw._tcp|local.|Studio (OpenClaw)")
        #expect(gateway.domain == "local.")
        #expect(gateway.displayName == "Studio")
        #expect(gateway.tls)
        #expect(gateway.tlsFingerprint == DNSFixtures.fingerprint)
        #expect(gateway.lanHost == "studio.local")
        #expect(gateway.tailnetDns == nil)
    }

    @Test func linkLocalAddressesKeepTheirZone() throws {
        let linkLocal = try #require(IPAddress("FE80::1"))
        #expect(DiscoveredGateway.addressText(linkLocal, interface: "eth0") == "fe80::1%eth0")
        #expect(DiscoveredGateway.addressText(linkLocal, interface: nil) == "fe80::1")
        #expect(DiscoveredGateway.addressText(try #require(IPAddress("febf::1")), interface: "eth0") == "febf::1%eth0")
        #expect(DiscoveredGateway.addressText(try #require(IPAddress("fec0::1")), interface: "eth0") == "fec0::1")
        #expect(DiscoveredGateway.addressText(try #require(IPAddress("fd00::1")), interface: "eth0") == "fd00::1")
        #expect(DiscoveredGateway.addressText(.v4([169, 254, 1, 1]), interface: "eth0") == "169.254.1.1")
        var gateway = studio(addresses: [])
        gateway.addAddress(linkLocal, interface: "eth0")
        gateway.addAddress(linkLocal, interface: "eth0")
        #expect(gateway.addresses == ["fe80::1%eth0"])
    }

    @Test func mergingUnitesAddressesAndSources() {
        let mdns = studio(sources: [.mdns], addresses: ["192.168.1.20", "fe80::1%eth0"])
        var unicast = studio(sources: [.unicast], addresses: ["100.123.224.76", "192.168.1.20"])
        unicast.interface = nil
        let merged = mdns.merged(with: unicast)
        #expect(merged.addresses == ["192.168.1.20", "fe80::1%eth0", "100.123.224.76"])
        #expect(merged.sources == [.mdns, .unicast])
        #expect(merged.id == mdns.id)
        // The other way round: sources stay sorted; the interface is filled in.
        let reverse = unicast.merged(with: mdns)
        #expect(reverse.sources == [.mdns, .unicast])
        #expect(reverse.interface == "eth0")
        #expect(reverse.addresses.first == "100.123.224.76")
    }

    @Test func sourcesAreSortedAndUnique() {
        let gateway = studio(sources: [.unicast, .mdns, .unicast])
        #expect(gateway.sources == [.mdns, .unicast])
        #expect(studio(sources: [.unicast, .mdns]) == studio(sources: [.mdns, .unicast]))
    }
}
