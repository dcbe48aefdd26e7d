/// Which discovery path reported a gateway.
public enum DiscoverySource: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Multicast DNS on `local.`, through Avahi.
    case mdns
    /// Unicast DNS-SD on a wide-area domain, through the built-in client.
    case unicast

    /// Declaration order, so a list of sources always prints `mdns` first.
    public static func < (lhs: DiscoverySource, rhs: DiscoverySource) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
