import Testing
@testable import ClawPairWire

@Suite struct NSSwitchHostsTests {
    static let debian = """
        # /etc/nsswitch.conf
        passwd:         files systemd
        group:          files systemd

        hosts:          files mdns4_minimal [NOTFOUND=return] dns myhostname
        networks:       files
        """

    @Test func parsesDebianDefaultWithMDNS() {
        let hosts = NSSwitchHosts(parsingFile: Self.debian)
        #expect(hosts.sources.map(\.name) == ["files", "mdns4_minimal", "dns", "myhostname"])
        #expect(hosts.sources[1].criteria == [.init(status: "NOTFOUND", action: "return")])
        #expect(hosts.firstMulticastDNSSource?.name == "mdns4_minimal")
        #expect(hosts.sourceBlockingMulticastDNS == nil)
        #expect(!hosts.isDefault)
        #expect(hosts.text == "files mdns4_minimal [NOTFOUND=return] dns myhostname")
    }

    /// The mDNS module's own `[NOTFOUND=return]` is the intended setup, never a blocker; one
    /// before it is.
    @Test(arguments: [
        ("hosts: files mdns4_minimal [NOTFOUND=return] dns", nil),
        ("hosts: files mdns [NOTFOUND=return] dns", nil),
        ("hosts: files [NOTFOUND=return] mdns4_minimal dns", "files"),
        ("hosts: files dns [NOTFOUND=return] mdns4", "dns"),
        ("hosts: resolve [!UNAVAIL=return] files mdns4_minimal [NOTFOUND=return] dns", "resolve"),
        ("hosts: files [ NOTFOUND = return ] mdns6_minimal", "files"),
        ("hosts: files [notfound=RETURN] mdns_minimal", "files"),
        ("hosts: files [NOTFOUND=return NOTFOUND=continue] mdns4_minimal", nil),
        ("hosts: files [!SUCCESS=return] mdns4_minimal", "files"),
        ("hosts: files [!NOTFOUND=return] mdns4_minimal", nil),
        ("hosts: files [SUCCESS=return] dns mdns4_minimal", nil),
        ("hosts: files[NOTFOUND=return]mdns4_minimal", "files"),
    ] as [(String, String?)])
    func findsWhatBlocksMDNS(line: String, blocker: String?) {
        let hosts = NSSwitchHosts(parsingFile: line)
        #expect(hosts.firstMulticastDNSSource != nil)
        #expect(hosts.sourceBlockingMulticastDNS?.name == blocker)
    }

    @Test(arguments: [
        "hosts: files dns",
        "hosts: files myhostname resolve [!UNAVAIL=return] dns",
        "hosts:",
        "#hosts: files mdns4_minimal [NOTFOUND=return] dns\nhosts: files dns",
        "hosts: files dns # mdns4_minimal in a comment",
    ])
    func noMDNSModule(text: String) {
        let hosts = NSSwitchHosts(parsingFile: text)
        #expect(hosts.firstMulticastDNSSource == nil)
        #expect(hosts.sourceBlockingMulticastDNS == nil)
        #expect(!hosts.isDefault)
    }

    @Test(arguments: ["", "passwd: files\n", "# only a comment\n", "  hostsx: mdns4"])
    func noHostsLineIsGlibcDefault(text: String) {
        let hosts = NSSwitchHosts(parsingFile: text)
        #expect(hosts.isDefault)
        #expect(hosts == NSSwitchHosts.glibcDefault)
        #expect(hosts.firstMulticastDNSSource == nil)
    }

    /// glibc's lookup takes the first entry for a database.
    @Test func firstHostsLineWins() {
        let hosts = NSSwitchHosts(parsingFile: "hosts: files dns\nhosts: files mdns4_minimal dns\n")
        #expect(hosts.text == "files dns")
    }

    @Test func keepsTabsAndLeadingSpaceAndUnknownCriteria() {
        let hosts = NSSwitchHosts(parsingFile: "  hosts:\tfiles\t[bogus] mdns4_minimal [NOTFOUND=return]\tdns\r\n")
        #expect(hosts.sources.map(\.name) == ["files", "mdns4_minimal", "dns"])
        #expect(hosts.sources[0].criteria.isEmpty)
    }

    @Test(arguments: [
        ("hosts: files dns", "files mdns4_minimal [NOTFOUND=return] dns"),
        ("hosts: dns files", "dns files mdns4_minimal [NOTFOUND=return]"),
        ("hosts: dns", "mdns4_minimal [NOTFOUND=return] dns"),
        ("hosts: files [NOTFOUND=return] mdns4 dns", "files [NOTFOUND=return] mdns4_minimal [NOTFOUND=return] dns"),
        ("hosts: files dns mdns4_minimal", "files mdns4_minimal [NOTFOUND=return] dns"),
    ])
    func suggestsTheLibnssMDNSOrder(line: String, suggested: String) {
        #expect(NSSwitchHosts(parsingFile: line).suggestedWithMulticastDNS.text == suggested)
    }
}
