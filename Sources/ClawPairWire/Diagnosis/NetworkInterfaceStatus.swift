/// One network interface's flags and operational state, and whether mDNS can use it.
public struct NetworkInterfaceStatus: Sendable, Hashable {
    /// The kernel's interface name (`eth0`, `wlp2s0`).
    public let name: String
    /// The `IFF_*` flags from sysfs.
    public let flags: InterfaceFlags
    /// The RFC 2863 state from sysfs.
    public let operationalState: InterfaceOperationalState

    /// An interface from its sysfs values.
    public init(name: String, flags: InterfaceFlags, operationalState: InterfaceOperationalState) {
        self.name = name
        self.flags = flags
        self.operationalState = operationalState
    }

    /// Why an interface can or cannot carry mDNS, checked in this order.
    public enum MulticastDNSUsability: String, Sendable, Hashable {
        case usable
        /// `lo`: multicast there reaches only this machine.
        case loopback
        /// Administratively down (`ip link set dev X up` fixes it).
        case down
        /// No `IFF_MULTICAST`.
        case noMulticast
        /// A point-to-point tunnel, which Avahi skips by default.
        case pointToPoint
        /// Up but without carrier (cable out, Wi-Fi not associated).
        case noCarrier
    }

    /// Whether Avahi would use this interface for mDNS.
    public var multicastDNSUsability: MulticastDNSUsability {
        if flags.contains(.loopback) { return .loopback }
        if !flags.contains(.up) { return .down }
        if !flags.contains(.multicast) { return .noMulticast }
        if flags.contains(.pointToPoint) { return .pointToPoint }
        if !operationalState.canPassTraffic { return .noCarrier }
        return .usable
    }
}
