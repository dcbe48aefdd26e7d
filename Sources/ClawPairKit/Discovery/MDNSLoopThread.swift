#if canImport(Glibc)
internal import Glibc
#endif

/// Starts the thread the mDNS event loop runs on.
///
/// The loop blocks in `poll` and in dns_sd calls (each one opens a D-Bus connection), so it
/// must not run on Swift concurrency's cooperative pool; one plain thread carries every
/// operation of one browse, however many services it resolves.
enum MDNSLoopThread {
    static func start(_ body: @escaping @Sendable () -> Void) throws(ClawPairError) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { argument in
            let body = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue().body
            body()
            return nil
        }, box)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            throw ClawPairError(.mdnsFailed, "cannot start the mDNS thread: \(String(cString: strerror(status)))")
        }
        // Nobody joins it: it reports through its completion and ends when the loop does.
        pthread_detach(thread)
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
