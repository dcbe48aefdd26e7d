/// One D-Bus server address, e.g. `unix:path=/run/dbus/system_bus_socket`, as the D-Bus
/// specification ("Server Addresses") defines them: `transport:key=value,key=value`, with
/// bytes outside `[-0-9A-Za-z_/.\*]` written `%XX`; a list separates addresses with `;`.
public struct DBusAddress: Sendable, Hashable {
    /// `unix`, `tcp`, `launchd`, …
    public let transport: String
    /// The key/value pairs, values unescaped, in order.
    public let parameters: [Parameter]

    /// One `key=value` pair of an address.
    public struct Parameter: Sendable, Hashable {
        /// The key (`path`, `abstract`, `guid`, …).
        public let key: String
        /// The value with `%XX` escapes decoded.
        public let value: String

        /// A pair, value already unescaped.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// An address from its parts.
    public init(transport: String, parameters: [Parameter]) {
        self.transport = transport
        self.parameters = parameters
    }

    /// The variable that overrides the system bus address (libdbus, sd-bus).
    public static let systemBusEnvironmentVariable = "DBUS_SYSTEM_BUS_ADDRESS"
    /// The system bus socket on Debian (and wherever `/var/run` is `/run`).
    public static let defaultSystemBusSocketPath = "/run/dbus/system_bus_socket"

    /// The value of `key`, or nil.
    public subscript(key: String) -> String? { parameters.first { $0.key == key }?.value }

    /// The socket a client connects to: `unix:path=` or `unix:abstract=`. Nil for other
    /// transports and for listen-only forms (`dir=`, `tmpdir=`, `runtime=`).
    public var unixSocket: UnixSocketAddress? {
        guard transport == "unix" else { return nil }
        if let path = self["path"] { return .path(path) }
        if let name = self["abstract"] { return .abstract(name) }
        return nil
    }

    /// Parses an address list. Nil when any address is malformed (no `:`, a parameter
    /// without `=`, or a bad `%` escape). Empty entries between `;` are skipped.
    public static func parseList(_ text: String) -> [DBusAddress]? {
        var addresses: [DBusAddress] = []
        for entry in text.split(separator: ";") {
            guard let address = parse(entry) else { return nil }
            addresses.append(address)
        }
        return addresses
    }

    /// The first address in `list` whose socket a client can connect to.
    public static func firstUnixSocket(in list: [DBusAddress]) -> UnixSocketAddress? {
        list.lazy.compactMap(\.unixSocket).first
    }

    // MARK: Parsing

    private static func parse(_ text: Substring) -> DBusAddress? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let transport = text[..<colon]
        guard !transport.isEmpty else { return nil }
        var parameters: [Parameter] = []
        for pair in text[text.index(after: colon)...].split(separator: ",") {
            guard let equals = pair.firstIndex(of: "="),
                let key = unescape(pair[..<equals]), !key.isEmpty,
                let value = unescape(pair[pair.index(after: equals)...])
            else { return nil }
            parameters.append(Parameter(key: key, value: value))
        }
        return DBusAddress(transport: String(transport), parameters: parameters)
    }

    private static func unescape(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.first {
            utf8 = utf8.dropFirst()
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
