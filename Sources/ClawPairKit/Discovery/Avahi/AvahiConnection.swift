internal import CClawShims
internal import CAvahiClient

/// Where operations' C callbacks leave their replies until the event loop applies them.
/// Used only on the event loop's thread.
final class AvahiReplyInbox {
    var replies: [AvahiReply] = []
}

/// One avahi-client (one D-Bus connection to avahi-daemon) on the Avahi simple poll it runs
/// on: every operation of a browse goes over it, as `avahi-browse` does. Owns both, frees them
/// in `deinit`, and is used only on the event loop's thread.
///
/// The loop waits in ``iterate(timeoutMilliseconds:plus:)``: Avahi's poll, with a replacement
/// poll function that adds the loop's own descriptors (wake signal, line-protocol lookups), so
/// one `poll(2)` waits for all of them. Callbacks run only inside it.
final class AvahiConnection {
    let inbox: AvahiReplyInbox
    private let simplePoll: OpaquePointer
    /// nil only while `avahi_client_new` runs (its callback may come before it returns).
    private(set) var client: OpaquePointer?
    /// The loop's descriptors for the iteration under way; their `revents` after it.
    private var extra: [Syscalls.PollEntry] = []

    /// Connects, once ``AvahiLibraries/require()`` has succeeded. Blocks briefly (D-Bus
    /// handshake and avahi-daemon's version check).
    init(inbox: AvahiReplyInbox) throws(AvahiFailure) {
        self.inbox = inbox
        guard let simplePoll = clawpair_avahi_simple_poll_new() else {
            throw AvahiFailure(code: AvahiFailure.failure, operation: .browse)
        }
        self.simplePoll = simplePoll
        let context = Unmanaged.passUnretained(self).toOpaque()
        clawpair_avahi_simple_poll_set_func(simplePoll, pollWithLoopDescriptors, context)
        var error: Int32 = 0
        // Flags 0: fail at once when the daemon is not there (no waiting for it to appear).
        client = clawpair_avahi_client_new(
            clawpair_avahi_simple_poll_get(simplePoll), AvahiClientFlags(rawValue: 0), clientStateChanged, context, &error)
        guard client != nil else {
            // deinit frees the poll: it runs for an initializer that throws once every
            // stored property is set.
            throw AvahiFailure(code: error == 0 ? AvahiFailure.failure : error, operation: .browse)
        }
    }

    deinit {
        // Frees every browser and resolver still open on the client, then the poll.
        if let client { clawpair_avahi_client_free(client) }
        clawpair_avahi_simple_poll_free(simplePoll)
    }

    /// The error of the client's last failed call.
    var lastError: Int32 {
        client.map { clawpair_avahi_client_errno($0) } ?? AvahiFailure.failure
    }

    /// Waits up to `timeoutMilliseconds` (-1: no limit) for the connection or one of `extra`,
    /// runs the callbacks of what arrived, and returns `extra` with its readiness set.
    func iterate(timeoutMilliseconds: Int32, plus extra: [Syscalls.PollEntry]) throws(ClawPairError) -> [Syscalls.PollEntry] {
        self.extra = extra
        defer { self.extra = [] }
        guard clawpair_avahi_simple_poll_iterate(simplePoll, timeoutMilliseconds) >= 0 else {
            throw ClawPairError(.mdnsFailed, "poll failed in the mDNS loop")
        }
        return self.extra
    }

    fileprivate func poll(_ descriptors: UnsafeMutableRawPointer?, count: Int, timeout: Int32) -> Int32 {
        Syscalls.poll(foreign: descriptors, count: count, plus: &extra, timeoutMilliseconds: timeout)
    }

    /// Avahi's client callback: only a failure matters (avahi-daemon went away or restarted),
    /// and it ends the browse.
    fileprivate func stateChanged(_ client: OpaquePointer?, _ state: AvahiClientState) {
        guard state == AVAHI_CLIENT_FAILURE, let client else { return }
        inbox.replies.append(.processFailed(.browse, error: clawpair_avahi_client_errno(client)))
    }
}

private func connection(_ context: UnsafeMutableRawPointer?) -> AvahiConnection? {
    context.map { Unmanaged<AvahiConnection>.fromOpaque($0).takeUnretainedValue() }
}

private let pollWithLoopDescriptors: AvahiPollFunc = { descriptors, count, timeout, context in
    connection(context)?.poll(UnsafeMutableRawPointer(descriptors), count: Int(count), timeout: timeout) ?? -1
}

private let clientStateChanged: AvahiClientCallback = { client, state, context in
    connection(context)?.stateChanged(client, state)
}
