/// A resolved mDNS service instance, kept as raw as avahi-client delivers it.
///
/// Nothing here is interpreted: TXT strings stay bytes, names stay as Avahi spells them.
/// `DiscoveredGateway` (ClawPairWire) is the interpreted model built from this value.
/// Everything in it is an unauthenticated hint from the network (spec/discovery.md).
public struct MDNSService: Sendable, Hashable {
    /// The instance name as the browse callback gives it: unescaped UTF-8 (`Küche GW`).
    public var rawInstanceName: String
    /// The full service name, escaped with `\DDD` and `\.` as `avahi_service_name_join` does
    /// (`K\195\188che\032GW._openclaw-gw._tcp.local.`). Empty until resolved.
    public var fullName: String
    /// The service type with its trailing dot (`_openclaw-gw._tcp.`).
    public var serviceType: String
    /// The domain with its trailing dot (`local.`).
    public var domain: String
    /// The interface the instance was seen and resolved on.
    public var interfaceIndex: UInt32
    /// The interface's name (`eth0`), nil if it could not be named.
    public var interfaceName: String?
    /// The SRV target host (`studio.local.`): the only host to connect to.
    public var hostTarget: String
    /// The SRV port, in host byte order.
    public var port: UInt16
    /// The TXT record's character-strings, each as raw bytes (`role=gateway`), in order.
    /// Empty strings are dropped (RFC 6763 §6.1: a TXT record with no keys is one empty string).
    public var txtRecords: [[UInt8]]
    /// The host target's addresses on `interfaceIndex`: IPv4 first, then IPv6 (global before
    /// link-local), each group sorted, so equal sets compare and print equally.
    public var ipAddresses: [IPAddress]
    /// The smallest TTL, in seconds, of the address records, when the API reports one.
    /// avahi-client's record browser gives no TTL (0), which is kept as nil.
    public var addressTTL: UInt32?

    public init(
        rawInstanceName: String, fullName: String, serviceType: String, domain: String,
        interfaceIndex: UInt32, interfaceName: String?, hostTarget: String, port: UInt16,
        txtRecords: [[UInt8]], ipAddresses: [IPAddress], addressTTL: UInt32? = nil
    ) {
        self.rawInstanceName = rawInstanceName
        self.fullName = fullName
        self.serviceType = serviceType
        self.domain = domain
        self.interfaceIndex = interfaceIndex
        self.interfaceName = interfaceName
        self.hostTarget = hostTarget
        self.port = port
        self.txtRecords = txtRecords
        self.ipAddresses = ipAddresses
        self.addressTTL = addressTTL
    }

    /// The instance this service was resolved from (the key of `MDNSEvent.removed`).
    public var instance: MDNSServiceInstance {
        MDNSServiceInstance(
            name: rawInstanceName, serviceType: serviceType, domain: domain,
            interfaceIndex: interfaceIndex, interfaceName: interfaceName)
    }

    /// The addresses as text: dotted IPv4, RFC 5952 IPv6, and IPv6 link-local addresses with
    /// their zone (`fe80::1%eth0`), without which they cannot be connected to.
    public var addresses: [String] {
        ipAddresses.map { address in
            guard address.isIPv6LinkLocal else { return address.description }
            return "\(address)%\(interfaceName ?? String(interfaceIndex))"
        }
    }
}
