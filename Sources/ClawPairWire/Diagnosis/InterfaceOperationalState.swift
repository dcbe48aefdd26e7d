/// An interface's RFC 2863 operational state, as `/sys/class/net/<name>/operstate` shows it.
/// Unknown words stay representable.
public struct InterfaceOperationalState: Sendable, Hashable {
    /// The word as the kernel wrote it, lowercased and trimmed.
    public let rawValue: String

    /// A state from its (lowercase) word.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Parses the file's text (trailing newline allowed).
    public init(sysfsText text: String) { self.init(rawValue: text.trimmingWhitespace().lowercased()) }

    /// Carrier present; traffic flows.
    public static let up = Self(rawValue: "up")
    /// No carrier, or administratively down.
    public static let down = Self(rawValue: "down")
    /// Drivers that do not track carrier (loopback, many tunnels) report `unknown`.
    public static let unknown = Self(rawValue: "unknown")
    /// Waiting for an external event (802.1X, Wi-Fi association).
    public static let dormant = Self(rawValue: "dormant")
    /// A device it sits on (e.g. a bond's slave) is down.
    public static let lowerLayerDown = Self(rawValue: "lowerlayerdown")
    /// A component is missing (hardware removed).
    public static let notPresent = Self(rawValue: "notpresent")
    /// In test mode.
    public static let testing = Self(rawValue: "testing")

    /// True when traffic can flow: `up`, or `unknown` from a driver that does not report
    /// carrier (the kernel's own `netif_oper_up` treats both as up).
    public var canPassTraffic: Bool { self == .up || self == .unknown }
}

extension InterfaceOperationalState: CustomStringConvertible {
    /// The word as sysfs writes it.
    public var description: String { rawValue }
}
