import Glibc
import Testing
@testable import ClawPairKit

/// The lookup's I/O against a real Unix socket standing in for avahi-daemon's: the test
/// accepts, checks the request line and writes the reply in pieces.
@Suite struct AvahiHostnameLookupTests {
    private let query = MDNSHostQuery(host: "gw.local.", interfaceIndex: 2, recordType: MDNSHostQuery.typeA)

    /// Accepts the lookup's connection and returns it with the request line it sent.
    private func accept(_ listener: UnixSocketListener) -> (Int32, String) {
        let connection = Glibc.accept(listener.descriptor, nil, nil)
        precondition(connection >= 0, "accept failed: errno \(errno)")
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = recv(connection, &buffer, buffer.count, 0)
        return (connection, String(decoding: buffer[..<max(count, 0)], as: UTF8.self))
    }

    /// Waits for the lookup's socket, then reads.
    private func readWhenReady(_ lookup: AvahiHostnameLookup) -> AvahiSimpleProtocol.Reply? {
        var descriptor = pollfd(fd: lookup.socket, events: Int16(POLLIN), revents: 0)
        precondition(poll(&descriptor, 1, 5000) == 1, "the lookup's socket did not become readable")
        return lookup.read()
    }

    private func send(_ connection: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        precondition(Glibc.send(connection, bytes, bytes.count, 0) == bytes.count)
    }

    @Test func sendsTheRequestAndReadsAReplyThatArrivesInPieces() throws {
        let directory = FixtureDirectory()
        let listener = UnixSocketListener(path: directory("socket"))
        let lookup = try #require(AvahiHostnameLookup.start(query, socketPath: directory("socket")))
        let (connection, request) = accept(listener)
        defer { close(connection) }
        #expect(request == "RESOLVE-HOSTNAME-IPV4 gw.local.\n")
        #expect(lookup.read() == nil)
        send(connection, "+ 2 0 gw.lo")
        #expect(readWhenReady(lookup) == nil)
        send(connection, "cal 10.77.1.1\n")
        #expect(readWhenReady(lookup) == .address(interfaceIndex: 2, .v4([10, 77, 1, 1])))
    }

    @Test func aFailureLineAndAnEarlyCloseAreFailures() throws {
        let directory = FixtureDirectory()
        let listener = UnixSocketListener(path: directory("socket"))
        let failing = try #require(AvahiHostnameLookup.start(query, socketPath: directory("socket")))
        let (first, _) = accept(listener)
        send(first, "-15 Timeout reached\n")
        close(first)
        #expect(readWhenReady(failing) == .failed("15 Timeout reached"))

        let closed = try #require(AvahiHostnameLookup.start(query, socketPath: directory("socket")))
        let (second, _) = accept(listener)
        send(second, "+ 2 0 gw.local")
        close(second)
        #expect(readWhenReady(closed) == nil)
        #expect(readWhenReady(closed) == .failed("avahi-daemon closed the connection"))
    }

    @Test func aReplyWithoutAnEndIsCutOff() throws {
        let directory = FixtureDirectory()
        let listener = UnixSocketListener(path: directory("socket"))
        let lookup = try #require(AvahiHostnameLookup.start(query, socketPath: directory("socket")))
        let (connection, _) = accept(listener)
        defer { close(connection) }
        send(connection, String(repeating: "x", count: AvahiHostnameLookup.longestReply + 1))
        var reply: AvahiSimpleProtocol.Reply?
        while reply == nil { reply = readWhenReady(lookup) }
        #expect(reply == .failed("reply too long"))
    }

    @Test func noDaemonOrAnUnsendableNameStartsNothing() {
        let directory = FixtureDirectory()
        #expect(AvahiHostnameLookup.start(query, socketPath: directory("nothing-here")) == nil)
        let listener = UnixSocketListener(path: directory("socket"))
        var hostile = query
        hostile.host = "gw.local\nHELP"
        #expect(AvahiHostnameLookup.start(hostile, socketPath: directory("socket")) == nil)
        // A bound socket that does not listen refuses the connection.
        let refusing = UnixSocketListener(path: directory("refusing"), listening: false)
        #expect(AvahiHostnameLookup.start(query, socketPath: directory("refusing")) == nil)
        _ = (listener, refusing)
    }
}
