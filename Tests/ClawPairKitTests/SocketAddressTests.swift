import Glibc
import Testing

@testable import ClawPairKit

@Suite struct SocketAddressTests {
    @Test func printsIPv4AndBracketedIPv6() throws {
        #expect(SocketAddress.loopbackIPv4(port: 53).description == "127.0.0.1:53")
        #expect(SocketAddress.loopbackIPv6(port: 5353).description == "[::1]:5353")
        let linkLocal = SocketAddress(try #require(IPAddress("fe80::1")), port: 53, scopeID: 2)
        #expect(linkLocal.description == "[fe80::1%2]:53")
    }

    @Test func ipv4IgnoresAScopeID() {
        #expect(SocketAddress(.v4([10, 0, 0, 1]), port: 1, scopeID: 7).scopeID == 0)
    }

    @Test func zoneByNumberOrName() throws {
        let address = try #require(IPAddress("fe80::1"))
        #expect(try SocketAddress(address, port: 53, zone: "3").scopeID == 3)
        // Every Linux machine has a loopback interface named lo.
        let lo = try SocketAddress(address, port: 53, zone: "lo")
        #expect(lo.scopeID > 0)
        #expect(lo.zoneName == "lo")
        #expect(try SocketAddress(address, port: 53, zone: nil).scopeID == 0)
        #expect(try SocketAddress(address, port: 53, zone: "").scopeID == 0)
    }

    @Test func unknownZoneOrZoneOnIPv4IsInvalid() throws {
        let address = try #require(IPAddress("fe80::1"))
        #expect(throws: NetworkError(.addressInvalid, "")) { try SocketAddress(address, port: 53, zone: "no-such-if0") }
        #expect(throws: NetworkError(.addressInvalid, "")) {
            try SocketAddress(.v4([127, 0, 0, 1]), port: 53, zone: "lo")
        }
    }

    @Test(arguments: ["127.0.0.1", "::1", "fe80::1234:5678", "::ffff:192.0.2.1", "2001:db8::53"])
    func roundTripsThroughSockaddr(text: String) throws {
        let address = SocketAddress(
            try #require(IPAddress(text)), port: 40_000, scopeID: text.hasPrefix("fe80") ? 1 : 0)
        let back = address.withSockAddr { pointer, length -> SocketAddress? in
            var storage = sockaddr_storage()
            withUnsafeMutableBytes(of: &storage) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: Int(length)))
            }
            return SocketAddress(storage: storage, length: length)
        }
        #expect(back == address)
    }
}
