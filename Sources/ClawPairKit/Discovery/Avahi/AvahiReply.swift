/// One avahi-client callback, copied out of C memory into Swift values, with the names as
/// the table keeps them (fully qualified, with the trailing dot).
///
/// The C callbacks only record these; the event loop feeds them to `MDNSServiceTable` once
/// `avahi_simple_poll_iterate` has returned, so no operation is ever freed inside its own
/// callback and the table can be tested without a daemon.
enum AvahiReply: Sendable, Hashable {
    /// The service browser: `added` is `AVAHI_BROWSER_NEW` (false: `AVAHI_BROWSER_REMOVE`);
    /// `error` is nonzero for `AVAHI_BROWSER_FAILURE`.
    case browse(added: Bool, interfaceIndex: UInt32, error: Int32, name: String, serviceType: String, domain: String)
    /// The service browser's `AVAHI_BROWSER_ALL_FOR_NOW`: avahi-daemon has reported what its
    /// cache and the first answers hold and expects no more soon (the event `avahi-browse -t`
    /// exits on).
    case browseCaughtUp
    /// A service resolver, for the instance it was started for; `port` in host byte order,
    /// `txt` the TXT rdata as the wire carries it (Avahi's string list, serialized).
    case resolve(MDNSInstanceKey, error: Int32, fullName: String, hostTarget: String, port: UInt16, txt: [UInt8])
    /// A record browser, for the query it was started for; `added` is `AVAHI_BROWSER_NEW`
    /// (false: the record went away). Avahi's API gives no TTL: `ttl` is 0.
    case record(MDNSHostQuery, added: Bool, error: Int32, recordType: UInt16, rdata: [UInt8], ttl: UInt32)
    /// The operation could not start, or the connection to avahi-daemon failed (`.browse`).
    case processFailed(MDNSOperationKey, error: Int32)
}
