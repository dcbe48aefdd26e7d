import Testing

@testable import ClawPairKit

@Suite struct InterfaceAddressTests {
    @Test func listsTheLoopbackAddressAsLoopbackAndUp() throws {
        let loopback = try #require(InterfaceAddress.all().first { $0.ip == .v4([127, 0, 0, 1]) })
        #expect(loopback.isLoopback)
        #expect(loopback.isUp)
        #expect(NetworkInterface.index(named: loopback.interfaceName) != nil)
    }
}
