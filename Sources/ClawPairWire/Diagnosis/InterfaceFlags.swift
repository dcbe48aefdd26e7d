/// A network interface's `IFF_*` flags (`include/uapi/linux/if.h`), as
/// `/sys/class/net/<name>/flags` shows them.
public struct InterfaceFlags: OptionSet, Sendable, Hashable {
    /// The flag bits as the kernel keeps them.
    public let rawValue: UInt32

    /// Flags from their bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `IFF_UP`: administratively up.
    public static let up = InterfaceFlags(rawValue: 0x1)
    /// `IFF_BROADCAST`.
    public static let broadcast = InterfaceFlags(rawValue: 0x2)
    /// `IFF_LOOPBACK`.
    public static let loopback = InterfaceFlags(rawValue: 0x8)
    /// `IFF_POINTOPOINT`: a tunnel such as WireGuard or `tailscale0`. Avahi skips these by
    /// default (`allow-point-to-point=no`).
    public static let pointToPoint = InterfaceFlags(rawValue: 0x10)
    /// `IFF_RUNNING`. sysfs does not show it (it shows `dev->flags`); read `operstate`.
    public static let running = InterfaceFlags(rawValue: 0x40)
    /// `IFF_NOARP`.
    public static let noARP = InterfaceFlags(rawValue: 0x80)
    /// `IFF_MULTICAST`: the interface can send and receive multicast, which mDNS needs.
    public static let multicast = InterfaceFlags(rawValue: 0x1000)

    /// Parses sysfs's `%#x` text (`0x1003`, or `0` for none), trailing newline allowed.
    public init?(sysfsText text: String) {
        var digits = Substring(text.trimmingWhitespace())
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") { digits = digits.dropFirst(2) }
        guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        self.init(rawValue: value)
    }
}
