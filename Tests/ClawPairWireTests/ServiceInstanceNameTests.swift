import Testing
@testable import ClawPairWire

@Suite struct ServiceInstanceNameTests {
    @Test(arguments: [
        ("Studio\\032\\040OpenClaw\\041", "Studio (OpenClaw)"),
        ("K\\195\\188che", "Küche"),
        ("Caf\\195\\169", "Café"),
        // Decimal, as RFC 1035 §5.1 says: \038 is `&`, \046 is `.` (not octal).
        ("Tom\\032\\038\\032Jerry", "Tom & Jerry"),
        ("v1\\0462", "v1.2"),
        ("a\\.b", "a.b"),
        ("back\\\\slash", "back\\slash"),
        ("back\\092slash", "back\\slash"),
        // A backslash not followed by three digits, `.` or `\` is literal.
        ("50\\%", "50\\%"),
        ("a\\12", "a\\12"),
        ("a\\1x3", "a\\1x3"),
        ("trailing\\", "trailing\\"),
        ("\\256", "\\256"),
        ("\\999z", "\\999z"),
        ("plain", "plain"),
        ("", ""),
    ])
    func decodesEscapes(escaped: String, decoded: String) {
        #expect(ServiceInstanceName.decode(escaped) == decoded)
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        #expect(ServiceInstanceName.decode("bad\\255\\254") == "bad\u{FFFD}\u{FFFD}")
        #expect(ServiceInstanceName.decode("cut\\195") == "cut\u{FFFD}")
    }

    @Test func escapeIsReversible() {
        for name in ["Studio (OpenClaw)", "a.b\\c", "Küche", "tab\there", ""] {
            #expect(ServiceInstanceName.decode(ServiceInstanceName.escape(name)) == name)
        }
        #expect(ServiceInstanceName.escape("My Box.v2") == "My\\032Box\\.v2")
    }

    @Test func splitsFullNamesOnUnescapedDots() throws {
        let name = try #require(ServiceInstanceName(fullName: "Studio\\032\\040OpenClaw\\041._openclaw-gw._tcp.local."))
        #expect(name.name == "Studio (OpenClaw)")
        #expect(name.serviceType == "_openclaw-gw._tcp")
        #expect(name.domain == "local.")
        let dotted = try #require(ServiceInstanceName(fullName: "v1\\.2\\092._openclaw-gw._tcp.OpenClaw.Internal"))
        #expect(dotted.name == "v1.2\\")
        #expect(dotted.domain == "openclaw.internal.")
        #expect(ServiceInstanceName(fullName: "_openclaw-gw._tcp.local.") == nil)
        // Fuzzer regression: four labels, but the domain is only whitespace.
        #expect(ServiceInstanceName(fullName: "x._a._b. ") == nil)
        #expect(ServiceInstanceName(fullName: "x._a._b.. ") == nil)
        #expect(ServiceInstanceName(fullName: "x._a._b. .cal") == nil)
        #expect(ServiceInstanceName(fullName: "x.._a._b.local") == nil)
        // Fuzzer regression: U+0604 joins the domain's final dot into one grapheme; normalised
        // twice by Characters, the domain gained a second dot and the full name stopped parsing.
        let prepended = try #require(ServiceInstanceName(fullName: "\u{0}.p.I.\u{604}"))
        #expect(Array(prepended.domain.utf8) == Array("\u{604}.".utf8))
        #expect(ServiceInstanceName(fullName: prepended.fullName) == prepended)
        #expect(name.fullName == "Studio\\032(OpenClaw)._openclaw-gw._tcp.local.")
        #expect(ServiceInstanceName(fullName: name.fullName) == name)
    }

    @Test func wireNamesUseTheLabelBytes() throws {
        let wire = try DNSName("K\\195\\188che\\032(OpenClaw)._openclaw-gw._tcp.local.")
        let name = try #require(ServiceInstanceName(dnsName: wire))
        #expect(name.name == "Küche (OpenClaw)")
        #expect(name.serviceType == "_openclaw-gw._tcp")
        #expect(name.domain == "local.")
        #expect(try name.dnsName == wire)
        // A dot inside the label stays inside it.
        let dotted = ServiceInstanceName(name: "v1.2", domain: "openclaw.internal")
        #expect(try dotted.dnsName.labels.count == 5)
        #expect(ServiceInstanceName(dnsName: try DNSName("_openclaw-gw._tcp.local")) == nil)
    }
}
