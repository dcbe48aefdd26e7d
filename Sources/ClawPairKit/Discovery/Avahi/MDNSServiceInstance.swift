/// One service instance as the browse callback names it, on one interface.
///
/// DNS-SD reports an instance once per interface it is seen on, so the same gateway on
/// two interfaces is two instances (the model layer merges them by stable id).
public struct MDNSServiceInstance: Sendable, Hashable {
    /// The instance name as the browse callback gives it: unescaped UTF-8 (`Küche GW`).
    public var name: String
    /// The service type as Avahi reports it, with its trailing dot (`_openclaw-gw._tcp.`).
    public var serviceType: String
    /// The domain as Avahi reports it, with its trailing dot (`local.`).
    public var domain: String
    /// The interface the instance was seen on (`if_nametoindex` numbering).
    public var interfaceIndex: UInt32
    /// The interface's name (`eth0`), or nil if the interface vanished before it was named.
    public var interfaceName: String?

    public init(name: String, serviceType: String, domain: String, interfaceIndex: UInt32, interfaceName: String?) {
        self.name = name
        self.serviceType = serviceType
        self.domain = domain
        self.interfaceIndex = interfaceIndex
        self.interfaceName = interfaceName
    }
}
