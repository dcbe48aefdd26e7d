import Testing

@testable import ClawPairWire

/// What `browse` prints in NAME (display name, instance name, a one-word instance) is what
/// `resolve` and `probe` accept; several matches are REGISTRY_AMBIGUOUS with the candidates.
@Suite struct GatewayNameMatchTests {
    private static func gateway(_ instance: String, domain: String = "local.", displayName: String? = nil, port: UInt16 = 18789) -> DiscoveredGateway {
        var pairs: [(String, String)] = []
        if let displayName { pairs.append(("displayName", displayName)) }
        return DiscoveredGateway(
            instance: instance, domain: domain, host: "h.local.", port: port, addresses: [], txt: GatewayTXT(pairs: pairs), sources: [.mdns])
    }

    static let studio = gateway("Studio (OpenClaw)", displayName: "Studio")
    static let kitchen = gateway("kitchen", displayName: "Kitchen Mac")
    static let gateways = [studio, kitchen]

    @Test(arguments: [
        ("Studio (OpenClaw)", "Studio (OpenClaw)"), ("studio   (openclaw)", "Studio (OpenClaw)"), ("Studio", "Studio (OpenClaw)"),
        ("kitchen", "kitchen"), ("KITCHEN", "kitchen"), ("Kitchen Mac", "kitchen"),
    ])
    func acceptsWhatBrowsePrints(name: String, instance: String) throws {
        #expect(try GatewayNameMatch.find(name, in: Self.gateways)?.instance == instance)
    }

    @Test func noMatchIsNil() throws {
        #expect(try GatewayNameMatch.find("garage", in: Self.gateways) == nil)
    }

    @Test func severalMatchesAreAmbiguousWithTheCandidates() {
        let twins = [Self.gateway("kitchen-a", displayName: "Kitchen"), Self.gateway("kitchen-b", displayName: "Kitchen", port: 18790)]
        do {
            _ = try GatewayNameMatch.find("kitchen", in: twins)
            Issue.record("a name two gateways share resolved")
        } catch {
            #expect(error.code == .registryAmbiguous)
            #expect(error.message.contains("\"kitchen-a\"") && error.message.contains("\"kitchen-b\""))
        }
        // The same instance name in two domains is ambiguous too.
        let domains = [Self.gateway("Studio"), Self.gateway("Studio", domain: "example.com.")]
        #expect(throws: ClawPairError(.registryAmbiguous, "")) { try GatewayNameMatch.find("Studio", in: domains) }
    }

    /// An instance name is unique in its domain: it wins over another gateway's display name.
    @Test func anInstanceNameWinsOverADisplayName() throws {
        let gateways = [Self.gateway("Office", displayName: "Studio"), Self.gateway("Studio", displayName: "Back room")]
        #expect(try GatewayNameMatch.find("studio", in: gateways)?.instance == "Studio")
    }
}
