import Testing

@testable import ClawPairKit

@Suite struct UnicastDNSQueryPlanTests {
    static let a = DNSServerAddress(.v4([192, 0, 2, 1]))
    static let b = DNSServerAddress(.v4([192, 0, 2, 2]), port: 5353)
    static let c = DNSServerAddress(IPAddress("fd7a::53")!)

    static func t(_ server: DNSServerAddress, _ waits: Int...) -> UnicastDNSQueryPlan.Turn {
        .init(server: server, udpWaits: waits.map { .milliseconds($0) })
    }

    @Test func theDefaultsFitTheBrowseBudget() {
        #expect(UnicastDNSQueryPlan.udpTryTimeout == .milliseconds(700))
        #expect(UnicastDNSQueryPlan.udpTransmissions == 2)
        let plan = UnicastDNSQueryPlan.make(servers: [Self.a])
        #expect(plan.turns == [Self.t(Self.a, 700, 700)])
        // One server's whole UDP share leaves room in the 2 s browse for a TCP retry.
        #expect(plan.worstCaseUDPDuration < .seconds(GatewayService.defaultBrowseTimeoutSeconds))
        #expect(plan.tcpTimeout == .milliseconds(1500))
    }

    @Test(arguments: [
        ([a, b, c], 100, 1, [t(a, 100), t(b, 100), t(c, 100)]),
        ([a, a, b], 200, 2, [t(a, 200, 200), t(b, 200, 200)]),
        ([b], 50, 0, [t(b, 50)]),
        ([], 700, 2, []),
    ])
    func plans(servers: [DNSServerAddress], tryMilliseconds: Int, transmissions: Int, turns: [UnicastDNSQueryPlan.Turn])
    {
        let plan = UnicastDNSQueryPlan.make(
            servers: servers, tryTimeout: .milliseconds(tryMilliseconds), transmissions: transmissions)
        #expect(plan.turns == turns)
    }

    @Test func theClientFollowsItsPlan() {
        let client = UnicastDNSClient(servers: [Self.a, Self.b], tryTimeout: .milliseconds(300), transmissions: 3)
        #expect(client.plan.turns == [Self.t(Self.a, 300, 300, 300), Self.t(Self.b, 300, 300, 300)])
        #expect(client.plan.worstCaseUDPDuration == .milliseconds(1800))
    }
}
