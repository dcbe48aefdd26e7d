extension MachineCheck {
    /// A check's stable identifier. The known ones are static members, in report order in
    /// `all`; the raw text is what `--json` prints.
    public struct ID: Sendable, Hashable {
        /// The identifier as `--json` prints it (`avahi-daemon`).
        public let rawValue: String
        /// The default title for this check.
        public let title: String

        /// An identifier and the title its checks carry by default.
        public init(_ rawValue: String, title: String) {
            self.rawValue = rawValue
            self.title = title
        }

        public static func == (lhs: ID, rhs: ID) -> Bool { lhs.rawValue == rhs.rawValue }
        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

        /// The D-Bus system bus accepts connections.
        public static let dbus = ID("dbus", title: "D-Bus system bus")
        /// avahi-daemon is running and reachable.
        public static let avahiDaemon = ID("avahi-daemon", title: "avahi-daemon")
        /// nss-mdns is on the `hosts:` line of nsswitch.conf, nothing blocking it.
        public static let nssMDNS = ID("nss-mdns", title: "nss-mdns (.local names for other programs)")
        /// Some interface is up, multicast-capable, not loopback or a tunnel.
        public static let multicastInterfaces = ID("multicast-interfaces", title: "Interfaces with multicast")
        /// An IPv4 or IPv6 default route exists.
        public static let defaultRoute = ID("default-route", title: "Default route")
        /// resolv.conf names a name server.
        public static let resolver = ID("resolver", title: "System resolver")
        /// `OPENCLAW_WIDE_AREA_DOMAIN`, normalised, if set.
        public static let wideAreaDomain = ID("wide-area-domain", title: "Wide-area browse domain")
        /// The state directory is (or can become) 0700 with 0600 files.
        public static let stateDirectory = ID("state-directory", title: "State directory")
        /// Tailscale is Running (only when installed).
        public static let tailscale = ID("tailscale", title: "Tailscale")

        /// Every check `MachineChecker` runs, in report order.
        public static let all: [ID] = [
            .dbus, .avahiDaemon, .nssMDNS, .multicastInterfaces, .defaultRoute, .resolver,
            .wideAreaDomain, .stateDirectory, .tailscale,
        ]
    }
}

extension MachineCheck.ID: CustomStringConvertible {
    /// The raw identifier.
    public var description: String { rawValue }
}
