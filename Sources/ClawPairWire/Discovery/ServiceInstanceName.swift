/// A DNS-SD service instance name (RFC 6763 §4.1): `<Instance>.<_service>.<_proto>.<Domain>`.
///
/// ``name`` is the decoded instance label as people read it (`Studio (OpenClaw)`), which
/// may contain dots, spaces and any UTF-8. Avahi's and Apple's dns_sd APIs hand full names
/// in an escaped text form (`Studio\032\040OpenClaw\041._openclaw-gw._tcp.local.`); the
/// unicast client reads the label's raw bytes from the wire. Both end up here.
public struct ServiceInstanceName: Sendable, Hashable {
    /// The decoded instance label.
    public var name: String
    /// The service type, `_openclaw-gw._tcp`.
    public var serviceType: String
    /// The domain, normalised (``BrowseDomain/normalize(_:)``): `local.`.
    public var domain: String

    /// An instance from its parts; the domain is normalised.
    public init(name: String, serviceType: String = GatewayService.type, domain: String = GatewayService.localDomain) {
        self.name = name
        self.serviceType = serviceType
        self.domain = BrowseDomain.normalize(domain)
    }

    /// Splits an escaped full name on its unescaped dots: the first label is the instance,
    /// the next two the service type, the rest the domain. Nil with fewer than four labels,
    /// an empty label (`a..b`), or a domain that is only whitespace.
    public init?(fullName: some StringProtocol) {
        let labels = Self.splitEscaped(Array(fullName.utf8))
        guard labels.count >= 4, labels.allSatisfy({ !$0.isEmpty }) else { return nil }
        let text = labels.map { String(decoding: $0, as: UTF8.self) }
        let domain = BrowseDomain.normalize(text[3...].joined(separator: "."))
        // Found by the fuzzer: in `x._a._b. ` and `x._a._b. .c` the domain's whitespace label
        // disappears when the domain is trimmed, leaving nothing or an empty first label.
        let domainLabels = Self.splitEscaped(Array(domain.utf8))
        guard !domainLabels.isEmpty, domainLabels.allSatisfy({ !$0.isEmpty }) else { return nil }
        self.init(name: Self.decode(text[0]), serviceType: text[1] + "." + text[2], domain: domain)
    }

    /// The instance named by a wire-format DNS name (a PTR target, an SRV owner): the first
    /// label's bytes read as UTF-8 (invalid sequences become U+FFFD). Nil with fewer than four
    /// labels.
    public init?(dnsName: DNSName) {
        let labels = dnsName.labels
        guard labels.count >= 4 else { return nil }
        self.init(
            name: String(decoding: labels[0], as: UTF8.self),
            serviceType: DNSName.escape(labels[1]) + "." + DNSName.escape(labels[2]),
            domain: dnsName.dropping(3).description)
    }

    /// The wire-format name, for queries: the instance as one label of its UTF-8 bytes.
    public var dnsName: DNSName {
        get throws(DNSWireError) {
            try DNSName(serviceType + "." + domain).prepending(Array(name.utf8))
        }
    }

    /// The full name in the escaped form dns_sd APIs use: `.` and `\` escaped with a backslash,
    /// control characters and space as `\DDD`; other UTF-8 kept as is.
    public var fullName: String { Self.escape(name) + "." + serviceType + "." + domain }

    /// Decodes a dns_sd escaped instance label: `\DDD` (three decimal digits, at most 255) is
    /// one byte, `\.` and `\\` are a dot and a backslash, and any other backslash is literal.
    /// The bytes are then read as UTF-8, so `K\195\188che` is `Küche`; invalid sequences
    /// become U+FFFD rather than failing.
    public static func decode(_ escaped: some StringProtocol) -> String {
        let bytes = Array(escaped.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let (unit, length) = escapeUnit(bytes, at: index)
            output.append(unit)
            index += length
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Escapes an instance label for a dns_sd full name; ``decode(_:)`` reverses it.
    public static func escape(_ name: String) -> String {
        var output = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case ".", "\\": output += "\\" + String(scalar)
            case "\u{00}"..."\u{20}", "\u{7F}":
                let digits = String(scalar.value)
                output += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// The byte an escape at `index` stands for, and how many input bytes it takes.
    private static func escapeUnit(_ bytes: [UInt8], at index: Int) -> (UInt8, Int) {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else { return (byte, 1) }
        if index + 3 < bytes.count, bytes[(index + 1)...(index + 3)].allSatisfy({ (0x30...0x39).contains($0) }) {
            let value = bytes[(index + 1)...(index + 3)].reduce(0) { $0 * 10 + Int($1 - 0x30) }
            if value <= 255 { return (UInt8(value), 4) }
        }
        let next = bytes[index + 1]
        if next == UInt8(ascii: ".") || next == UInt8(ascii: "\\") { return (next, 2) }
        return (byte, 1)
    }

    /// Splits on dots that are not part of an escape; labels stay escaped.
    private static func splitEscaped(_ bytes: [UInt8]) -> [[UInt8]] {
        var labels: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ".") {
                labels.append(current)
                current = []
                index += 1
                continue
            }
            let (_, length) = escapeUnit(bytes, at: index)
            current += bytes[index..<index + length]
            index += length
        }
        // A trailing dot ends the name; it does not start an empty label.
        if !current.isEmpty { labels.append(current) }
        return labels
    }
}

extension ServiceInstanceName: CustomStringConvertible {
    public var description: String { fullName }
}
