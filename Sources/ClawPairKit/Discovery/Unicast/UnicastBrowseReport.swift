/// What a unicast DNS-SD browse of one domain found, and what went wrong, without throwing:
/// one domain's failure never hides another domain's gateways.
public struct UnicastBrowseReport: Sendable {
    /// How the domain's service name was answered.
    public enum Status: Sendable {
        /// The PTR query was answered (possibly with no instances).
        case answered
        /// The service name does not exist in the domain (`NXDOMAIN`): no gateway advertises
        /// there, or the domain is not served by the asked servers. Reported, not fatal.
        case noSuchName
        /// The PTR query failed at every server.
        case failed(UnicastDNSError)
    }

    /// Something that kept one instance (or an optional lookup) from being complete.
    public struct Problem: Sendable, CustomStringConvertible {
        /// The decoded instance name, when the problem concerns one instance.
        public var instance: String?
        /// The gateway id the instance would have, so a watcher can keep its last good state.
        public var gatewayID: GatewayID?
        /// What was wrong, for a person.
        public var message: String
        /// The failed lookup, when a lookup failed (rather than returned nothing usable).
        public var error: UnicastDNSError?

        public init(instance: String?, gatewayID: GatewayID?, message: String, error: UnicastDNSError? = nil) {
            self.instance = instance
            self.gatewayID = gatewayID
            self.message = message
            self.error = error
        }

        public var description: String { (instance.map { "\($0): " } ?? "") + message }
    }

    /// The domain browsed.
    public var domain: BrowseDomain
    /// How its service name was answered.
    public var status: Status
    /// The gateways, in the order the PTR records listed their instances.
    public var gateways: [UnicastGateway]
    /// What kept instances (or optional lookups) from being complete; empty when all went well.
    public var problems: [Problem]
    /// Seconds until something here expires: the smallest TTL of the gateways and the PTR
    /// set, or the negative-caching TTL of an empty or `NXDOMAIN` answer; nil after a failure.
    public var ttl: UInt32?
    /// How long the browse took.
    public var elapsed: Duration

    public init(
        domain: BrowseDomain, status: Status, gateways: [UnicastGateway], problems: [Problem], ttl: UInt32?,
        elapsed: Duration
    ) {
        self.domain = domain
        self.status = status
        self.gateways = gateways
        self.problems = problems
        self.ttl = ttl
        self.elapsed = elapsed
    }

    /// The failure of the PTR query, if it failed.
    public var failure: UnicastDNSError? {
        if case .failed(let error) = status { return error }
        return nil
    }
}
