import Testing
@testable import ClawPairWire

@Suite struct DNSSDRecordSetTests {
    @Test func resolvesAnMDNSResponseIntoAGateway() throws {
        var set = DNSSDRecordSet()
        set.add(try DNSMessage(parsing: DNSFixtures.mdnsResponse))
        let service = try DNSName("_openclaw-gw._tcp.local.")
        let gateways = set.gateways(of: service, source: .mdns)
        #expect(gateways.count == 1)
        let gateway = try #require(gateways.first)
        #expect(gateway.id.rawValue == "_openclaw-gw._tcp|local.|Studio (OpenClaw)")
        #expect(gateway.host == "studio.local.")
        #expect(gateway.port == 18789)
        // Without an interface a link-local address has no zone to add.
        #expect(gateway.addresses == ["192.168.1.20", "fe80::1"])
        #expect(gateway.displayName == "Studio")
        #expect(gateway.tls)
        #expect(gateway.tlsFingerprint == DNSFixtures.fingerprint)
        #expect(gateway.lanHost == "studio.local")
        #expect(gateway.sources == [.mdns])
    }

    @Test func resolvesAcrossSeveralMessages() throws {
        var set = DNSSDRecordSet()
        set.add(try DNSMessage(parsing: DNSFixtures.unicastResponse))
        let instance = try DNSName("studio-gateway._openclaw-gw._tcp.openclaw.internal.")
        // No TXT yet: the gateway is there with an empty TXT.
        #expect(set.gateway(instance: instance)?.txt == GatewayTXT())
        set.add([DNSResourceRecord(name: instance, ttl: 60, data: .txt([Array("displayName=Studio London".utf8)]))])
        let gateway = try #require(set.gateway(instance: instance))
        #expect(gateway.displayName == "Studio London")
        #expect(gateway.addresses == ["100.123.224.76"])
        #expect(gateway.domain == "openclaw.internal.")
        #expect(gateway.sources == [.unicast])
    }

    @Test func choosesTheSRVByPriorityThenWeight() throws {
        let instance = try DNSName("a._openclaw-gw._tcp.local")
        let set = DNSSDRecordSet([
            DNSResourceRecord(name: instance, ttl: 1, data: .srv(priority: 10, weight: 100, port: 1, target: try DNSName("x"))),
            DNSResourceRecord(name: instance, ttl: 1, data: .srv(priority: 0, weight: 1, port: 2, target: try DNSName("y"))),
            DNSResourceRecord(name: instance, ttl: 1, data: .srv(priority: 0, weight: 5, port: 3, target: try DNSName("z"))),
            DNSResourceRecord(name: instance, ttl: 1, data: .srv(priority: 0, weight: 5, port: 4, target: try DNSName("w"))),
        ])
        #expect(set.service(of: instance)?.port == 3)
    }

    @Test func followsCNAMEsButNotForever() throws {
        let a = try DNSName("a.example"), b = try DNSName("b.example"), c = try DNSName("c.example")
        let set = DNSSDRecordSet([
            DNSResourceRecord(name: a, ttl: 1, data: .cname(b)),
            DNSResourceRecord(name: b, ttl: 1, data: .a(.v4([10, 0, 0, 2]))),
            DNSResourceRecord(name: b, ttl: 1, data: .a(.v4([10, 0, 0, 2]))),
            DNSResourceRecord(name: c, ttl: 1, data: .cname(c)),
        ])
        #expect(set.addresses(of: a) == [.v4([10, 0, 0, 2])])
        #expect(set.addresses(of: c) == [])
    }

    @Test func ignoresPTRsThatAreNotInstanceNames() throws {
        let service = try DNSName("_openclaw-gw._tcp.local")
        let set = DNSSDRecordSet([
            DNSResourceRecord(name: service, ttl: 1, data: .ptr(try DNSName("local"))),
            DNSResourceRecord(name: service, ttl: 1, data: .ptr(try DNSName("local"))),
        ])
        #expect(set.instances(of: service).count == 1)
        #expect(set.gateways(of: service).isEmpty)
    }
}
