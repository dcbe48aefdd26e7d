import Testing

@testable import ClawPairKit

@Suite struct AddressInfoTests {
    @Test(arguments: [
        ("127.0.0.1", SocketAddress.loopbackIPv4(port: 18789)),
        ("::1", SocketAddress.loopbackIPv6(port: 18789)),
    ])
    func aLiteralIsItsOwnOnlyAddress(host: String, address: SocketAddress) throws {
        #expect(try AddressInfo.streamAddresses(of: host, port: 18789).get() == [address])
    }

}
