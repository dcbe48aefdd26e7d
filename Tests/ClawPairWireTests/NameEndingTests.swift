import Testing

@testable import ClawPairWire

/// Names end by their bytes, not their Characters: U+0604 (a prepended concatenation mark)
/// and the dot after it are one grapheme, so `hasSuffix(".")` and `hasSuffix(".local")` say no.
@Suite struct NameEndingTests {
    private static let prepended = "gw\u{604}."

    @Test func theDotIsFoundByItsByte() {
        #expect(!Self.prepended.hasSuffix("."), "the Character view hides the dot")
        #expect(Self.prepended.endsWithDot)
        #expect("gw.".endsWithDot && !"gw".endsWithDot && !"".endsWithDot)
        #expect("a.b"[...].endsWithDot == false)
    }

    @Test func droppingItKeepsTheMarkBeforeIt() {
        #expect(Array(Self.prepended.droppingFinalDot().utf8) == Array("gw\u{604}".utf8))
        #expect(String("gw.".droppingFinalDot()) == "gw")
        #expect(String("gw..".droppingFinalDot()) == "gw.", "one dot only")
        #expect(String("gw".droppingFinalDot()) == "gw")
        #expect(String(".".droppingFinalDot()).isEmpty)
        #expect(String("x.gw\u{604}."[...].dropFirst(2).droppingFinalDot()) == "gw\u{604}")
    }

    @Test func aDomainNormalisedTwiceGainsNoSecondDot() {
        #expect(BrowseDomain.normalize("\u{604}") == "\u{604}.")
        #expect(BrowseDomain.normalize("\u{604}.") == "\u{604}.")
        #expect(BrowseDomain.normalize(BrowseDomain.normalize("Gw\u{604}")) == "gw\u{604}.")
    }

    @Test func theHostChecksDropTheDotToo() throws {
        #expect(HostPolicy.normalize("[fd00::1]") == "fd00::1")
        #expect(Array(HostPolicy.normalize(Self.prepended).utf8) == Array("gw\u{604}".utf8))
        #expect(GatewayRoute.defaultManualPort(host: "studio.tail1234.ts.net.") == GatewayRoute.defaultTLSPort)
        let overrides = try ResolveOverrides(parsing: "gw.lan.:443:192.0.2.7")
        #expect(overrides.addresses(host: "GW.lan", port: 443) == [try #require(IPAddress("192.0.2.7"))])
    }

    @Test func aSuffixOfLabelsIsFoundByItsBytes() {
        let marked = "studio\u{600}.local"
        #expect(!marked.hasSuffix(".local"), "the Character view hides the suffix")
        #expect(marked.endsWithLabels(".local"))
        #expect("gw.local"[...].endsWithLabels(".local") && !"gw.locals".endsWithLabels(".local"))
        #expect(!"local".endsWithLabels(".local") && "".endsWithLabels(""))
    }

    @Test func theSuffixChecksUseIt() {
        #expect(HostPolicy.isLocal("Studio\u{600}.local."))
        #expect(!HostPolicy.isLocal("studio\u{600}.ts.net"))
        #expect(GatewayRoute.defaultManualPort(host: "gw\u{600}.tail1.ts.net") == GatewayRoute.defaultTLSPort)
        #expect(GatewayID.manual(host: "gw\u{600}.tail1.ts.net", port: 0).rawValue.hasSuffix("|443"))
        #expect(GatewayID.manual(host: "GW.tail1.ts.net.", port: 0).rawValue == "manual|gw.tail1.ts.net.|443")
        #expect(GatewayID.manual(host: "gw.lan", port: 0).rawValue == "manual|gw.lan|18789")
    }
}
