/// Finds gateways in every domain asked for at once: `local.` through Avahi, any other
/// domain through the built-in unicast DNS-SD client (spec/cli.md `browse`).
///
/// One domain's failure never hides another's gateways (an NXDOMAIN on a wide-area domain
/// aborting the whole browse is a complaint about avahi-browse): failures are returned as
/// problems beside the gateways.
public struct GatewayDiscovery: Sendable {
    /// Which mechanism handles which domains.
    public enum Backend: String, Sendable, CaseIterable {
        /// `local.` by mDNS, others by unicast DNS.
        case auto
        /// Only `local.`, through Avahi.
        case avahi
        /// Only unicast DNS (also for `local.`, which some networks serve that way).
        case unicast
    }

    public struct Options: Sendable {
        public var serviceType = GatewayService.type
        public var domains: [BrowseDomain] = [.local]
        public var backend = Backend.auto
        public var interfaceName: String?
        public var addressFamily = MDNSAddressFamily.both
        /// Name servers for unicast domains; nil asks the system's (`/etc/resolv.conf`).
        public var dnsServers: [DNSServerAddress]?
        /// Also browse the domains that `b._dns-sd._udp.<domain>` lists (RFC 6763 §11).
        public var followBrowseDomains = false
        public var timeout: Duration = .seconds(GatewayService.defaultBrowseTimeoutSeconds)
        /// Where mDNS instances are remembered so the next browse finds them sooner
        /// (``MDNSRecentInstances``); nil: nowhere.
        public var recentInstances: MDNSRecentInstances?

        public init() {}

        var mdnsOptions: MDNSBrowseOptions {
            MDNSBrowseOptions(
                serviceType: serviceType, interfaceName: interfaceName, addressFamily: addressFamily,
                recentInstances: recentInstances)
        }
    }

    /// A domain that could not be browsed, and why.
    public struct Problem: Sendable {
        public let domain: BrowseDomain
        public let error: ClawPairError
    }

    public struct Result: Sendable {
        public var gateways: [DiscoveredGateway]
        public var problems: [Problem]
    }

    public var options: Options

    public init(options: Options) { self.options = options }

    /// The domains each mechanism browses under the chosen backend.
    public var plan: (multicast: [BrowseDomain], unicast: [BrowseDomain]) {
        switch options.backend {
        case .auto: (options.domains.filter(\.isMulticast), options.domains.filter { !$0.isMulticast })
        case .avahi: (options.domains.filter(\.isMulticast), [])
        case .unicast: ([], options.domains)
        }
    }

    /// One-shot: everything found within the timeout, merged and sorted by display name.
    public func browse() async throws -> Result {
        let (multicast, unicast) = plan
        async let mdns = browseMulticast(multicast)
        async let wideArea = browseUnicast(unicast)
        let (mdnsResult, unicastResult) = try await (mdns, wideArea)
        let gateways = GatewayMerging.merge(mdnsResult.gateways + unicastResult.gateways).map(filterAddresses)
        return Result(gateways: Self.inDisplayOrder(gateways), problems: mdnsResult.problems + unicastResult.problems)
    }

    private func browseMulticast(_ domains: [BrowseDomain]) async throws -> Result {
        guard !domains.isEmpty else { return Result(gateways: [], problems: []) }
        let browser = MDNSBrowser(options: options.mdnsOptions)
        do {
            let services = try await browser.browse(timeout: options.timeout)
            return Result(gateways: services.map(DiscoveredGateway.init(mdns:)), problems: [])
        } catch let error as ClawPairError {
            return Result(gateways: [], problems: domains.map { Problem(domain: $0, error: error) })
        }
    }

    private func browseUnicast(_ domains: [BrowseDomain]) async throws -> Result {
        guard !domains.isEmpty else { return Result(gateways: [], problems: []) }
        let client: UnicastDNSClient
        if let servers = options.dnsServers {
            client = UnicastDNSClient(servers: servers)
        } else {
            do {
                client = try UnicastDNSClient.system()
            } catch {
                return Result(gateways: [], problems: domains.map { Problem(domain: $0, error: error) })
            }
        }
        let browser = UnicastDNSSDBrowser(client: client, serviceType: options.serviceType)
        let reports = try await browser.browse(domains, timeout: options.timeout, includeAdvertisedDomains: options.followBrowseDomains)
        var result = Result(gateways: [], problems: [])
        for report in reports {
            result.gateways += report.gateways.map(\.gateway)
            if let failure = report.failure { result.problems.append(Problem(domain: report.domain, error: failure.clawPairError)) }
        }
        return result
    }

    /// `--ipv4` / `--ipv6` apply to unicast answers too.
    func filterAddresses(_ gateway: DiscoveredGateway) -> DiscoveredGateway {
        guard options.addressFamily != .both else { return gateway }
        let keepIPv6 = options.addressFamily == .ipv6
        var filtered = DiscoveredGateway(
            instance: gateway.instance, domain: gateway.domain, serviceType: gateway.serviceType, host: gateway.host,
            port: gateway.port, addresses: gateway.addresses.filter { $0.contains(":") == keepIPv6 },
            interface: gateway.interface, txt: gateway.txt, sources: gateway.sources)
        filtered.txt = gateway.txt
        return filtered
    }

    /// By display name (ignoring case), then id; each key built once, not per comparison.
    static func inDisplayOrder(_ gateways: [DiscoveredGateway]) -> [DiscoveredGateway] {
        gateways.map { (key: ($0.displayName.lowercased(), $0.id.description), gateway: $0) }
            .sorted { $0.key < $1.key }
            .map(\.gateway)
    }
}
