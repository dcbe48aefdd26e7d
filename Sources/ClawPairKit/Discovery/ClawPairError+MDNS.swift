// Error codes for mDNS browsing through Avahi (spec/cli.md `browse`, exit 7 for environment).

extension ClawPairError.Code {
    /// avahi-daemon, or the D-Bus system bus it is reached through, is not running; or the
    /// connection to it was lost while browsing. The message keeps the `DNSServiceErrorType`.
    ///
    /// Same wire code as the discovery engineer's `mdnsUnavailable` (codes compare by raw
    /// value), so the CLI can match either name.
    public static let mdnsDaemonUnavailable = Self("MDNS_UNAVAILABLE", .environment)
    /// avahi-daemon refused the request: too many clients, or D-Bus policy denies access.
    public static let mdnsRefused = Self("MDNS_REFUSED", .environment)
    /// `--interface` names no interface of this machine (or one avahi-daemon does not use).
    public static let mdnsInterfaceNotFound = Self("MDNS_INTERFACE_NOT_FOUND", .environment)
    /// `--service` is not a DNS-SD service type (`_name._tcp` or `_name._udp`, RFC 6763 §7).
    public static let mdnsInvalidServiceType = Self("MDNS_INVALID_SERVICE_TYPE", .usage)
    /// Any other failure of the dns_sd API; the message keeps the `DNSServiceErrorType`.
    public static let mdnsFailed = Self("MDNS_FAILED", .internal)
}
