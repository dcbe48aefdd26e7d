import Testing

@testable import ClawPairWire

/// Names end at the root by their last byte, not their last Character: U+0604 (a prepended
/// concatenation mark) and the dot after it are one grapheme, so `hasSuffix(".")` says no.
@Suite struct FinalDotTests {
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
}
