/// A change seen while watching a service type (`browse --watch`).
public enum MDNSEvent: Sendable, Hashable {
    /// An instance was resolved: it has its SRV target, port and TXT. Its addresses are
    /// those already known for the host, often none yet: they follow as `.updated`, usually
    /// within milliseconds (Avahi starts each address query about 10 ms late, and waiting
    /// for it would make every gateway appear that much later).
    case added(MDNSService)
    /// An added instance changed: addresses arrived or went, TXT or the SRV target changed.
    case updated(MDNSService)
    /// An added instance is gone (a goodbye or an expired record reported by the browse).
    case removed(MDNSServiceInstance)
}
