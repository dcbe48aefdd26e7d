import ClawPairKit

/// The options `browse` and `resolve` share, and how they become `GatewayDiscovery.Options`.
enum DiscoveryOptions {
    /// `--home` included: browse and resolve remember the mDNS instances they announced in
    /// the state directory (``MDNSRecentInstances``).
    static let table: [OptionSpec] = [.domain, .timeout, .service, .interface, .ipv4, .ipv6, .backend, .dns, .browseDomains, .home]

    /// Longest browse accepted: a mistyped `--timeout 2000` (meant as ms) should not hang a
    /// script for half an hour.
    static let maximumTimeoutSeconds = 600.0

    static func make(_ arguments: ParsedArguments, environment: [String: String]) throws -> GatewayDiscovery.Options {
        var options = GatewayDiscovery.Options()
        if let service = arguments.value(.service) { options.serviceType = service }
        if let timeout = try arguments.seconds(.timeout, maximum: maximumTimeoutSeconds) { options.timeout = timeout }
        if let backend = arguments.value(.backend) {
            guard let parsed = GatewayDiscovery.Backend(rawValue: backend) else {
                throw UsageError("--backend must be auto, avahi or unicast, not '\(TerminalText.escape(backend))'")
            }
            options.backend = parsed
        }
        switch (arguments[.ipv4], arguments[.ipv6]) {
        case (true, true): throw UsageError("--ipv4 and --ipv6 exclude each other")
        case (true, false): options.addressFamily = .ipv4
        case (false, true): options.addressFamily = .ipv6
        case (false, false): break
        }
        options.interfaceName = arguments.value(.interface)
        options.dnsServers = try dnsServers(arguments)
        options.followBrowseDomains = arguments[.browseDomains]
        // A hint only: without a state directory, browse just does not remember; but a
        // --home that cannot be used is the caller's mistake.
        let directory = arguments.value(.home) != nil
            ? try StateDirectory.resolve(home: arguments.value(.home), environment: environment)
            : try? StateDirectory.resolve(home: nil, environment: environment)
        options.recentInstances = directory.map(MDNSRecentInstances.init(directory:))

        // Explicit --domain replaces the default local.; the environment's wide-area domain
        // is added either way, as the gateway and the OpenClaw app read it.
        options.domains = try domains(arguments.values(.domain), environment: environment)
        if options.backend == .avahi, !options.domains.contains(where: \.isMulticast) {
            throw UsageError("--backend avahi browses local. only; add --domain local. or choose another backend")
        }
        return options
    }

    /// The `--dns` server, nil without one: the system resolver's (browse, resolve and probe read it alike).
    static func dnsServers(_ arguments: ParsedArguments) throws(UsageError) -> [DNSServerAddress]? {
        guard let server = arguments.value(.dns) else { return nil }
        do {
            return [try DNSServerAddress(parsing: server)]
        } catch {
            throw UsageError(error.message)
        }
    }

    /// `texts` as browse domains (default local.), `$OPENCLAW_WIDE_AREA_DOMAIN` added,
    /// without duplicates; probe reads its `--domain` the same way.
    static func domains(_ given: [String], environment: [String: String]) throws(UsageError) -> [BrowseDomain] {
        var texts = given
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
        return domains
    }
}

extension OptionSpec {
    /// Shared with probe (an instance-name TARGET is looked up the same way).
    static let domain = OptionSpec(
        repeated: "domain", metavar: "D", help: "Browse domain D (repeatable); default local. Any domain but local. uses unicast DNS-SD.")
    fileprivate static let timeout = OptionSpec(value: "timeout", metavar: "SECONDS", help: "How long to browse (default 2; decimals allowed).")
    fileprivate static let service = OptionSpec(
        value: "service", metavar: "TYPE", help: "Service type (default _openclaw-gw._tcp; rebranded gateways use another).")
    fileprivate static let interface = OptionSpec(value: "interface", metavar: "IF", help: "Browse mDNS on this interface only.")
    fileprivate static let ipv4 = OptionSpec(flag: "ipv4", help: "IPv4 addresses only.")
    fileprivate static let ipv6 = OptionSpec(flag: "ipv6", help: "IPv6 addresses only.")
    fileprivate static let backend = OptionSpec(
        value: "backend", metavar: "auto|avahi|unicast", completing: .choices(GatewayDiscovery.Backend.allCases.map(\.rawValue)),
        help: "auto: local. by Avahi, other domains by unicast DNS (default).")
    static let dns = OptionSpec(
        value: "dns", metavar: "SERVER[:PORT]", help: "Ask this DNS server for unicast domains instead of /etc/resolv.conf's.")
    fileprivate static let browseDomains = OptionSpec(
        flag: "browse-domains", help: "Also browse the domains that b._dns-sd._udp.<domain> lists (RFC 6763 §11).")
}
