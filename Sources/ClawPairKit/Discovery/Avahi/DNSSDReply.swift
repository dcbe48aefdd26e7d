/// One dns_sd callback, copied out of C memory into Swift values.
///
/// The C callbacks only record these; the event loop feeds them to `MDNSServiceTable` once
/// `DNSServiceProcessResult` has returned, so no operation is ever freed inside its own
/// callback and the table can be tested without a daemon.
enum DNSSDReply: Sendable, Hashable {
    /// `DNSServiceBrowseReply`: `added` is `kDNSServiceFlagsAdd`.
    case browse(added: Bool, interfaceIndex: UInt32, error: Int32, name: String, serviceType: String, domain: String)
    /// `DNSServiceResolveReply`, for the instance the resolve was started for; `port` is
    /// already in host byte order, `txt` is the raw TXT rdata.
    case resolve(MDNSInstanceKey, error: Int32, fullName: String, hostTarget: String, port: UInt16, txt: [UInt8])
    /// `DNSServiceQueryRecordReply`, for the query it was started for; `added` is
    /// `kDNSServiceFlagsAdd` (its absence means the record went away).
    case record(MDNSHostQuery, added: Bool, error: Int32, recordType: UInt16, rdata: [UInt8], ttl: UInt32)
    /// `DNSServiceProcessResult` itself failed for an operation (its helper thread or
    /// daemon connection broke).
    case processFailed(MDNSOperationKey, error: Int32)
}
