import Glibc
import Testing

@testable import ClawPairKit

@Suite struct SyscallsTests {
    @Test func pipeEndsAreCloseOnExecFromTheStart() throws {
        let ends = try Syscalls.pipe()
        defer {
            Syscalls.close(ends.reading)
            Syscalls.close(ends.writing)
        }
        for descriptor in [ends.reading, ends.writing] {
            #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
            // Blocking, unlike sockets: a reader waits for the child's output.
            #expect(fcntl(descriptor, F_GETFL) & O_NONBLOCK == 0)
        }
    }

    @Test func readGivesWhatThePipeHoldsThenEndOfFile() throws {
        let ends = try Syscalls.pipe()
        defer { Syscalls.close(ends.reading) }
        var bytes: [UInt8] = [1, 2, 3]
        #expect(write(ends.writing, &bytes, bytes.count) == 3)
        Syscalls.close(ends.writing)
        var buffer = [UInt8](repeating: 0, count: 16)
        let first = try buffer.withUnsafeMutableBytes { try Syscalls.read(ends.reading, into: $0) }
        guard case .processed(let count) = first else {
            Issue.record("read of a pipe holding 3 bytes said \(first)")
            return
        }
        #expect(Array(buffer[..<count]) == [1, 2, 3])
        let second = try buffer.withUnsafeMutableBytes { try Syscalls.read(ends.reading, into: $0) }
        guard case .processed(0) = second else {
            Issue.record("read after the writer closed said \(second), not end of file")
            return
        }
    }

    @Test func pollReportsOnlyTheReadyDescriptor() throws {
        let empty = try Syscalls.pipe()
        let full = try Syscalls.pipe()
        defer { [empty.reading, empty.writing, full.reading, full.writing].forEach(Syscalls.close) }
        var byte: UInt8 = 7
        #expect(write(full.writing, &byte, 1) == 1)
        var entries = [
            Syscalls.PollEntry(descriptor: empty.reading, waitingFor: .readable),
            Syscalls.PollEntry(descriptor: full.reading, waitingFor: .readable),
            Syscalls.PollEntry(descriptor: empty.writing, waitingFor: .writable),
        ]
        #expect(try Syscalls.poll(&entries, timeoutMilliseconds: 1000) == 2)
        #expect(entries.map(\.isReady) == [false, true, true])
        #expect(entries.map(\.descriptor) == [empty.reading, full.reading, empty.writing])
    }

    @Test func pollTimesOutWithNothingReady() throws {
        let ends = try Syscalls.pipe()
        defer { [ends.reading, ends.writing].forEach(Syscalls.close) }
        var entries = [Syscalls.PollEntry(descriptor: ends.reading, waitingFor: .readable)]
        let start = ContinuousClock.now
        #expect(try Syscalls.poll(&entries, timeoutMilliseconds: 50) == 0)
        #expect(ContinuousClock.now - start >= .milliseconds(50))
        #expect(!entries[0].isReady)
    }

    @Test func sleepWaitsAtLeastTheDuration() {
        let start = ContinuousClock.now
        Syscalls.sleep(for: .milliseconds(20))
        #expect(ContinuousClock.now - start >= .milliseconds(20))
    }

    @Test func aLocalConnectToNothingIsAnError() throws {
        let address = UnixSocketAddress.abstract("clawpair-syscalls-test-\(getpid())-nobody")
        let descriptor = FileDescriptor(taking: try Syscalls.socket(family: address.family, type: .stream))
        #expect(throws: SystemError(call: "connect", errno: ECONNREFUSED)) {
            try Syscalls.connect(descriptor.rawValue, to: address)
        }
        let long = UnixSocketAddress.path("/" + String(repeating: "x", count: 200))
        #expect(throws: SystemError(call: "connect", errno: ENAMETOOLONG)) {
            try Syscalls.connect(descriptor.rawValue, to: long)
        }
    }
}
