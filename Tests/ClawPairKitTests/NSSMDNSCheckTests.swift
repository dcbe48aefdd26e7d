import Testing
@testable import ClawPairKit

@Suite struct NSSMDNSCheckTests {
    @Test func okWithDebianLine() {
        let directory = FixtureDirectory()
        directory.write("etc/nsswitch.conf", "passwd: files\nhosts:          files mdns4_minimal [NOTFOUND=return] dns\n")
        let check = NSSMDNSCheck.run(directory.machineInputs())
        #expect(check.status == .ok)
        #expect(check.detail == "hosts: files mdns4_minimal [NOTFOUND=return] dns (.local names resolve through mdns4_minimal)")
    }

    @Test func warnsWithoutMDNS() {
        let directory = FixtureDirectory()
        let path = directory.write("etc/nsswitch.conf", "hosts: files dns\n")
        let check = NSSMDNSCheck.run(directory.machineInputs())
        #expect(check.status == .warn)
        #expect(check.detail.contains("has no mdns module"))
        #expect(check.detail.contains("cannot resolve .local names"))
        #expect(check.remedy == "apt-get install libnss-mdns (it adds mdns4_minimal to the hosts: line); if it is already installed, edit \(path) so the line reads: hosts: files mdns4_minimal [NOTFOUND=return] dns")
    }

    @Test func warnsWhenSomethingBlocksMDNS() {
        let directory = FixtureDirectory()
        let path = directory.write("etc/nsswitch.conf", "hosts: files [NOTFOUND=return] mdns4_minimal dns\n")
        let check = NSSMDNSCheck.run(directory.machineInputs())
        #expect(check.status == .warn)
        #expect(check.detail.contains("\"files [NOTFOUND=return]\" comes before mdns4_minimal"))
        #expect(check.remedy == "edit \(path) so the line reads: hosts: files [NOTFOUND=return] mdns4_minimal [NOTFOUND=return] dns")
    }

    @Test func warnsWhenTheFileIsMissingOrHasNoHostsLine() {
        let directory = FixtureDirectory()
        let missing = NSSMDNSCheck.run(directory.machineInputs())
        #expect(missing.status == .warn)
        #expect(missing.detail.hasPrefix("cannot read"))
        directory.write("etc/nsswitch.conf", "passwd: files\n")
        let noLine = NSSMDNSCheck.run(directory.machineInputs())
        #expect(noLine.status == .warn)
        #expect(noLine.detail.contains("has no hosts: line"))
    }

    @Test func notesDNSBeforeMDNS() {
        let check = NSSMDNSCheck.evaluate(hosts: NSSwitchHosts(parsingFile: "hosts: files dns mdns4"), path: "/etc/nsswitch.conf")
        #expect(check.status == .ok)
        #expect(check.detail.hasSuffix("dns is asked first, so .local lookups wait for the DNS server"))
    }
}
