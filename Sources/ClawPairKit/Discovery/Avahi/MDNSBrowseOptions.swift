/// What `MDNSBrowser` looks for, and where.
public struct MDNSBrowseOptions: Sendable, Hashable {
    /// OpenClaw gateways' service type (spec/discovery.md); rebranded gateways use another.
    public static let defaultServiceType = "_openclaw-gw._tcp"

    /// The DNS-SD service type to browse, `_name._tcp` or `_name._udp`.
    public var serviceType: String
    /// Browse only on this interface (`eth0`); nil browses every interface avahi-daemon uses.
    public var interfaceName: String?
    /// Which address records to look up for each service's host.
    public var addressFamily: MDNSAddressFamily

    /// Where the instances of recent browses are remembered, to resolve them early; nil:
    /// nowhere.
    public var recentInstances: MDNSRecentInstances?

    public init(
        serviceType: String = Self.defaultServiceType, interfaceName: String? = nil,
        addressFamily: MDNSAddressFamily = .both, recentInstances: MDNSRecentInstances? = nil
    ) {
        self.serviceType = serviceType
        self.interfaceName = interfaceName
        self.addressFamily = addressFamily
        self.recentInstances = recentInstances
    }

    /// Checks the service type before any daemon is asked, so a typo is a usage error and
    /// not an opaque `AVAHI_ERR_INVALID_SERVICE_TYPE`.
    ///
    /// RFC 6763 §7: `_<service>._tcp` or `._udp`; RFC 6335 §5.1: the service name is 1–15
    /// letters, digits and hyphens, with a letter, no hyphen at either end and no `--`.
    func validate() throws(ClawPairError) {
        let type = serviceType.droppingFinalDot()
        let invalid = ClawPairError(
            .mdnsInvalidServiceType, "'\(serviceType)' is not a DNS-SD service type",
            remedy: "use the form _name._tcp, e.g. \(Self.defaultServiceType)")
        guard type.hasSuffix("._tcp") || type.hasSuffix("._udp"), type.first == "_" else { throw invalid }
        let name = type.dropFirst().dropLast(5)
        let allowed = name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
        guard (1...15).contains(name.utf8.count), allowed, name.first != "-", name.last != "-",
            !name.contains("--"), name.contains(where: \.isLetter)
        else { throw invalid }
    }
}
