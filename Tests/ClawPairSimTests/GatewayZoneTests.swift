import Testing
@testable import ClawPairWire
@testable import ClawPairSim

@Suite struct GatewayZoneTests {
    /// A leaf certificate hash for the zone's `gatewayTlsSha256`.
    static let fingerprint = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"

    private func zone() throws -> GatewayZone {
        GatewayZone(
            domain: try BrowseDomain("openclaw.internal"), serial: 2_025_121_701, hostname: "Studio-London.lan",
            displayName: "Mac Studio", tailnetIPv4: .v4([100, 123, 224, 76]),
            tailnetIPv6: IPAddress("fd7a:115c:a1e0::8801:e04c"), gatewayTls: true,
            tlsFingerprintSha256: Self.fingerprint, sshPort: 22, cliPath: "/opt/homebrew/bin/openclaw")
    }

    @Test func writesTheZoneAsTheGatewayDoes() throws {
        let text = try zone().zoneFileText()
        #expect(
            text == """
                $ORIGIN openclaw.internal.
                $TTL 60
                @ IN SOA ns1 hostmaster 2025121701 7200 3600 1209600 60
                @ IN NS ns1
                ns1 IN A 100.123.224.76
                studio-london IN A 100.123.224.76
                studio-london IN AAAA fd7a:115c:a1e0::8801:e04c
                _openclaw-gw._tcp IN PTR studio-london-gateway._openclaw-gw._tcp
                studio-london-gateway._openclaw-gw._tcp IN SRV 0 0 18789 studio-london
                studio-london-gateway._openclaw-gw._tcp IN TXT "displayName=Mac Studio" "role=gateway" "transport=gateway" "gatewayPort=18789" "gatewayTls=1" "gatewayTlsSha256=\(Self.fingerprint)" "sshPort=22" "cliPath=/opt/homebrew/bin/openclaw"

                """)
    }

    @Test func answersABrowseWithEverythingNeeded() throws {
        let zone = try zone()
        let query = DNSMessage.query(id: 77, name: try zone.serviceName, type: .PTR)
        let response = try DNSMessage(parsing: zone.answer(query).encoded())
        #expect(response.id == 77 && response.isResponse && response.isAuthoritative && response.responseCode == .noError)
        #expect(response.questions == query.questions)
        #expect(response.answers.map(\.type) == [.PTR])
        #expect(response.additionals.map(\.type) == [.SRV, .TXT, .A, .AAAA])
        // What a browser reads from that one answer: PTR → instance, SRV → host, TXT, A/AAAA.
        guard case .ptr(let instance) = response.answers[0].data else { Issue.record("no PTR"); return }
        #expect(instance.description == "studio-london-gateway._openclaw-gw._tcp.openclaw.internal.")
        let records = response.additionals
        guard case .srv(_, _, let port, let host) = records[0].data, case .txt(let strings) = records[1].data else {
            Issue.record("no SRV and TXT")
            return
        }
        #expect(records[0].name == instance && records[1].name == instance)
        #expect(host.description == "studio-london.openclaw.internal." && port == 18789)
        let txt = GatewayTXT(strings: strings)
        #expect(txt.displayName == "Mac Studio" && txt.lanHost == nil && txt.sshPort == 22)
        let addresses = records[2...].compactMap { record -> String? in
            guard record.name == host else { return nil }
            switch record.data {
            case .a(let address), .aaaa(let address): return address.description
            default: return nil
            }
        }
        #expect(addresses == ["100.123.224.76", "fd7a:115c:a1e0::8801:e04c"])
    }

    @Test func negativeAnswersCarryTheSOA() throws {
        let zone = try zone()
        let nx = zone.answer(.query(id: 1, name: try DNSName("nope.openclaw.internal"), type: .A))
        #expect(nx.responseCode == .nxDomain)
        #expect(nx.negativeCacheTTL == 60)
        // `_tcp.openclaw.internal.` has no records but names below it: NODATA.
        let empty = zone.answer(.query(id: 2, name: try DNSName("_tcp.openclaw.internal"), type: .PTR))
        #expect(empty.responseCode == .noError && empty.answers.isEmpty && empty.authorities.count == 1)
        let nodata = zone.answer(.query(id: 3, name: try zone.hostName, type: .TXT))
        #expect(nodata.responseCode == .noError && nodata.answers.isEmpty)
        let outside = zone.answer(.query(id: 4, name: try DNSName("example.com"), type: .A))
        #expect(outside.responseCode == .refused)
        let browseDomains = zone.answer(.query(id: 5, name: try zone.domain.browseDomainsQueryName, type: .PTR))
        #expect(browseDomains.responseCode == .nxDomain)
    }

    @Test func srvAnswersBringAddresses() throws {
        let zone = try zone()
        let response = zone.answer(.query(id: 1, name: try zone.instanceName, type: .SRV))
        #expect(response.answers.map(\.type) == [.SRV])
        #expect(response.additionals.map(\.type) == [.A, .AAAA])
        let any = zone.answer(.query(id: 1, name: try zone.instanceName, type: .ANY))
        #expect(any.answers.map(\.type) == [.SRV, .TXT])
    }
}
