/// A gateway found by unicast DNS-SD, with how long its records may be trusted.
public struct UnicastGateway: Sendable, Hashable {
    /// The gateway, with source ``DiscoverySource/unicast``.
    public var gateway: DiscoveredGateway
    /// The instance's full name on the wire (`studio-gateway._openclaw-gw._tcp.openclaw.internal.`).
    public var instanceName: DNSName
    /// The smallest TTL, in seconds, of the records this gateway was built from: the PTR
    /// that lists it (when browsed), its SRV and TXT, and its target's addresses. After that
    /// long it must be looked up again (`browse --watch` does).
    public var ttl: UInt32

    public init(gateway: DiscoveredGateway, instanceName: DNSName, ttl: UInt32) {
        self.gateway = gateway
        self.instanceName = instanceName
        self.ttl = ttl
    }

    /// ``DiscoveredGateway/id``.
    public var id: GatewayID { gateway.id }
}
