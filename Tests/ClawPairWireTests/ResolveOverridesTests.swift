import Testing

@testable import ClawPairWire

@Suite struct ResolveOverridesTests {
    private static func v4(_ text: String) -> IPAddress { IPAddress(text)! }

    @Test(arguments: [
        ("", [String]()),
        ("gw.lan:18789:192.168.1.20", ["gw.lan:18789=192.168.1.20"]),
        ("GW.lan.:443:[fd00::1]", ["gw.lan:443=fd00::1"]),
        ("gw:443:fd00::1", ["gw:443=fd00::1"]),
        ("a:1:10.0.0.1,b:2:[::1]", ["a:1=10.0.0.1", "b:2=::1"]),
        ("gw:443:10.0.0.1,10.0.0.2,[fd00::2]", ["gw:443=10.0.0.1 10.0.0.2 fd00::2"]),
        (" gw:443:10.0.0.1 , gw:443:10.0.0.3,", ["gw:443=10.0.0.1 10.0.0.3"]),
        ("gw:443:10.0.0.1,gw:443:10.0.0.1", ["gw:443=10.0.0.1"]),
    ])
    func parses(text: String, expected: [String]) throws {
        let overrides = try ResolveOverrides(parsing: text)
        #expect(
            overrides.entries.map { "\($0.host):\($0.port)=" + $0.addresses.map(\.description).joined(separator: " ") }
                == expected)
    }

    @Test(arguments: [
        ("gw.lan", "'gw.lan'"),
        ("gw.lan:18789", "'gw.lan:18789'"),
        ("ok:1:10.0.0.1,gw:x:10.0.0.1", "'gw:x:10.0.0.1'"),
        ("gw:0:10.0.0.1", "'gw:0:10.0.0.1'"),
        ("gw:99999:10.0.0.1", "'gw:99999:10.0.0.1'"),
        ("gw:443:", "'gw:443:'"),
        (":443:10.0.0.1", "':443:10.0.0.1'"),
        ("gw:443:not-an-ip", "'gw:443:not-an-ip'"),
        ("gw:443:[10.0.0.1]", "'gw:443:[10.0.0.1]'"),
        ("gw:443:[fd00::1", "'gw:443:[fd00::1'"),
        ("gw:443:010.0.0.1", "'gw:443:010.0.0.1'"),
        ("gw:443:[fe80::1%eth0]", "'gw:443:[fe80::1%eth0]'"),
        ("+gw:443:10.0.0.1", "'+gw:443:10.0.0.1'"),
        ("10.0.0.1", "'10.0.0.1'"),
    ])
    func rejectsNamingTheEntry(text: String, named: String) {
        do {
            _ = try ResolveOverrides(parsing: text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.code == .resolveOverrideInvalid)
            #expect(error.message.contains(named), "\(error.message)")
        }
    }

    @Test func looksUpByHostAndPort() throws {
        let overrides = try ResolveOverrides(parsing: "gw.lan:18789:192.168.1.20,192.168.1.21,gw.lan:443:10.0.0.9")
        #expect(overrides.addresses(host: "GW.LAN.", port: 18789) == [Self.v4("192.168.1.20"), Self.v4("192.168.1.21")])
        #expect(overrides.addresses(host: "gw.lan", port: 443) == [Self.v4("10.0.0.9")])
        #expect(overrides.addresses(host: "gw.lan", port: 80) == nil)
        #expect(overrides.addresses(host: "other", port: 443) == nil)
    }
}

@Suite struct AddressOrderTests {
    @Test(arguments: [
        ([String](), [String]()),
        (["10.0.0.1", "10.0.0.2"], ["10.0.0.1", "10.0.0.2"]),
        (["fd00::1", "fd00::2", "10.0.0.1", "10.0.0.2", "10.0.0.3"], ["fd00::1", "10.0.0.1", "fd00::2", "10.0.0.2", "10.0.0.3"]),
        (["10.0.0.1", "10.0.0.2", "fd00::1"], ["10.0.0.1", "fd00::1", "10.0.0.2"]),
        (["10.0.0.1", "fd00::1", "10.0.0.1"], ["10.0.0.1", "fd00::1"]),
    ])
    func interleavesFamiliesPreferringTheFirst(input: [String], expected: [String]) {
        #expect(AddressOrder.interleaved(input.map { IPAddress($0)! }).map(\.description) == expected)
    }
}
