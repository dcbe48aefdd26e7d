/// One route from the kernel's tables, as `/proc/net/route` (IPv4) or `/proc/net/ipv6_route`
/// (IPv6) list it.
public struct KernelRoute: Sendable, Hashable {
    /// The destination network.
    public let destination: IPAddress
    /// The destination prefix length (0 for a default route).
    public let prefixLength: Int
    /// The next hop, or nil for a directly connected network.
    public let gateway: IPAddress?
    /// The output interface, as the kernel names it.
    public let interface: String
    /// The `RTF_*` flags (`include/uapi/linux/route.h`, `ipv6_route.h`).
    public let flags: UInt32
    /// The route's metric; lower wins.
    public let metric: UInt32

    /// A route from its parsed fields.
    public init(destination: IPAddress, prefixLength: Int, gateway: IPAddress?, interface: String, flags: UInt32, metric: UInt32) {
        self.destination = destination
        self.prefixLength = prefixLength
        self.gateway = gateway
        self.interface = interface
        self.flags = flags
        self.metric = metric
    }

    /// `RTF_UP`: the route is usable.
    public static let flagUp: UInt32 = 0x0001
    /// `RTF_GATEWAY`: the destination is reached through a gateway.
    public static let flagGateway: UInt32 = 0x0002
    /// `RTF_REJECT`: an unreachable route (the kernel's IPv6 `lo` default is one).
    public static let flagReject: UInt32 = 0x0200

    /// True for a usable route to everywhere: prefix 0, up, not a reject route.
    public var isDefault: Bool {
        prefixLength == 0 && flags & Self.flagUp != 0 && flags & Self.flagReject == 0
    }

    /// True for an IPv6 route, false for IPv4.
    public var isIPv6: Bool {
        if case .v6 = destination { return true }
        return false
    }

    /// `via 192.0.2.1 dev eth0` or `dev wg0`, as `ip route` words it.
    public var summary: String {
        if let gateway { return "via \(gateway) dev \(interface)" }
        return "dev \(interface)"
    }
}
