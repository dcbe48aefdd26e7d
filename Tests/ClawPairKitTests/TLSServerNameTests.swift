import Testing

@testable import ClawPairKit

@Suite struct TLSServerNameTests {
    @Test(arguments: [
        ("gateway.test", TLSServerName.dns("gateway.test")),
        ("gateway.test.", .dns("gateway.test")),
        ("studio.tail1234.ts.net", .dns("studio.tail1234.ts.net")),
        ("127.0.0.1", .ip("127.0.0.1")),
        ("::1", .ip("::1")),
        ("[::1]", .ip("::1")),
        ("[fe80::1%eth0]", .ip("fe80::1")),
        // Not a strict dotted quad, so a name (IPAddress explains why).
        ("127.1", .dns("127.1")),
    ])
    func reads(host: String, expected: TLSServerName) {
        #expect(TLSServerName(host: host) == expected)
    }

    @Test func sniOnlyForNames() {
        #expect(TLSServerName(host: "gateway.test.")?.sni == "gateway.test")
        #expect(TLSServerName(host: "192.0.2.7")?.sni == nil)
        #expect(TLSServerName(host: "[2001:db8::7]")?.sni == nil)
    }

    @Test func anEmptyHostIsNoName() {
        #expect(TLSServerName(host: "") == nil)
        #expect(TLSServerName(host: ".") == nil)
        #expect(TLSServerName(host: "[]") == nil)
    }
}
