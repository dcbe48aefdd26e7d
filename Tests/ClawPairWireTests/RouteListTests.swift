import Testing

@testable import ClawPairWire

@Suite struct RouteListTests {
    /// `"wss://host:port@source"` per candidate, so a table row reads like the plan.
    private static func plan(_ list: RouteList) -> [String] {
        list.candidates.enumerated().map { index, candidate in
            #expect(candidate.order == index)
            return "\(candidate.route.url)@\(candidate.source.rawValue)"
        }
    }

    private static func route(_ url: String) -> GatewayRoute { try! GatewayRoute(url: url) }

    private static func code(_ urls: String...) -> SetupCode {
        SetupCode(
            form: .setupCode, primary: route(urls[0]), fallbacks: urls.dropFirst().map(route), auth: .none,
            expiresAtMs: nil, tlsFingerprint: nil, name: nil, ignoredRoutes: [])
    }

    private static func gateway(
        _ instance: String, domain: String = "local.", host: String = "studio.local.", port: UInt16 = 18789,
        addresses: [String], tls: Bool = false, tailnetDns: String? = nil
    ) -> DiscoveredGateway {
        var pairs = [("gatewayTls", tls ? "1" : "0")]
        if let tailnetDns { pairs.append(("tailnetDns", tailnetDns)) }
        return DiscoveredGateway(
            instance: instance, domain: domain, host: host, port: port, addresses: addresses,
            txt: GatewayTXT(pairs: pairs), sources: [domain == "local." ? .mdns : .unicast])
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let list: @Sendable () -> RouteList
        let expected: [String]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "empty", list: { RouteList() }, expected: []),
        Row(
            name: "setup code url then urls",
            list: { RouteList(setupCode: code("wss://gw.example:443", "ws://192.168.1.20:18789", "wss://b.ts.net")) },
            expected: [
                "wss://gw.example:443@setupCode", "ws://192.168.1.20:18789@setupCode", "wss://b.ts.net:443@setupCode",
            ]),
        Row(
            name: "registry first, duplicates keep the earlier source",
            list: {
                RouteList(
                    registry: route("ws://192.168.1.20:18789"),
                    setupCode: code("wss://gw.example", "ws://192.168.1.20:18789"),
                    discovered: [gateway("Studio", addresses: ["192.168.1.20"])],
                    manual: [route("wss://gw.example:443")])
            },
            expected: ["ws://192.168.1.20:18789@registry", "wss://gw.example:443@setupCode"]),
        Row(
            name: "discovery: local. before wide-area, tailnet hints last",
            list: {
                RouteList(discovered: [
                    gateway(
                        "Lab", domain: "openclaw.internal.", host: "lab.openclaw.internal.", addresses: ["100.64.0.7"],
                        tailnetDns: "lab.tail1234.ts.net"),
                    gateway("Studio", addresses: ["192.168.1.20", "fe80::1%eth0"], tailnetDns: "studio.tail1234.ts.net"),
                ])
            },
            expected: [
                "ws://192.168.1.20:18789@discovery", "ws://[fe80::1%25eth0]:18789@discovery",
                "ws://100.64.0.7:18789@discovery", "wss://studio.tail1234.ts.net:443@discovery",
                "wss://lab.tail1234.ts.net:443@discovery",
            ]),
        Row(
            name: "discovery without addresses uses the SRV target; TLS from TXT",
            list: { RouteList(discovered: [gateway("Studio", host: "Studio.local.", port: 8443, addresses: [], tls: true)]) },
            expected: ["wss://studio.local:8443@discovery"]),
        Row(
            name: "manual host last",
            list: {
                RouteList(setupCode: code("wss://gw.example"), manual: [try! GatewayRoute(manual: "192.168.1.5")])
            },
            expected: ["wss://gw.example:443@setupCode", "ws://192.168.1.5:18789@manual"]),
    ]

    @Test(arguments: rows)
    func buildsTheOrderedList(row: Row) {
        #expect(Self.plan(row.list()) == row.expected)
    }

    @Test func skipsInvalidDiscoveredAddresses() {
        let list = RouteList(discovered: [Self.gateway("Studio", addresses: ["192.168.1.20", "not an address!"])])
        #expect(Self.plan(list) == ["ws://192.168.1.20:18789@discovery"])
        #expect(list.skipped.map(\.text) == ["not an address!"])
    }

    @Test(arguments: [
        ("gw.lan", "ws://gw.lan:18789"),
        ("gw.lan:9000", "ws://gw.lan:9000"),
        ("studio.tail1234.ts.net", "wss://studio.tail1234.ts.net:443"),
        ("Studio.Tail1234.TS.NET.", "wss://studio.tail1234.ts.net:443"),
        ("studio.tail1234.ts.net:18789", "ws://studio.tail1234.ts.net:18789"),
        ("gw.lan:443", "wss://gw.lan:443"),
        ("[fd00::1]", "ws://[fd00::1]:18789"),
        ("[fd00::1]:9000", "ws://[fd00::1]:9000"),
        ("fd00::1", "ws://[fd00::1]:18789"),
        (" 10.0.0.2 ", "ws://10.0.0.2:18789"),
        ("wss://gw.example:8443/oc", "wss://gw.example:8443/oc"),
    ])
    func parsesManualHosts(text: String, url: String) throws {
        #expect(try GatewayRoute(manual: text).url == url)
    }

    @Test(arguments: ["", "gw.lan:", "gw.lan:0", "gw.lan:70000", "gw.lan:http", "[fd00::1", "[fd00::1]x", "bad host"])
    func rejectsManualHosts(text: String) {
        #expect(throws: GatewayRoute.SyntaxError.self) { try GatewayRoute(manual: text) }
    }

    /// A host typed without a scheme: wss first, then ws only where plaintext is allowed.
    @Test(arguments: [
        ("gw1.local", ["wss://gw1.local:18789", "ws://gw1.local:18789"]),
        ("10.0.0.5:18789", ["wss://10.0.0.5:18789", "ws://10.0.0.5:18789"]),
        ("gw.example.invalid", ["wss://gw.example.invalid:18789"]),
        ("100.64.0.7", ["wss://100.64.0.7:18789"]),
        ("box.tail1234.ts.net", ["wss://box.tail1234.ts.net:443"]),
    ])
    func schemeCandidates(text: String, urls: [String]) throws {
        #expect(try GatewayRoute(manual: text).schemeCandidates.map(\.url) == urls)
    }

}
