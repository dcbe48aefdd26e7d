extension GatewayDiscovery {
    /// Streams changes in every domain until the calling task is cancelled: mDNS additions
    /// and removals as Avahi reports them, unicast records re-queried when their TTL runs
    /// out. Returns normally on cancellation; throws only when nothing at all can be watched
    /// (every domain failed at the start).
    public func watch(_ onEvent: @escaping @Sendable (DiscoveryEvent) -> Void) async throws {
        let (multicast, unicast) = plan
        try await withThrowingTaskGroup(of: Void.self) { group in
            if !multicast.isEmpty {
                group.addTask { try await watchMulticast(multicast, onEvent) }
            }
            if !unicast.isEmpty {
                group.addTask { try await watchUnicast(unicast, onEvent) }
            }
            try await group.waitForAll()
        }
    }

    private func watchMulticast(_ domains: [BrowseDomain], _ onEvent: @escaping @Sendable (DiscoveryEvent) -> Void) async throws {
        let browser = MDNSBrowser(options: options.mdnsOptions)
        // The last state of each instance, so a removal can say what went away.
        var known: [MDNSServiceInstance: DiscoveredGateway] = [:]
        do {
            for try await event in browser.events() {
                switch event {
                case .added(let service):
                    let gateway = DiscoveredGateway(mdns: service)
                    known[service.instance] = gateway
                    onEvent(.added(gateway))
                case .updated(let service):
                    let gateway = DiscoveredGateway(mdns: service)
                    known[service.instance] = gateway
                    onEvent(.updated(gateway))
                case .removed(let instance):
                    if let gateway = known.removeValue(forKey: instance) { onEvent(.removed(gateway)) }
                }
            }
        } catch let error as ClawPairError {
            for domain in domains { onEvent(.problem(Problem(domain: domain, error: error))) }
            // Unicast domains may still be watched; with none, there is nothing left to do.
            if plan.unicast.isEmpty { throw error }
        }
    }

    private func watchUnicast(_ domains: [BrowseDomain], _ onEvent: @escaping @Sendable (DiscoveryEvent) -> Void) async throws {
        let client: UnicastDNSClient
        if let servers = options.dnsServers {
            client = UnicastDNSClient(servers: servers)
        } else {
            client = try UnicastDNSClient.system()
        }
        let watch = UnicastDNSSDBrowser(client: client, serviceType: options.serviceType).watch(domains, timeout: options.timeout)
        for await event in watch {
            switch event {
            case .added(let found): onEvent(.added(filterAddresses(found.gateway)))
            case .updated(let found): onEvent(.updated(filterAddresses(found.gateway)))
            case .removed(let found): onEvent(.removed(filterAddresses(found.gateway)))
            case .domainFailed(let domain, let error): onEvent(.problem(Problem(domain: domain, error: error.clawPairError)))
            }
        }
    }
}
