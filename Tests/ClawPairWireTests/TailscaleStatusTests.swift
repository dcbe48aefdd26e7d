import Testing
@testable import ClawPairWire

@Suite struct TailscaleStatusTests {
    static let running = """
        {"Version":"1.76.1","BackendState":"Running","AuthURL":"","TailscaleIPs":["100.64.0.7"],
         "Self":{"ID":"n1","HostName":"studio","DNSName":"studio.tail1234.ts.net.","Online":true},
         "Health":[],"MagicDNSSuffix":"tail1234.ts.net","Peer":{}}
        """

    @Test func parsesRunning() throws {
        let status = try #require(TailscaleStatus(parsingJSON: Array(Self.running.utf8)))
        #expect(status.backendState == .running)
        #expect(status.selfDNSName == "studio.tail1234.ts.net.")
        #expect(status.health.isEmpty)
    }

    /// The login URL is never kept.
    @Test func parsesNeedsLoginWithoutKeepingTheAuthURL() throws {
        let text = #"{"BackendState":"NeedsLogin","AuthURL":"https://login.tailscale.com/a/secret","Self":{"DNSName":""},"Health":["not logged in",7]}"#
        let status = try #require(TailscaleStatus(parsingJSON: Array(text.utf8)))
        #expect(status.backendState == .needsLogin)
        #expect(status.selfDNSName == nil)
        #expect(status.health == ["not logged in"])
        #expect(!"\(status)".contains("secret"))
    }

    @Test func unknownStateStaysRepresentable() throws {
        let status = try #require(TailscaleStatus(parsingJSON: Array(#"{"BackendState":"InUseOtherUser"}"#.utf8)))
        #expect(status.backendState.rawValue == "InUseOtherUser")
        #expect(status.backendState.description == "InUseOtherUser")
    }

    @Test(arguments: ["", "not json", "[]", #"{"BackendState":1}"#, #"{"Self":{}}"#])
    func rejectsWithoutBackendState(text: String) {
        #expect(TailscaleStatus(parsingJSON: Array(text.utf8)) == nil)
    }
}
