import Testing
@testable import ClawPairWire

@Suite struct AccessOriginTests {
    @Test(arguments: [
        ("https://GW.Example.com", "https://gw.example.com"),
        ("https://gw.example.com:443/", "https://gw.example.com"),
        ("wss://gw.example.com/gateway", "https://gw.example.com"),
        ("WSS://gw.example.com:8443", "https://gw.example.com:8443"),
        ("https://[2001:DB8::0:1]:443/x", "https://[2001:db8::1]"),
        ("https://[::1]:18789", "https://[::1]:18789"),
    ])
    func normalises(url: String, origin: String) throws {
        #expect(try #require(AccessOrigin(url: url)).description == origin)
    }

    @Test(arguments: [
        "http://gw.example.com", "ws://gw.example.com", "https://user@gw.example.com", "https://gw.example.com/?q=1",
        "https://gw.example.com/#f", "https://gw.example.com?", "https://", "https://:443", "https://gw.example.com:",
        "https://gw.example.com:0", "https://gw.example.com:65536", "https://gw.example.com:+1", "https://gw example.com",
        "https://gw.ex\u{e4}mple.com", "https://[1.2.3.4]", "https://[::1", "https://[::1]x", "https://gw%2eexample.com",
        "gw.example.com", "https:/gw.example.com", "https://gw.example.com\\@evil.com",
    ])
    func refuses(url: String) {
        #expect(AccessOrigin(url: url) == nil)
    }

    @Test func refusesOverlongURLs() {
        let path = String(repeating: "a", count: 4096)
        #expect(AccessOrigin(url: "https://gw.example.com/" + path) == nil)
        #expect(AccessOrigin(url: "https://gw.example.com/" + path.dropFirst(24)) != nil)
    }
}
