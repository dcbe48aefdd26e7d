/// A change seen by ``UnicastBrowseWatch``; `browse --watch` prints the first three as
/// NDJSON `{"event":"added"|"updated"|"removed","gateway":{…}}`.
public enum UnicastBrowseEvent: Sendable {
    /// A gateway not seen before (or seen again after it was removed).
    case added(UnicastGateway)
    /// A known gateway whose host, port, addresses or TXT changed. A new TTL alone is not a
    /// change.
    case updated(UnicastGateway)
    /// A gateway no longer listed, or whose records expired while its domain could not be
    /// asked. Carries its last known state.
    case removed(UnicastGateway)
    /// A domain's browse failed; its gateways stay until their records expire.
    case domainFailed(BrowseDomain, UnicastDNSError)
}
