import Testing

@testable import ClawPairKit

/// The plan: route order and which pin each `wss` route must match.
@Suite struct ProbePlanTests {
    static let fingerprint = String(repeating: "ab", count: 32)

    func code(_ json: String) throws -> ProbeTarget {
        try ProbeTarget.classify(json, nowMs: 0)
    }

    @Test func setupCodePinCoversThePrimaryRouteOnly() throws {
        let target = try code(#"{"url":"wss://gw.example.com","urls":["wss://10.0.0.5:8443","ws://10.0.0.5:18789"],"tlsFingerprint":"\#(Self.fingerprint)"}"#)
        let plan = ProbePlan(target: target)
        #expect(plan.candidates.map(\.route.url) == ["wss://gw.example.com:443", "wss://10.0.0.5:8443", "ws://10.0.0.5:18789"])
        #expect(plan.candidates.map(\.source) == [.setupCode, .setupCode, .setupCode])
        #expect(plan.pins == [0: .certificate(Self.fingerprint)])
    }

    @Test func fingerprintOptionPinsEveryTLSRouteAndWins() throws {
        let target = try code(#"{"url":"wss://gw.example.com","urls":["wss://10.0.0.5:8443","ws://10.0.0.5:18789"],"tlsFingerprint":"\#(Self.fingerprint)"}"#)
        let other = TLSPin.certificate(String(repeating: "cd", count: 32))
        let plan = ProbePlan(target: target, fingerprint: other)
        #expect(plan.pins == [0: other, 1: other])
    }

    @Test func manualHostAndRegistrySeam() throws {
        let target = try ProbeTarget.classify("gateway.lan:9000", nowMs: 0)
        let plan = ProbePlan(target: target, registryRoute: try GatewayRoute(url: "wss://gw.tail1234.ts.net"))
        #expect(plan.candidates.map(\.route.url) == ["wss://gw.tail1234.ts.net:443", "ws://gateway.lan:9000"])
        #expect(plan.candidates.map(\.source) == [.registry, .manual])
        #expect(plan.target == "ws://gateway.lan:9000")
    }

    @Test func instanceNameRoutesComeFromDiscovery() throws {
        let gateway = DiscoveredGateway(
            instance: "Studio (OpenClaw)", domain: "local.", host: "studio.local.", port: 18789,
            addresses: ["192.168.1.20", "fd00::20"], txt: GatewayTXT(pairs: [("tailnetDns", "studio.tail1234.ts.net"), ("gatewayTlsSha256", Self.fingerprint)]),
            sources: [.mdns])
        let plan = ProbePlan(target: .instanceName("Studio (OpenClaw)"), discovered: [gateway])
        #expect(plan.candidates.map(\.route.url) == [
            "ws://192.168.1.20:18789", "ws://[fd00::20]:18789", "wss://studio.tail1234.ts.net:443",
        ])
        #expect(plan.pins.isEmpty)  // a TXT fingerprint is a hint, never a pin
    }
}
