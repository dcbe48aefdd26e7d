// Error codes for mDNS browsing through Avahi (spec/cli.md `browse`, exit 7 for environment).
// `.mdnsUnavailable` (ClawPairWire) is the one for avahi-daemon or D-Bus not running; its
// message keeps Avahi's error code.

extension ClawPairError.Code {
    /// avahi-daemon refused the request: too many clients or objects, or D-Bus policy denies access.
    public static let mdnsRefused = Self("MDNS_REFUSED", .environment)
    /// `--interface` names no interface of this machine (or one avahi-daemon does not use).
    public static let mdnsInterfaceNotFound = Self("MDNS_INTERFACE_NOT_FOUND", .environment)
    /// `--service` is not a DNS-SD service type (`_name._tcp` or `_name._udp`, RFC 6763 §7).
    public static let mdnsInvalidServiceType = Self("MDNS_INVALID_SERVICE_TYPE", .usage)
    /// Any other failure of avahi-client; the message keeps Avahi's error code.
    public static let mdnsFailed = Self("MDNS_FAILED", .internal)
}
