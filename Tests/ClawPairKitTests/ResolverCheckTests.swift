import Testing
@testable import ClawPairKit

@Suite struct ResolverCheckTests {
    @Test func listsNameserversAndSearch() {
        let directory = FixtureDirectory()
        directory.write("etc/resolv.conf", "nameserver 192.168.1.1\nnameserver fd00::53\nsearch home.arpa\n")
        let check = ResolverCheck.run(directory.machineInputs())
        #expect(check.status == .ok)
        #expect(check.detail == "nameservers 192.168.1.1, fd00::53; search home.arpa")
    }

    @Test func notesTheSystemdResolvedStub() {
        let directory = FixtureDirectory()
        directory.write("etc/resolv.conf", "nameserver 127.0.0.53\noptions edns0 trust-ad\n")
        let check = ResolverCheck.run(directory.machineInputs())
        #expect(check.status == .ok)
        #expect(check.detail.hasPrefix("nameserver 127.0.0.53 (systemd-resolved's stub"))
        #expect(check.detail.contains("resolvectl status"))
    }

    @Test func notesIgnoredNameservers() {
        let summary = ResolvConfSummary(parsing: "nameserver 1.1.1.1\nnameserver 2.2.2.2\nnameserver 3.3.3.3\nnameserver 4.4.4.4\n")
        let check = ResolverCheck.evaluate(summary: summary, path: "/etc/resolv.conf")
        #expect(check.detail == "nameservers 1.1.1.1, 2.2.2.2, 3.3.3.3; 1 more ignored (glibc uses 3)")
    }

    @Test func warnsWithoutNameserver() {
        let directory = FixtureDirectory()
        let path = directory.write("etc/resolv.conf", "search example.com\n")
        let check = ResolverCheck.run(directory.machineInputs())
        #expect(check.status == .warn)
        #expect(check.detail == "\(path) has no nameserver line, so glibc asks a DNS server on this machine (127.0.0.1)")
        #expect(check.remedy?.hasPrefix("add a line \"nameserver ADDRESS\"") == true)
    }

    @Test func warnsWhenMissing() {
        let directory = FixtureDirectory()
        let check = ResolverCheck.run(directory.machineInputs())
        #expect(check.status == .warn)
        #expect(check.detail.hasPrefix("cannot read \(directory("etc/resolv.conf"))"))
    }
}
