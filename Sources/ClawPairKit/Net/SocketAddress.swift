/// An IP address and port to connect, send or bind to; IPv6 link-local addresses carry their
/// scope (interface index), without which the kernel cannot route them (RFC 4007 §6).
public struct SocketAddress: Sendable, Hashable {
    /// The IP address.
    public var ip: IPAddress
    /// The port, in host byte order.
    public var port: UInt16
    /// The IPv6 scope: an interface index, 0 for none. Always 0 for IPv4.
    public var scopeID: UInt32

    /// An address from its parts. An IPv4 address ignores `scopeID`.
    public init(_ ip: IPAddress, port: UInt16, scopeID: UInt32 = 0) {
        precondition(ip.bytes.count == (ip.isIPv4 ? 4 : 16), "IPAddress with \(ip.bytes.count) bytes")
        self.ip = ip
        self.port = port
        self.scopeID = ip.isIPv4 ? 0 : scopeID
    }

    /// An address whose IPv6 zone is given as text, as in `fe80::1%eth0` or `fe80::1%2`: an
    /// interface name or a decimal index. Throws ``NetworkError/Code/addressInvalid`` when no
    /// such interface exists, or a zone is given for an IPv4 address.
    public init(_ ip: IPAddress, port: UInt16, zone: String?) throws(NetworkError) {
        guard let zone, !zone.isEmpty else {
            self.init(ip, port: port)
            return
        }
        guard !ip.isIPv4 else {
            throw NetworkError(.addressInvalid, "\(ip)%\(zone): an IPv4 address has no zone")
        }
        if let index = UInt32(zone), index > 0 {
            self.init(ip, port: port, scopeID: index)
        } else if let index = NetworkInterface.index(named: zone) {
            self.init(ip, port: port, scopeID: index)
        } else {
            throw NetworkError(.addressInvalid, "\(ip)%\(zone): there is no interface \"\(zone)\"")
        }
    }

    /// `127.0.0.1` at `port`.
    public static func loopbackIPv4(port: UInt16) -> SocketAddress { SocketAddress(.v4([127, 0, 0, 1]), port: port) }

    /// `::1` at `port`.
    public static func loopbackIPv6(port: UInt16) -> SocketAddress {
        SocketAddress(.v6(Array(repeating: 0, count: 15) + [1]), port: port)
    }

    /// The name of the scope's interface (`eth0`), when there is a scope and the interface
    /// still exists.
    public var zoneName: String? { NetworkInterface.name(index: scopeID) }
}

extension SocketAddress: CustomStringConvertible {
    /// `192.0.2.1:53`, `[2001:db8::1]:53`, `[fe80::1%2]:53` (the scope as its index, so the
    /// text does not depend on the machine's interfaces).
    public var description: String {
        switch ip {
        case .v4: return "\(ip):\(port)"
        case .v6: return "[\(ip)" + (scopeID == 0 ? "" : "%\(scopeID)") + "]:\(port)"
        }
    }
}

extension IPAddress {
    package var isIPv4: Bool {
        if case .v4 = self { return true }
        return false
    }
}
