import Testing

@testable import ClawPairKit
@testable import ClawPairSim

@Suite struct TCPConnectionTests {
    @Test(arguments: [false, true])
    func connectsWritesAndReadsExactly(overIPv6: Bool) async throws {
        let reactor = IOReactor()
        let listener = try TCPListener(
            bindingTo: overIPv6 ? .loopbackIPv6(port: 0) : .loopbackIPv4(port: 0), reactor: reactor)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let connection = try #require(try await listener.accept(until: .now + .seconds(10)))
                let request = try await connection.read(exactly: 5, until: .now + .seconds(10))
                // Answer in two pieces, so the reader has to loop.
                try await connection.write(request.reversed(), until: .now + .seconds(10))
                try await Task.sleep(for: .milliseconds(20))
                try await connection.write(Array(repeating: 7, count: 100_000), until: .now + .seconds(10))
            }
            let connection = try await TCPConnection.connect(
                to: listener.localAddress, until: .now + .seconds(10), reactor: reactor)
            #expect(connection.remoteAddress == listener.localAddress)
            try await connection.write([1, 2, 3, 4, 5], until: .now + .seconds(10))
            #expect(try await connection.read(exactly: 5, until: .now + .seconds(10)) == [5, 4, 3, 2, 1])
            #expect(
                try await connection.read(exactly: 100_000, until: .now + .seconds(10))
                    == Array(repeating: 7, count: 100_000))
            try await group.waitForAll()
            // The server is gone: the stream ends.
            #expect(try await connection.read(upTo: 10, until: .now + .seconds(10)).isEmpty)
        }
    }

    /// Clients turn Nagle off (TCP_NODELAY), so a small write after another does not wait
    /// for the peer's delayed ACK; an accepted socket keeps the kernel default until its
    /// server asks (the sim does).
    @Test func clientConnectionsSendWithoutDelay() async throws {
        let reactor = IOReactor()
        let listener = try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: reactor)
        let client = try await TCPConnection.connect(
            to: listener.localAddress, until: .now + .seconds(10), reactor: reactor)
        let accepted = try #require(try await listener.accept(until: .now + .seconds(10)))
        #expect(client.noDelay)
        #expect(!accepted.noDelay)
        accepted.setNoDelay()
        #expect(accepted.noDelay)
    }

    @Test func refusedWhenNothingListens() async throws {
        let reactor = IOReactor()
        let port = try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: reactor).localAddress.port
        let start = ContinuousClock.now
        await #expect(throws: NetworkError(.connectionRefused, "")) {
            _ = try await TCPConnection.connect(
                to: .loopbackIPv4(port: port), until: .now + TestTiming.slow + .seconds(20), reactor: reactor)
        }
        #expect(ContinuousClock.now - start < TestTiming.quick)
    }

    /// A loopback blackhole: a listener that never accepts, with its queue already full, so
    /// the kernel drops further handshakes and connect can only time out.
    @Test func timesOutWhenTheHandshakeIsNeverAnswered() async throws {
        let reactor = IOReactor()
        let listener = try TCPListener(bindingTo: .loopbackIPv4(port: 0), backlog: 0, reactor: reactor)
        var fillers: [TCPConnection] = []
        var timedOut = false
        for _ in 0..<8 {
            do {
                fillers.append(
                    try await TCPConnection.connect(
                        to: listener.localAddress, until: .now + .milliseconds(300), reactor: reactor))
            } catch let error as NetworkError where error.code == .timedOut {
                timedOut = true
                break
            }
        }
        #expect(timedOut, "the backlog never filled")
        _ = fillers
    }

    @Test func readExactlyFailsWhenThePeerClosesEarly() async throws {
        let reactor = IOReactor()
        let listener = try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: reactor)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let connection = try #require(try await listener.accept(until: .now + .seconds(10)))
                try await connection.write([1, 2, 3], until: .now + .seconds(10))
            }
            let connection = try await TCPConnection.connect(
                to: listener.localAddress, until: .now + .seconds(10), reactor: reactor)
            try await group.waitForAll()
            await #expect(throws: NetworkError(.closedByPeer, "")) {
                _ = try await connection.read(exactly: 10, until: .now + .seconds(10))
            }
        }
    }

    @Test func readExactlyTimesOutWhenThePeerIsSlow() async throws {
        let reactor = IOReactor()
        let listener = try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: reactor)
        let connection = try await TCPConnection.connect(
            to: listener.localAddress, until: .now + .seconds(10), reactor: reactor)
        let accepted = try await listener.accept(until: .now + .seconds(10))
        try await accepted?.write([1], until: .now + .seconds(10))
        await #expect(throws: NetworkError(.timedOut, "")) {
            _ = try await connection.read(exactly: 2, until: .now + .milliseconds(100))
        }
    }

    @Test func acceptReturnsNilAtTheDeadline() async throws {
        let listener = try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: IOReactor())
        #expect(try await listener.accept(until: .now + .milliseconds(50)) == nil)
    }

    @Test func cancellingAConnectClosesIt() async throws {
        let reactor = IOReactor()
        let listener = try TCPListener(bindingTo: .loopbackIPv4(port: 0), backlog: 0, reactor: reactor)
        // Fill the queue so the next connect hangs.
        var fillers: [TCPConnection] = []
        for _ in 0..<4 {
            guard
                let filler = try? await TCPConnection.connect(
                    to: listener.localAddress, until: .now + .milliseconds(200), reactor: reactor)
            else { break }
            fillers.append(filler)
        }
        let task = Task {
            try await TCPConnection.connect(to: listener.localAddress, until: .now + .seconds(30), reactor: reactor)
        }
        try await Task.sleep(for: .milliseconds(50))
        let start = ContinuousClock.now
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        #expect(ContinuousClock.now - start < TestTiming.quick)
        _ = fillers
    }
}
