/// Which address records to look up for a service's host (`browse --ipv4|--ipv6`).
public enum MDNSAddressFamily: Sendable, Hashable, CaseIterable {
    /// A records only.
    case ipv4
    /// AAAA records only.
    case ipv6
    /// A and AAAA records.
    case both

    var wantsIPv4: Bool { self != .ipv6 }
    var wantsIPv6: Bool { self != .ipv4 }
}
