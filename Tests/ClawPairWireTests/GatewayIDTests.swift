import Testing
@testable import ClawPairWire

@Suite struct GatewayIDTests {
    @Test func idsCompareAsExactBytesNotAsCanonicallyEquivalentText() {
        let composed = GatewayID.discovered(domain: "local.", instanceName: "Caf\u{E9}")
        let decomposed = GatewayID.discovered(domain: "local.", instanceName: "Cafe\u{301}")
        #expect(composed.rawValue == decomposed.rawValue)  // Swift's String equality...
        #expect(composed != decomposed)  // ...but not the same id.
        #expect(Set([composed, decomposed, composed]).count == 2)
    }

    @Test func discoveredIDsMatchTheSpecExample() {
        #expect(
            GatewayID.discovered(serviceType: "_openclaw-gw._tcp", domain: "local.", instanceName: "Studio (OpenClaw)").rawValue
                == "_openclaw-gw._tcp|local.|Studio (OpenClaw)")
        // Whitespace collapsed and trimmed; the domain normalised.
        #expect(
            GatewayID.discovered(domain: "Local", instanceName: "  Studio \t (OpenClaw) ").rawValue
                == "_openclaw-gw._tcp|local.|Studio (OpenClaw)")
        // Ids compare as exact bytes: case matters in the name.
        #expect(GatewayID.discovered(domain: "local.", instanceName: "studio") != .discovered(domain: "local.", instanceName: "Studio"))
    }

    @Test(arguments: [
        ("Studio.Local", 0, nil, "manual|studio.local|18789"),
        ("Studio.tail1234.TS.net", 0, nil, "manual|studio.tail1234.ts.net|443"),
        ("studio.tail1234.ts.net", 8443, nil, "manual|studio.tail1234.ts.net|8443"),
        ("gw.example.com", 443, "/openclaw", "manual|gw.example.com|443|/openclaw"),
        ("gw.example.com", 443, "", "manual|gw.example.com|443"),
        ("ts.net", 0, nil, "manual|ts.net|18789"),
        ("192.168.1.20", 18789, nil, "manual|192.168.1.20|18789"),
    ] as [(String, Int, String?, String)])
    func manualIDs(host: String, port: Int, contextPath: String?, expected: String) {
        #expect(GatewayID.manual(host: host, port: port, contextPath: contextPath).rawValue == expected)
    }

    @Test func fileKeysAreUnpaddedBase64URL() throws {
        let id = GatewayID.discovered(domain: "local.", instanceName: "Küche (OpenClaw)")
        #expect(!id.fileKey.contains("="))
        #expect(!id.fileKey.contains("/") && !id.fileKey.contains("+"))
        #expect(GatewayID(fileKey: id.fileKey) == id)
        #expect(GatewayID(rawValue: "manual|a|1").fileKey == "bWFudWFsfGF8MQ")
        #expect(GatewayID(fileKey: "!!") == nil)
        #expect(GatewayID(fileKey: "_w") == nil)  // 0xFF is not UTF-8
    }

    @Test func sortsByBytes() {
        let ids = ["b", "B", "a", "é"].map(GatewayID.init(rawValue:))
        #expect(ids.sorted().map(\.rawValue) == ["B", "a", "b", "é"])
    }
}
