import ClawPairKit

/// The options `browse` and `resolve` share, and how they become `GatewayDiscovery.Options`.
enum DiscoveryOptions {
    static let table: [OptionSpec] = [
        .repeated("domain", "D", "Browse domain D (repeatable); default local. Any domain but local. uses unicast DNS-SD."),
        .value("timeout", "SECONDS", "How long to browse (default 2; decimals allowed)."),
        .value("service", "TYPE", "Service type (default _openclaw-gw._tcp; rebranded gateways use another)."),
        .value("interface", "IF", "Browse mDNS on this interface only."),
        .flag("ipv4", "IPv4 addresses only."),
        .flag("ipv6", "IPv6 addresses only."),
        .value("backend", "auto|avahi|unicast", "auto: local. by Avahi, other domains by unicast DNS (default)."),
        .value("dns", "SERVER[:PORT]", "Ask this DNS server for unicast domains instead of /etc/resolv.conf's."),
        .flag("browse-domains", "Also browse the domains that b._dns-sd._udp.<domain> lists (RFC 6763 §11)."),
    ]

    /// Longest browse accepted: a mistyped `--timeout 2000` (meant as ms) should not hang a
    /// script for half an hour.
    static let maximumTimeoutSeconds = 600.0

    static func make(_ arguments: ParsedArguments, environment: [String: String]) throws -> GatewayDiscovery.Options {
        var options = GatewayDiscovery.Options()
        if let service = arguments.value("service") { options.serviceType = service }
        if let text = arguments.value("timeout") {
            guard let seconds = Double(text), seconds > 0, seconds <= maximumTimeoutSeconds else {
                throw UsageError("--timeout takes seconds between 0 and \(Int(maximumTimeoutSeconds)), not '\(text)'")
            }
            options.timeout = .milliseconds(Int64(seconds * 1000))
        }
        if let backend = arguments.value("backend") {
            guard let parsed = GatewayDiscovery.Backend(rawValue: backend) else {
                throw UsageError("--backend must be auto, avahi or unicast, not '\(backend)'")
            }
            options.backend = parsed
        }
        switch (arguments.flag("ipv4"), arguments.flag("ipv6")) {
        case (true, true): throw UsageError("--ipv4 and --ipv6 exclude each other")
        case (true, false): options.addressFamily = .ipv4
        case (false, true): options.addressFamily = .ipv6
        case (false, false): break
        }
        options.interfaceName = arguments.value("interface")
        if let server = arguments.value("dns") {
            do {
                options.dnsServers = [try DNSServerAddress(parsing: server)]
            } catch {
                throw UsageError(error.message)
            }
        }
        options.followBrowseDomains = arguments.flag("browse-domains")
        // A hint only: without a state directory, browse just does not remember.
        options.recentInstances = (try? StateDirectory.resolve(home: nil, environment: environment))
            .map(MDNSRecentInstances.init(directory:))

        // Explicit --domain replaces the default local.; the environment's wide-area domain
        // is added either way, as the gateway and the OpenClaw app read it.
        var texts = arguments.allValues("domain")
        if texts.isEmpty { texts = [GatewayService.localDomain] }
        if let wideArea = environment["OPENCLAW_WIDE_AREA_DOMAIN"], !wideArea.allSatisfy(\.isWhitespace) { texts.append(wideArea) }
        var domains: [BrowseDomain] = []
        for text in texts {
            let domain: BrowseDomain
            do {
                domain = try BrowseDomain(text)
            } catch {
                throw UsageError(error.message)
            }
            if !domains.contains(where: { $0.name == domain.name }) { domains.append(domain) }
        }
        options.domains = domains
        if options.backend == .avahi, !domains.contains(where: \.isMulticast) {
            throw UsageError("--backend avahi browses local. only; add --domain local. or choose another backend")
        }
        return options
    }
}
