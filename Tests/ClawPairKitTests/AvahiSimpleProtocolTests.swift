import Testing
@testable import ClawPairKit

/// avahi-daemon's line protocol, with lines as avahi-daemon 0.8 writes them (seen on the
/// namespace hosts with a plain socket client).
@Suite struct AvahiSimpleProtocolTests {
    private func text(_ bytes: [UInt8]?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

    @Test func requestsNameTheFamily() {
        #expect(text(AvahiSimpleProtocol.request(host: "gw.local.", recordType: MDNSHostQuery.typeA)) == "RESOLVE-HOSTNAME-IPV4 gw.local.\n")
        #expect(text(AvahiSimpleProtocol.request(host: "gw.local", recordType: MDNSHostQuery.typeAAAA)) == "RESOLVE-HOSTNAME-IPV6 gw.local\n")
        // An escaped label is passed as it is: the daemon unescapes it.
        #expect(text(AvahiSimpleProtocol.request(host: "my\\032gw.local.", recordType: 1)) == "RESOLVE-HOSTNAME-IPV4 my\\032gw.local.\n")
        #expect(AvahiSimpleProtocol.request(host: "gw.local.", recordType: 16) == nil)
    }

    @Test func namesThatCouldCarryASecondCommandAreNotAsked() {
        for host in ["", "gw local", "gw.local\nHELP", "gw\r.local", "gw\t.local", "gw\u{7F}.local", String(repeating: "a", count: 256)] {
            #expect(AvahiSimpleProtocol.request(host: host, recordType: 1) == nil, "\(host.debugDescription)")
        }
        #expect(AvahiSimpleProtocol.request(host: String(repeating: "a", count: 255), recordType: 1) != nil)
    }

    @Test func parsesAddresses() {
        #expect(AvahiSimpleProtocol.parse(Array("+ 2 0 gw.local 10.77.1.1".utf8)) == .address(interfaceIndex: 2, .v4([10, 77, 1, 1])))
        #expect(
            AvahiSimpleProtocol.parse(Array("+ 7 1 gw.local fe80::1".utf8))
                == .address(interfaceIndex: 7, .v6([0xFE, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])))
    }

    @Test func anythingElseIsAFailure() {
        #expect(AvahiSimpleProtocol.parse(Array("-15 Timeout reached".utf8)) == .failed("15 Timeout reached"))
        #expect(AvahiSimpleProtocol.parse(Array("-3 Invalid host name".utf8)) == .failed("3 Invalid host name"))
        for line in [
            "", "+", "+ 2 0 gw.local", "+ 2 0 gw.local 10.77.1.1 extra", "+ 0 0 gw.local 10.77.1.1", "+ -1 0 gw.local 10.77.1.1",
            "+ 2 x gw.local 10.77.1.1", "+ 2 0 gw.local 10.77.1", "+ 2 0 gw.local fe80::1%eth0", "* 2 0 gw.local 10.77.1.1",
            "+  2 0 gw.local 10.77.1.1",
        ] {
            #expect(AvahiSimpleProtocol.parse(Array(line.utf8)) == .failed("unexpected reply"), "\(line.debugDescription)")
        }
    }
}
