import Testing
@testable import ClawPairKit

@Suite struct WideAreaDomainCheckTests {
    @Test func notSetIsFine() {
        let check = WideAreaDomainCheck.evaluate(value: nil)
        #expect(check.status == .ok)
        #expect(check.detail == "OPENCLAW_WIDE_AREA_DOMAIN is not set: only local. is browsed")
        #expect(check.remedy == nil)
    }

    @Test func showsTheNormalisedDomain() {
        let directory = FixtureDirectory()
        let inputs = directory.machineInputs(environment: ["OPENCLAW_WIDE_AREA_DOMAIN": "  OpenClaw.Internal "])
        let check = WideAreaDomainCheck.run(inputs)
        #expect(check.status == .ok)
        #expect(check.detail == "browses openclaw.internal. (from OPENCLAW_WIDE_AREA_DOMAIN) through unicast DNS-SD, besides local.")
    }

    @Test func localIsAlreadyBrowsed() {
        #expect(WideAreaDomainCheck.evaluate(value: "Local").detail.contains("the mDNS domain"))
    }

    @Test(arguments: ["", "  ", ".", "a..b", String(repeating: "x", count: 64) + ".example", Array(repeating: "abcdefgh", count: 30).joined(separator: ".")])
    func warnsOnValuesThatAreNotDomains(value: String) {
        let check = WideAreaDomainCheck.evaluate(value: value)
        #expect(check.status == .warn)
        #expect(check.remedy?.hasPrefix("set OPENCLAW_WIDE_AREA_DOMAIN") == true)
    }
}
