import Testing
@testable import ClawPairWire

@Suite struct DBusAddressTests {
    @Test func parsesDefaultSystemBus() throws {
        let list = try #require(DBusAddress.parseList("unix:path=/run/dbus/system_bus_socket"))
        #expect(list.count == 1)
        #expect(list[0].transport == "unix")
        #expect(list[0]["path"] == "/run/dbus/system_bus_socket")
        #expect(DBusAddress.firstUnixSocket(in: list) == .path("/run/dbus/system_bus_socket"))
    }

    @Test(arguments: [
        ("unix:path=/tmp/a%20b", UnixSocketAddress.path("/tmp/a b")),
        ("unix:abstract=/tmp/dbus-XYZ,guid=0123abcd", .abstract("/tmp/dbus-XYZ")),
        ("tcp:host=localhost,port=1234;unix:path=/run/x", .path("/run/x")),
        (";;unix:path=/run/y;", .path("/run/y")),
        ("unix:path=%2frun%2Fz", .path("/run/z")),
        ("unix:path=/r%C3%A9", .path("/ré")),
    ] as [(String, UnixSocketAddress)])
    func findsTheUnixSocket(text: String, socket: UnixSocketAddress) throws {
        let list = try #require(DBusAddress.parseList(text))
        #expect(DBusAddress.firstUnixSocket(in: list) == socket)
    }

    @Test(arguments: ["tcp:host=127.0.0.1,port=1", "unix:tmpdir=/tmp", "unix:runtime=yes", "launchd:env=X", ""])
    func noDialableUnixSocket(text: String) throws {
        let list = try #require(DBusAddress.parseList(text))
        #expect(DBusAddress.firstUnixSocket(in: list) == nil)
    }

    @Test(arguments: ["/run/dbus/system_bus_socket", "unix:path", ":path=/x", "unix:path=/x%2", "unix:path=/x%zz", "unix:=x"])
    func rejectsMalformed(text: String) {
        #expect(DBusAddress.parseList(text) == nil)
    }

    @Test func describesSockets() {
        #expect(UnixSocketAddress.path("/run/x").description == "/run/x")
        #expect(UnixSocketAddress.abstract("bus").description == "@bus")
    }
}
