/// A change seen while watching (`browse --watch`).
public enum DiscoveryEvent: Sendable {
    case added(DiscoveredGateway)
    case updated(DiscoveredGateway)
    /// Carries the gateway's last known state.
    case removed(DiscoveredGateway)
    /// A domain could not be browsed (avahi-daemon stopped, a DNS server went silent); the
    /// other domains go on.
    case problem(GatewayDiscovery.Problem)
}
