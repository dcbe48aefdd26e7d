/// Reads and writes on a connected, non-blocking stream socket (TCP or local), each with a
/// deadline, waiting through an ``IOReactor``. ``TCPConnection`` and
/// ``LocalStreamConnection`` share it; `peer` names the other end in errors.
struct StreamSocketIO: Sendable {
    let descriptor: FileDescriptor
    let reactor: IOReactor
    let peer: String

    /// Writes all of `bytes`, or throws (``NetworkError/Code/timedOut`` at the deadline,
    /// ``NetworkError/Code/closedByPeer`` when the peer went away).
    func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) async throws {
        var offset = 0
        while offset < bytes.count {
            let result: Syscalls.IOResult<Int>
            do { result = try Syscalls.send(descriptor.rawValue, bytes[offset...]) } catch {
                throw NetworkError(error, while: "writing to \(peer)")
            }
            switch result {
            case .processed(let count):
                offset += count
            case .wouldBlock:
                guard try await reactor.wait(for: descriptor.rawValue, .writable, until: deadline) else {
                    throw NetworkError(.timedOut, "writing to \(peer): \(offset) of \(bytes.count) bytes sent by the deadline")
                }
            }
        }
    }

    /// Reads whatever arrives first, at most `maxBytes`; an empty array means the peer closed
    /// its side. Throws ``NetworkError/Code/timedOut`` when nothing came by the deadline.
    func read(upTo maxBytes: Int, until deadline: ContinuousClock.Instant?) async throws -> [UInt8] {
        precondition(maxBytes > 0, "read(upTo: \(maxBytes))")
        while true {
            var result: Syscalls.IOResult<Int> = .wouldBlock
            var failure: SystemError?
            // Uninitialised storage: only the bytes the kernel writes are kept.
            let bytes = [UInt8](unsafeUninitializedCapacity: maxBytes) { buffer, count in
                count = 0
                do throws(SystemError) {
                    result = try Syscalls.receive(descriptor.rawValue, into: UnsafeMutableRawBufferPointer(buffer))
                    if case .processed(let received) = result { count = received }
                } catch {
                    failure = error
                }
            }
            if let failure { throw NetworkError(failure, while: "reading from \(peer)") }
            switch result {
            case .processed:
                return bytes
            case .wouldBlock:
                guard try await reactor.wait(for: descriptor.rawValue, .readable, until: deadline) else {
                    throw NetworkError(.timedOut, "reading from \(peer): nothing by the deadline")
                }
            }
        }
    }
}
