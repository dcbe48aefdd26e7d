import Testing

@testable import ClawPairWire

@Suite struct DNSServerAddressTests {
    @Test(arguments: [
        ("1.2.3.4", "1.2.3.4", UInt16(53), String?.none),
        ("1.2.3.4:5353", "1.2.3.4", 5353, nil),
        (" 100.100.100.100 ", "100.100.100.100", 53, nil),
        ("[fd00::1]:53", "fd00::1", 53, nil),
        ("[fd00::1]", "fd00::1", 53, nil),
        ("fd00::1", "fd00::1", 53, nil),
        ("::1", "::1", 53, nil),
        ("[::1]:5300", "::1", 5300, nil),
        ("fe80::1%eth0", "fe80::1", 53, "eth0"),
        ("[fe80::1%2]:53", "fe80::1", 53, "2"),
        ("[FD7A:115C:A1E0::53]:65535", "fd7a:115c:a1e0::53", 65535, nil),
    ])
    func parses(text: String, address: String, port: UInt16, zone: String?) throws {
        let server = try DNSServerAddress(parsing: text)
        #expect(server.address == IPAddress(address))
        #expect(server.port == port)
        #expect(server.zone == zone)
    }

    @Test(arguments: [
        "", "   ", "dns.google", "dns.google:53", "1.2.3.4:", "1.2.3.4:0", "1.2.3.4:65536", "1.2.3.4:-1", "1.2.3.4:+53",
        "1.2.3.4:5x", "127.1", "[1.2.3.4]:53", "1.2.3.4%eth0", "[fd00::1", "[fd00::1]53", "[fd00::1]:", "fd00::1%",
        "[fe80::1%]:53", "[]:53", "[fd00::1]:53:53", ":53", "1.2.3.4:053530",
    ])
    func refuses(text: String) {
        #expect(throws: ClawPairError(.dnsServerInvalid, "")) { try DNSServerAddress(parsing: text) }
    }

    @Test func theErrorIsAUsageError() {
        #expect(ClawPairError.Code.dnsServerInvalid.category == .usage)
        do {
            _ = try DNSServerAddress(parsing: "dns.google")
        } catch {
            #expect(error.message.contains("host names cannot name a DNS server"))
            #expect(error.remedy?.contains("[fd7a::53]:53") == true)
        }
    }

    @Test(arguments: ["1.2.3.4:53", "[fd00::1]:5353", "[fe80::1%eth0]:53"])
    func printsWhatItParses(text: String) throws {
        let server = try DNSServerAddress(parsing: text)
        #expect(server.description == text)
        #expect(try DNSServerAddress(parsing: server.description) == server)
    }
}
