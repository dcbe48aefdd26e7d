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
        let target = try ProbeTarget.classify("192.168.1.9:9000", nowMs: 0)
        let plan = ProbePlan(target: target, registryRoute: try GatewayRoute(url: "wss://gw.tail1234.ts.net"))
        // No scheme: wss first, then ws (a LAN address may use plaintext).
        #expect(plan.candidates.map(\.route.url) == ["wss://gw.tail1234.ts.net:443", "wss://192.168.1.9:9000", "ws://192.168.1.9:9000"])
        #expect(plan.candidates.map(\.source) == [.registry, .manual, .manual])
        #expect(plan.target == "192.168.1.9:9000 (no scheme: wss://, then ws://)")
        // A host that is not local: wss only, and the plan says why ws is not tried.
        let remote = ProbePlan(target: try ProbeTarget.classify("gateway.lan:9000", nowMs: 0))
        #expect(remote.candidates.map(\.route.url) == ["wss://gateway.lan:9000"])
        #expect(remote.skipped.count == 1 && remote.skipped[0].hasPrefix("ws://gateway.lan:9000: not tried"))
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
