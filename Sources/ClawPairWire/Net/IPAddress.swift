/// An IPv4 or IPv6 address literal, parsed strictly.
///
/// Strict on purpose: `127.1`, `0x7f.0.0.1` or `010.0.0.1` are host *names* here, never
/// addresses, so a crafted spelling cannot pass the "local host" check that allows plaintext.
public enum IPAddress: Sendable, Hashable {
    case v4([UInt8])
    case v6([UInt8])

    /// Parses a dotted quad or an RFC 4291 IPv6 literal (no brackets, no zone).
    public init?(_ text: some StringProtocol) {
        if let v4 = Self.parseIPv4(Substring(text)) {
            self = .v4(v4)
        } else if let v6 = Self.parseIPv6(Substring(text)) {
            self = .v6(v6)
        } else {
            return nil
        }
    }

    public var bytes: [UInt8] {
        switch self {
        case .v4(let b), .v6(let b): b
        }
    }

    /// The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`).
    public var ipv4Mapped: [UInt8]? {
        guard case .v6(let b) = self, b[0..<10].allSatisfy({ $0 == 0 }), b[10] == 0xFF, b[11] == 0xFF else { return nil }
        return Array(b[12..<16])
    }

    /// fe80::/10 (RFC 4291 §2.5.6): meaningful only together with an interface (a zone).
    public var isIPv6LinkLocal: Bool {
        guard case .v6(let b) = self else { return false }
        return b[0] == 0xFE && b[1] & 0xC0 == 0x80
    }

    static func parseIPv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            // No leading zeros: `010` is octal to some resolvers and decimal to others.
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCIIDigit),
                part.count == 1 || part.first != "0", let value = UInt8(part)
            else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    static func parseIPv6(_ text: Substring) -> [UInt8]? {
        guard text.count >= 2, text.count <= 45 else { return nil }
        let halves = text.split(separator: "::", maxSplits: 2, omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        func groups(_ part: Substring, allowIPv4Tail: Bool) -> [UInt8]? {
            if part.isEmpty { return [] }
            var bytes: [UInt8] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if allowIPv4Tail, index == pieces.count - 1, piece.contains(".") {
                    guard let v4 = parseIPv4(piece) else { return nil }
                    bytes += v4
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16),
                        piece.allSatisfy(\.isHexDigit)
                    else { return nil }
                    bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
                }
            }
            return bytes
        }
        if halves.count == 1 {
            guard let bytes = groups(halves[0], allowIPv4Tail: true), bytes.count == 16 else { return nil }
            return bytes
        }
        guard let head = groups(halves[0], allowIPv4Tail: false), let tail = groups(halves[1], allowIPv4Tail: true),
            head.count + tail.count <= 14
        else { return nil }
        return head + Array(repeating: 0, count: 16 - head.count - tail.count) + tail
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension IPAddress: CustomStringConvertible {
    /// Dotted quad, or the RFC 5952 form of an IPv6 address (lowercase, longest zero run
    /// compressed), so equal addresses print equally.
    public var description: String {
        switch self {
        case .v4(let b):
            return b.map(String.init).joined(separator: ".")
        case .v6(let b):
            let groups = stride(from: 0, to: 16, by: 2).map { UInt16(b[$0]) << 8 | UInt16(b[$0 + 1]) }
            var bestStart = -1, bestLength = 0, runStart = -1
            for index in 0...8 {
                if index < 8, groups[index] == 0 {
                    if runStart < 0 { runStart = index }
                } else if runStart >= 0 {
                    if index - runStart > bestLength { (bestStart, bestLength) = (runStart, index - runStart) }
                    runStart = -1
                }
            }
            if let mapped = ipv4Mapped { return "::ffff:" + mapped.map(String.init).joined(separator: ".") }
            let hex = groups.map { String($0, radix: 16) }
            guard bestLength >= 2 else { return hex.joined(separator: ":") }
            return hex[..<bestStart].joined(separator: ":") + "::" + hex[(bestStart + bestLength)...].joined(separator: ":")
        }
    }
}
