/// Starts the thread the mDNS event loop runs on.
///
/// The loop blocks in `poll` and in D-Bus calls to avahi-daemon, so it
/// must not run on Swift concurrency's cooperative pool; one plain thread carries every
/// operation of one browse, however many services it resolves.
enum MDNSLoopThread {
    static func start(_ body: @escaping @Sendable () -> Void) throws(ClawPairError) {
        do {
            try Syscalls.spawnDetachedThread(body)
        } catch {
            throw ClawPairError(.mdnsFailed, "cannot start the mDNS thread: \(error.message)")
        }
    }
}
