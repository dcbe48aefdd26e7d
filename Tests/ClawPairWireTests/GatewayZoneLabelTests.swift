import Testing
@testable import ClawPairWire

@Suite struct GatewayZoneLabelTests {
    @Test(arguments: [
        ("studio", "studio"), ("Studio-London.lan", "studio-london"), ("Mac Studio", "mac-studio"),
        ("Mac__  Studio!!", "mac-studio"), ("--edge--", "edge"), ("_under_", "under"), ("Küche", "k-che"),
        ("a.b.c", "a"), ("", "openclaw"), ("***", "openclaw"), (".local", "openclaw"),
        (String(repeating: "x", count: 70), String(repeating: "x", count: 63)),
    ])
    func hostLabels(hostname: String, expected: String) {
        #expect(GatewayZoneLabel.hostLabel(hostname) == expected)
    }

    @Test func instanceLabels() {
        #expect(GatewayZoneLabel.instanceLabel(hostname: "Studio-London.lan") == "studio-london-gateway")
        #expect(GatewayZoneLabel.instanceLabel(hostLabel: "studio") == "studio-gateway")
        let long = GatewayZoneLabel.instanceLabel(hostname: String(repeating: "y", count: 70))
        // The whole label is cut, as the gateway does, so a 63-byte host label leaves no suffix.
        #expect(long == String(repeating: "y", count: 63))
        #expect(GatewayZoneLabel.instanceLabel(hostLabel: String(repeating: "z", count: 58)) == String(repeating: "z", count: 58) + "-gate")
    }

    @Test func labelsMakeValidZoneNames() throws {
        let host = GatewayZoneLabel.hostLabel("Mac Studio")
        let instance = GatewayZoneLabel.instanceLabel(hostLabel: host)
        let name = try DNSName("\(instance)._openclaw-gw._tcp.openclaw.internal.")
        #expect(ServiceInstanceName(dnsName: name)?.name == "mac-studio-gateway")
    }
}
