import Testing
@testable import ClawPairKit

@Suite struct MDNSBrowseOptionsTests {
    @Test(arguments: ["_openclaw-gw._tcp", "_openclaw-gw._tcp.", "_http._tcp", "_a._udp", "_abcdefghijklmno._tcp", "_x2-y._tcp"])
    func acceptsServiceTypes(type: String) throws {
        try MDNSBrowseOptions(serviceType: type).validate()
    }

    @Test(arguments: [
        "", "openclaw-gw._tcp", "_openclaw-gw", "_openclaw-gw._sctp", "_._tcp", "_-gw._tcp", "_gw-._tcp",
        "_a--b._tcp", "_abcdefghijklmnop._tcp", "_123._tcp", "_a b._tcp", "_gw._tcp.local.", "_sub._gw._tcp",
    ])
    func rejectsOthersAsUsageErrors(type: String) {
        #expect(throws: ClawPairError(.mdnsInvalidServiceType, "")) {
            try MDNSBrowseOptions(serviceType: type).validate()
        }
        #expect(ClawPairError.Code.mdnsInvalidServiceType.category == .usage)
    }
}
