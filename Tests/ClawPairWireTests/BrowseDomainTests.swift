import Testing
@testable import ClawPairWire

@Suite struct BrowseDomainTests {
    @Test(arguments: [
        ("local", "local."), ("local.", "local."), ("  Local \n", "local."), ("OpenClaw.Internal", "openclaw.internal."),
        ("openclaw.internal.", "openclaw.internal."), ("a\\.", "a\\.."),
    ])
    func normalises(text: String, normalized: String) throws {
        #expect(BrowseDomain.normalize(text) == normalized)
        #expect(try BrowseDomain(text).name == normalized)
    }

    @Test(arguments: ["", "  ", ".", "a..b", "\\", String(repeating: "x", count: 64) + ".net"])
    func rejects(text: String) {
        #expect(throws: ClawPairError(.browseDomainInvalid, "")) { try BrowseDomain(text) }
    }

    @Test func knowsWhichDomainsAreMulticast() throws {
        #expect(BrowseDomain.local.isMulticast)
        #expect(try BrowseDomain("LOCAL").isMulticast)
        #expect(try BrowseDomain("lab.local").isMulticast)
        #expect(try !BrowseDomain("openclaw.internal").isMulticast)
        #expect(try !BrowseDomain("notlocal").isMulticast)
    }

    @Test func queryNames() throws {
        let domain = try BrowseDomain("openclaw.internal")
        #expect(try domain.gatewayServiceName.description == "_openclaw-gw._tcp.openclaw.internal.")
        #expect(try domain.browseDomainsQueryName.description == "b._dns-sd._udp.openclaw.internal.")
        #expect(ClawPairError.Code.browseDomainInvalid.category == .usage)
    }
}
