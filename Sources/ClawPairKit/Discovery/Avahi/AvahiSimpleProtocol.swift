/// avahi-daemon's line protocol on its Unix socket (`/run/avahi-daemon/socket`), the one
/// nss-mdns uses: one request line per connection, one reply line, then the daemon closes.
///
///     RESOLVE-HOSTNAME-IPV4 gw.local        + 2 0 gw.local 10.77.1.1
///     RESOLVE-HOSTNAME-IPV6 gw.local        + 2 1 gw.local fd77:1::1
///                                           -15 Timeout reached
///
/// A success names the interface index, the protocol it arrived over, the host and one
/// address. The daemon answers from its cache at once (about 0.25 ms) and otherwise asks
/// the network (up to 5 s). Formatting and parsing only; ``AvahiHostnameLookup`` does the I/O.
enum AvahiSimpleProtocol {
    static let socketPath = "/run/avahi-daemon/socket"

    /// The daemon reads the name with `%255s`: longer names, and names with white space or
    /// control characters (which could smuggle in a second command), are not asked.
    static let maximumNameLength = 255

    enum Reply: Sendable, Hashable {
        case address(interfaceIndex: UInt32, IPAddress)
        /// `-CODE message`, or a line that is neither.
        case failed(String)
    }

    /// The request line for the first address of `recordType` (A or AAAA) of `host`; nil
    /// when the name cannot be sent or the type is neither.
    static func request(host: String, recordType: UInt16) -> [UInt8]? {
        let command: String
        switch recordType {
        case MDNSHostQuery.typeA: command = "RESOLVE-HOSTNAME-IPV4 "
        case MDNSHostQuery.typeAAAA: command = "RESOLVE-HOSTNAME-IPV6 "
        default: return nil
        }
        let name = Array(host.utf8)
        guard !name.isEmpty, name.count <= maximumNameLength, name.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else { return nil }
        return Array(command.utf8) + name + [UInt8(ascii: "\n")]
    }

    /// Parses one reply line, without its newline.
    static func parse(_ line: [UInt8]) -> Reply {
        let text = String(decoding: line, as: UTF8.self)
        let fields = text.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 5, fields[0] == "+", let interfaceIndex = UInt32(fields[1]), interfaceIndex > 0,
            UInt8(fields[2]) != nil, let address = IPAddress(fields[4])
        else {
            return .failed(text.hasPrefix("-") ? String(text.dropFirst()) : "unexpected reply")
        }
        return .address(interfaceIndex: interfaceIndex, address)
    }
}
