extension DiscoveredGateway {
    /// The gateway an mDNS browse resolved: Avahi hands the instance name already unescaped,
    /// and the service type and domain with a trailing dot that the stable id leaves off the
    /// type (spec/discovery.md, "Stable ids").
    public init(mdns service: MDNSService) {
        let serviceType = String(service.serviceType.droppingFinalDot())
        self.init(
            instance: service.rawInstanceName, domain: service.domain, serviceType: serviceType,
            host: service.hostTarget, port: service.port, addresses: service.addresses,
            interface: service.interfaceName, txt: GatewayTXT(strings: service.txtRecords), sources: [.mdns])
    }
}
