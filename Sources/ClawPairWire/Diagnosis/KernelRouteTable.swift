/// The routes in `/proc/net/route` or `/proc/net/ipv6_route`, parsed from the file's text.
///
/// Lines that don't have the expected fields are counted in `skippedLines`, not guessed at.
public struct KernelRouteTable: Sendable, Hashable {
    /// Every parsed route, in file order.
    public let routes: [KernelRoute]
    /// Lines (other than the IPv4 header) that could not be parsed.
    public let skippedLines: Int

    /// A table from routes already parsed.
    public init(routes: [KernelRoute], skippedLines: Int = 0) {
        self.routes = routes
        self.skippedLines = skippedLines
    }

    /// The usable default routes, lowest metric first.
    public var defaultRoutes: [KernelRoute] {
        routes.filter(\.isDefault).sorted { $0.metric < $1.metric }
    }

    /// Parses `/proc/net/route`: a header line, then `Iface Destination Gateway Flags RefCnt
    /// Use Metric Mask MTU Window IRTT`, addresses as 8 hex digits of the 32-bit value in the
    /// kernel's byte order (`littleEndianHost` says which; true on x86 and arm64).
    public init(parsingIPv4 text: String, littleEndianHost: Bool = UInt32(1).littleEndian == 1) {
        var routes: [KernelRoute] = []
        var skipped = 0
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard !fields.isEmpty, fields[0] != "Iface" else { continue }
            guard fields.count >= 8,
                let destination = Self.ipv4(fields[1], littleEndianHost: littleEndianHost),
                let gateway = Self.ipv4(fields[2], littleEndianHost: littleEndianHost),
                let flags = UInt32(fields[3], radix: 16),
                let metric = UInt32(fields[6]),
                let mask = Self.ipv4(fields[7], littleEndianHost: littleEndianHost),
                let prefixLength = Self.prefixLength(ofMask: mask)
            else {
                skipped += 1
                continue
            }
            let hasGateway = flags & KernelRoute.flagGateway != 0 || gateway.contains { $0 != 0 }
            routes.append(KernelRoute(
                destination: .v4(destination), prefixLength: prefixLength,
                gateway: hasGateway ? .v4(gateway) : nil,
                interface: String(fields[0]), flags: flags, metric: metric
            ))
        }
        self.init(routes: routes, skippedLines: skipped)
    }

    /// Parses `/proc/net/ipv6_route`: no header; `dest destPrefix src srcPrefix nextHop
    /// metric refCount use flags iface`, addresses as 32 hex digits in network order,
    /// prefix lengths as 2 hex digits, metric and flags as 8.
    public init(parsingIPv6 text: String) {
        var routes: [KernelRoute] = []
        var skipped = 0
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard !fields.isEmpty else { continue }
            guard fields.count >= 10,
                let destination = Self.ipv6(fields[0]),
                let prefixLength = UInt8(fields[1], radix: 16), prefixLength <= 128,
                let nextHop = Self.ipv6(fields[4]),
                let metric = UInt32(fields[5], radix: 16),
                let flags = UInt32(fields[8], radix: 16)
            else {
                skipped += 1
                continue
            }
            routes.append(KernelRoute(
                destination: .v6(destination), prefixLength: Int(prefixLength),
                gateway: nextHop.contains { $0 != 0 } ? .v6(nextHop) : nil,
                interface: String(fields[9]), flags: flags, metric: metric
            ))
        }
        self.init(routes: routes, skippedLines: skipped)
    }

    // MARK: Field helpers

    private static func ipv4(_ field: Substring, littleEndianHost: Bool) -> [UInt8]? {
        guard field.count == 8, let value = UInt32(field, radix: 16) else { return nil }
        let bytes = [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
        // The kernel prints the in-memory network-order word as a host integer.
        return littleEndianHost ? bytes.reversed() : bytes
    }

    private static func ipv6(_ field: Substring) -> [UInt8]? {
        guard field.count == 32 else { return nil }
        var bytes: [UInt8] = []
        var index = field.startIndex
        while index < field.endIndex {
            let next = field.index(index, offsetBy: 2)
            guard let byte = UInt8(field[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }

    /// The prefix length of a contiguous netmask, or nil for a non-contiguous one.
    private static func prefixLength(ofMask mask: [UInt8]) -> Int? {
        let value = mask.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let length = value.leadingNonzeroBitCount
        return value == (length == 0 ? 0 : UInt32.max << (32 - length)) ? length : nil
    }
}

extension UInt32 {
    fileprivate var leadingNonzeroBitCount: Int { (~self).leadingZeroBitCount }
}
