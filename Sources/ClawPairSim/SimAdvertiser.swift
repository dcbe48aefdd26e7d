import ClawPairKit
internal import CClawShims
internal import CAvahiClient
import Synchronization

/// The sim's mDNS registration of `_openclaw-gw._tcp` through avahi-client (an entry group),
/// with a real gateway's TXT keys. Avahi's threaded poll runs the client on a thread of its
/// own; every Avahi call on the registration happens under that poll's lock (callbacks run
/// with it held). On a name conflict it registers Avahi's alternative name (`Name #2`).
final class SimAdvertiser: Sendable {
    /// 5 s for avahi-daemon to confirm the registration.
    static let registrationTimeout: Duration = .seconds(5)

    private let registration: Registration
    /// The name avahi registered (it may add ` #2` on a conflict).
    let registeredName: String

    private init(registration: Registration, registeredName: String) {
        self.registration = registration
        self.registeredName = registeredName
    }

    /// Registers `description` and waits for avahi-daemon's answer. Throws ``ClawPairError``
    /// `mdnsUnavailable` (environment, exit 7) when avahi-daemon or D-Bus is not there.
    static func register(_ description: SimServiceDescription, reactor: IOReactor = IOReactor()) async throws -> SimAdvertiser {
        try AvahiLibraries.require()
        let registration = try Registration(description)
        let deadline = ContinuousClock.now + registrationTimeout
        while registration.outcome.withLock({ $0 }) == nil {
            guard try await reactor.wait(for: registration.answered.descriptor, .readable, until: deadline) else {
                registration.withdraw()
                throw ClawPairError(.mdnsUnavailable, "avahi-daemon did not confirm the registration in 5 s")
            }
        }
        if case .failure(let code)? = registration.outcome.withLock({ $0 }) {
            registration.withdraw()
            throw ClawPairError(.mdnsUnavailable, "avahi-daemon refused the registration (Avahi error \(code))")
        }
        return SimAdvertiser(registration: registration, registeredName: registration.name.withLock { $0 })
    }

    /// Withdraws the registration (avahi sends goodbye packets).
    func withdraw() {
        registration.withdraw()
    }

    deinit { withdraw() }
}

/// The one owner of the registration's Avahi objects: threaded poll, client, entry group and
/// TXT list. `outcome` and `name` are set from the poll's thread; `answered` wakes the task
/// that waits for the first outcome.
private final class Registration: @unchecked Sendable {
    enum Outcome: Sendable { case established, failure(Int32) }
    /// AVAHI_ERR_FAILURE, when Avahi gives no better code.
    private static let genericFailure: Int32 = -1

    let outcome = Mutex<Outcome?>(nil)
    let name: Mutex<String>
    let answered: MDNSWakeSignal
    private let port: UInt16
    /// Owned objects; touched under the poll's lock, or after the poll thread has stopped.
    private let poll: OpaquePointer
    private var client: OpaquePointer?
    private var group: OpaquePointer?
    private var txt: UnsafeMutablePointer<AvahiStringList>?
    private let withdrawn = Mutex(false)

    init(_ description: SimServiceDescription) throws(ClawPairError) {
        name = Mutex(description.instanceName)
        port = description.port
        answered = try MDNSWakeSignal()
        guard let poll = clawpair_avahi_threaded_poll_new() else {
            throw ClawPairError(.mdnsUnavailable, "cannot start Avahi's event thread")
        }
        self.poll = poll
        for string in description.mdnsTXT.strings {
            let bytes = Array(string.prefix(255))
            txt = clawpair_avahi_string_list_add_arbitrary(txt, bytes, bytes.count)
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        var error: Int32 = 0
        // The poll thread is not running yet: nothing else touches the objects until started.
        client = clawpair_avahi_client_new(
            clawpair_avahi_threaded_poll_get(poll), AvahiClientFlags(rawValue: 0), { _, _, _ in }, nil, &error)
        guard let client else {
            release()
            throw ClawPairError(
                .mdnsUnavailable, "cannot register \(GatewayService.type) with avahi-daemon (Avahi error \(error))",
                remedy: "start avahi-daemon (and D-Bus), or run with --advertise none")
        }
        group = clawpair_avahi_entry_group_new(client, entryGroupCallback, context)
        let added = addService()
        guard group != nil, added == 0, clawpair_avahi_threaded_poll_start(poll) == 0 else {
            let code = group == nil || added == 0 ? clawpair_avahi_client_errno(client) : added
            release()
            throw ClawPairError(
                .mdnsUnavailable, "cannot register \(GatewayService.type) with avahi-daemon (Avahi error \(code))",
                remedy: "start avahi-daemon (and D-Bus), or run with --advertise none")
        }
    }

    /// Adds the service under the current name and commits; 0 or an Avahi error.
    private func addService() -> Int32 {
        guard let group else { return Self.genericFailure }
        let current = name.withLock { $0 }
        let added = clawpair_avahi_entry_group_add_service_strlst(
            group, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_UNSPEC), AvahiPublishFlags(rawValue: 0), current,
            GatewayService.type, nil, nil, port, txt)
        return added != 0 ? added : clawpair_avahi_entry_group_commit(group)
    }

    /// The entry group's callback, on the poll's thread with its lock held.
    fileprivate func groupStateChanged(_ group: OpaquePointer?, _ state: AvahiEntryGroupState) {
        switch state {
        case AVAHI_ENTRY_GROUP_ESTABLISHED:
            finish(.established)
        case AVAHI_ENTRY_GROUP_COLLISION:
            // Another host has the name: take Avahi's alternative (`Name #2`) and try again.
            let current = name.withLock { $0 }
            if let alternative = clawpair_avahi_alternative_service_name(current) {
                name.withLock { $0 = String(cString: alternative) }
                clawpair_avahi_free(alternative)
            }
            if let group { _ = clawpair_avahi_entry_group_reset(group) }
            let added = addService()
            if added != 0 { finish(.failure(added)) }
        case AVAHI_ENTRY_GROUP_FAILURE:
            finish(.failure(client.map { clawpair_avahi_client_errno($0) } ?? Self.genericFailure))
        default:
            break
        }
    }

    private func finish(_ result: Outcome) {
        let first = outcome.withLock { current -> Bool in
            guard current == nil else { return false }
            current = result
            return true
        }
        if first { answered.signal() }
    }

    /// Stops the poll thread, then frees the client (which withdraws the group) and the rest.
    func withdraw() {
        let already = withdrawn.withLock { value -> Bool in
            defer { value = true }
            return value
        }
        guard !already else { return }
        _ = clawpair_avahi_threaded_poll_stop(poll)
        release()
    }

    private func release() {
        group = nil  // freed with the client
        if let client { clawpair_avahi_client_free(client) }
        client = nil
        clawpair_avahi_threaded_poll_free(poll)
        clawpair_avahi_string_list_free(txt)
        txt = nil
    }
}

private let entryGroupCallback: AvahiEntryGroupCallback = { group, state, context in
    guard let context else { return }
    Unmanaged<Registration>.fromOpaque(context).takeUnretainedValue().groupStateChanged(group, state)
}
