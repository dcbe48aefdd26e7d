/// Orders a resolver's addresses for a Happy Eyeballs race (RFC 8305 §4): the family of the
/// first address (the resolver's preference) first, then alternating families, each family
/// keeping its own order. Duplicates are dropped. Pure; works on any element with a family.
public enum AddressOrder {
    public static func interleaved<Element: Equatable>(_ items: [Element], isIPv6: (Element) -> Bool) -> [Element] {
        var unique: [Element] = []
        for item in items where !unique.contains(item) { unique.append(item) }
        guard let first = unique.first else { return [] }
        let preferredIsV6 = isIPv6(first)
        let preferred = unique.filter { isIPv6($0) == preferredIsV6 }
        let other = unique.filter { isIPv6($0) != preferredIsV6 }
        var result: [Element] = []
        for index in 0..<max(preferred.count, other.count) {
            if index < preferred.count { result.append(preferred[index]) }
            if index < other.count { result.append(other[index]) }
        }
        return result
    }

    /// ``interleaved(_:isIPv6:)`` for IP addresses.
    public static func interleaved(_ addresses: [IPAddress]) -> [IPAddress] {
        interleaved(addresses) { if case .v6 = $0 { true } else { false } }
    }
}
