import Testing

@testable import ClawPairKit

@Suite struct IOReactorTests {
    @Test(arguments: [
        (Duration.zero, Int32(0)), (.milliseconds(-5), 0), (.nanoseconds(1), 1), (.milliseconds(1), 1),
        (.microseconds(1500), 2), (.seconds(3), 3000), (.seconds(Int64.max / 1000), Int32.max),
    ])
    func pollTimeoutsRoundUp(duration: Duration, milliseconds: Int32) {
        #expect(IOReactor.pollMilliseconds(duration) == milliseconds)
    }

    @Test func aPassedDeadlineReturnsAtOnce() async throws {
        let socket = try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: IOReactor())
        let start = ContinuousClock.now
        #expect(try await socket.receive(until: .now - .seconds(1)) == nil)
        #expect(ContinuousClock.now - start < TestTiming.quick)
    }

    @Test func timesOutNearTheDeadline() async throws {
        let socket = try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: IOReactor())
        let start = ContinuousClock.now
        #expect(try await socket.receive(until: .now + .milliseconds(150)) == nil)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(150))
        // Not much later either; generous, since the whole test run shares the machine.
        #expect(elapsed < TestTiming.quick)
    }

    @Test func cancellationResumesAWaiterAtOnce() async throws {
        let socket = try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: IOReactor())
        let task = Task { try await socket.receive(until: .now + .seconds(60)) }
        try await Task.sleep(for: .milliseconds(50))
        let start = ContinuousClock.now
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        #expect(ContinuousClock.now - start < TestTiming.quick)
    }

    @Test func anAlreadyCancelledTaskDoesNotWait() async throws {
        let socket = try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: IOReactor())
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await socket.receive(until: .now + .seconds(60))
        }
        await #expect(throws: CancellationError.self) { _ = try await task.value }
    }

    /// Hundreds of sockets waiting at once on one reactor: each is woken by its own datagram,
    /// none blocks a cooperative thread (the pool has as many threads as cores).
    @Test func manyWaitersShareOneThread() async throws {
        let reactor = IOReactor()
        let count = 300
        let sockets = try (0..<count).map { _ in try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: reactor) }
        let sender = try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: reactor)
        try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            for socket in sockets {
                group.addTask { try await socket.receive(until: .now + .seconds(10))?.bytes }
            }
            // Let every receiver park first, then answer them all, in reverse order.
            try await Task.sleep(for: .milliseconds(100))
            for (index, socket) in sockets.enumerated().reversed() {
                try await sender.send([UInt8(index & 0xFF)], to: socket.localAddress, until: .now + .seconds(10))
            }
            var received = 0
            for try await bytes in group where bytes != nil { received += 1 }
            #expect(received == count)
        }
    }

    /// The thread goes away when idle and comes back on demand.
    @Test func restartsAfterIdling() async throws {
        let reactor = IOReactor()
        let socket = try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: reactor)
        #expect(try await socket.receive(until: .now + .milliseconds(20)) == nil)
        try await Task.sleep(for: IOReactor.idleLinger + .milliseconds(200))
        let sender = try UDPSocket.bound(to: .loopbackIPv4(port: 0), reactor: reactor)
        async let received = socket.receive(until: .now + .seconds(5))
        try await Task.sleep(for: .milliseconds(20))
        try await sender.send([42], to: socket.localAddress, until: .now + .seconds(10))
        #expect(try await received?.bytes == [42])
    }
}
