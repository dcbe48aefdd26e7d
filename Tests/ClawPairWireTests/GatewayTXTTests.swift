import Testing
@testable import ClawPairWire

@Suite struct GatewayTXTTests {
    private func txt(_ strings: String...) -> GatewayTXT { GatewayTXT(strings: strings.map { Array($0.utf8) }) }

    @Test func readsAGatewayRecord() {
        let record = txt(
            "role=gateway", "transport=gateway", "gatewayPort=18789", "displayName=Mac Studio", "lanHost=studio.local",
            "gatewayTls=1", "gatewayTlsSha256=SHA256:\(DNSFixtures.fingerprint.uppercased())", "gatewayDirectReachable=1",
            "canvasPort=18793", "tailnetDns=studio.tail1234.ts.net", "sshPort=22", "cliPath=/opt/homebrew/bin/openclaw")
        #expect(record.role == "gateway")
        #expect(record.transport == "gateway")
        #expect(record.gatewayPort == 18789)
        #expect(record.displayName == "Mac Studio")
        #expect(record.lanHost == "studio.local")
        #expect(record.gatewayTls)
        #expect(record.gatewayTlsSha256 == DNSFixtures.fingerprint)
        #expect(record.gatewayDirectReachable)
        #expect(record.canvasPort == 18793)
        #expect(record.tailnetDns == "studio.tail1234.ts.net")
        #expect(record.sshPort == 22)
        #expect(record.cliPath == "/opt/homebrew/bin/openclaw")
    }

    @Test func keysIgnoreCaseAndTheFirstOccurrenceWins() {
        let record = txt("ROLE=gateway", "role=node", "GatewayPort=1", "gatewayport=2")
        #expect(record.role == "gateway")
        #expect(record.gatewayPort == 1)
        #expect(record.entries.count == 2)
        #expect(record.rawPairs.map(\.key) == ["ROLE", "GatewayPort"])
    }

    @Test func valuesAreTrimmedAndEmptyMeansAbsent() {
        let record = txt("displayName=  Studio \t", "lanHost=", "tailnetDns=   ", "gatewayTls=")
        #expect(record.displayName == "Studio")
        #expect(record.lanHost == nil)
        #expect(record.tailnetDns == nil)
        #expect(!record.gatewayTls)
        // The raw map keeps values as sent.
        #expect(record.rawPairs.first?.value == "  Studio \t")
    }

    @Test(arguments: [
        ("gatewayTls=1", true), ("gatewayTls=true", true), ("gatewayTls=TRUE", true), ("gatewayTls=Yes", true),
        ("gatewayTls= yes ", true), ("gatewayTls", true), ("gatewayTls=0", false), ("gatewayTls=false", false),
        ("gatewayTls=on", false), ("gatewayTls=", false), ("other=1", false),
    ])
    func booleans(string: String, expected: Bool) {
        #expect(txt(string).gatewayTls == expected)
    }

    @Test(arguments: [
        ("gatewayPort=18789", UInt16(18789)), ("gatewayPort= 443 ", 443), ("gatewayPort=0", nil), ("gatewayPort=65536", nil),
        ("gatewayPort=-1", nil), ("gatewayPort=+80", nil), ("gatewayPort=80x", nil), ("gatewayPort=0080", 80),
        ("gatewayPort=999999999999999999999", nil), ("gatewayPort", nil),
    ] as [(String, UInt16?)])
    func ports(string: String, expected: UInt16?) {
        #expect(txt(string).gatewayPort == expected)
    }

    @Test(arguments: [
        ("gatewayTlsSha256=\(String(repeating: "ab", count: 32))", String(repeating: "ab", count: 32)),
        ("gatewayTlsSha256=\(String(repeating: "AB:", count: 31))AB", String(repeating: "ab", count: 32)),
        ("gatewayTlsSha256=abc", nil), ("gatewayTlsSha256=\(String(repeating: "zz", count: 32))", nil), ("gatewayTlsSha256=", nil),
    ] as [(String, String?)])
    func fingerprints(string: String, expected: String?) {
        #expect(txt(string).gatewayTlsSha256 == expected)
    }

    @Test func ignoresWhatRFC6763SaysToIgnore() {
        let record = txt("", "=value", "=", "k\u{1}ey=x", "Küche=1", "ok=1")
        #expect(record.rawPairs.map(\.key) == ["ok"])
    }

    @Test func valuesMayContainEqualsSignsAndAnyBytes() {
        let record = GatewayTXT(strings: [Array("cliPath=/a=b".utf8), Array("displayName=".utf8) + [0xFF, 0x41]])
        #expect(record.cliPath == "/a=b")
        #expect(record.displayName == "\u{FFFD}A")
        #expect(record.rawPairs.map(\.key) == ["cliPath", "displayName"])
        #expect(record.rawPairs.map(\.value) == ["/a=b", "\u{FFFD}A"])
    }

    @Test func capsOversizedInput() {
        let long = Array("displayName=".utf8) + Array(repeating: UInt8(ascii: "x"), count: 300)
        #expect(GatewayTXT(strings: [long, Array("role=gateway".utf8)]).displayName == nil)
        #expect(GatewayTXT(strings: [long, Array("role=gateway".utf8)]).role == "gateway")
        // 40 filler strings of 250 bytes pass 8 KiB; what follows is ignored.
        let filler = (0..<40).map { Array("k\($0)=".utf8) + Array(repeating: UInt8(ascii: "v"), count: 240) }
        let record = GatewayTXT(strings: filler + [Array("role=gateway".utf8)])
        #expect(record.role == nil)
        #expect(record.entries.count < 40)
    }

    @Test func encodesForAdvertising() {
        let record = GatewayTXT(pairs: [("role", "gateway"), ("gatewayPort", "18789")])
        #expect(record.strings == [Array("role=gateway".utf8), Array("gatewayPort=18789".utf8)])
        #expect(GatewayTXT(strings: record.strings) == record)
        #expect(GatewayTXT().strings == [[]])
        #expect(txt("flag").strings == [Array("flag".utf8)])
    }
}
