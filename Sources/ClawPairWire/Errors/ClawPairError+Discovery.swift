// Error codes for discovery and DNS (spec/cli.md `browse`, `resolve`, `probe`).

extension ClawPairError.Code {
    /// The name does not exist (RCODE 3, RFC 1035 §4.1.1).
    public static let dnsNXDomain = Self("DNS_NXDOMAIN", .unreachable)
    /// No DNS answer within the timeout.
    public static let dnsTimeout = Self("DNS_TIMEOUT", .unreachable)
    /// The DNS server answered with an error (SERVFAIL, REFUSED, …) or could not be asked.
    public static let dnsFailure = Self("DNS_FAILURE", .unreachable)
    /// The DNS server's answer could not be parsed.
    public static let dnsMalformedResponse = Self("DNS_MALFORMED_RESPONSE", .unreachable)
    /// A `--domain` that cannot be a DNS domain name.
    public static let browseDomainInvalid = Self("BROWSE_DOMAIN_INVALID", .usage)
    /// mDNS was asked for but avahi-daemon (or D-Bus) is not running.
    public static let mdnsUnavailable = Self("MDNS_UNAVAILABLE", .environment)
    /// A name matches several registry entries or discovered gateways (exit 3); Wire names it
    /// because ``GatewayNameMatch`` throws it.
    public static let registryAmbiguous = Self("REGISTRY_AMBIGUOUS", .invalidInput)
    /// `browse --require` saw no gateway, or `resolve` found no such instance.
    public static let gatewayNotFound = Self("GATEWAY_NOT_FOUND", .notFound)
}
