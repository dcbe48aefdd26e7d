import Testing

@testable import ClawPairKit

@Suite struct UnicastDNSSDBrowserTests {
    static let domain = try! BrowseDomain("openclaw.internal")

    static let studio = Dnsmasq.Instance(
        label: "studio (openclaw)", target: "studio.openclaw.internal", port: 18789,
        txt: ["role=gateway", "transport=gateway", "gatewayPort=18789", "displayName=Studio", "gatewayTls=1",
              "gatewayTlsSha256=" + String(repeating: "ab", count: 32), "tailnetDns=studio.tail1234.ts.net"],
        ipv4: "100.64.0.7", ipv6: "fd7a:115c:a1e0::7")
    static let mini = Dnsmasq.Instance(
        label: "mac-mini-gateway", target: "mac-mini.openclaw.internal", port: 18790,
        txt: ["role=gateway", "transport=gateway", "gatewayPort=18790", "displayName=Mac mini"],
        ipv4: "100.64.0.8", ipv6: nil)

    @Test func browsesTwoInstancesFromDnsmasq() async throws {
        let dnsmasq = try await Dnsmasq.start(domain: "openclaw.internal", instances: [Self.studio, Self.mini], ttl: 45)
        defer { dnsmasq.stop() }
        let browser = UnicastDNSSDBrowser(client: UnicastDNSClient(servers: [dnsmasq.server]))
        let report = try await browser.browse(Self.domain, timeout: .seconds(2))
        #expect(report.failure == nil)
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(report.gateways.count == 2)
        let studio = try #require(report.gateways.first { $0.gateway.instance == "studio (openclaw)" })
        #expect(studio.gateway.host == "studio.openclaw.internal.")
        #expect(studio.gateway.port == 18789)
        #expect(studio.gateway.addresses == ["100.64.0.7", "fd7a:115c:a1e0::7"])
        #expect(studio.gateway.txt.displayName == "Studio")
        #expect(studio.gateway.txt.gatewayPort == 18789)
        #expect(studio.gateway.tls)
        #expect(studio.gateway.tlsFingerprint == String(repeating: "ab", count: 32))
        #expect(studio.gateway.tailnetDns == "studio.tail1234.ts.net")
        #expect(studio.gateway.sources == [.unicast])
        #expect(studio.gateway.id.rawValue == "_openclaw-gw._tcp|openclaw.internal.|studio (openclaw)")
        #expect(studio.ttl == 45)
        let mini = try #require(report.gateways.first { $0.gateway.instance == "mac-mini-gateway" })
        #expect(mini.gateway.port == 18790)
        #expect(mini.gateway.addresses == ["100.64.0.8"])
        #expect(mini.gateway.displayName == "Mac mini")
        #expect(report.ttl == 45)
    }
}
