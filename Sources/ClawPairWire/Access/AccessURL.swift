/// The parts of an absolute `scheme://authority/path?query#fragment` URL (RFC 3986 §3), as
/// the Access rules need them: strict and ASCII-only, because these URLs come from response
/// headers a hostile server writes.
///
/// Refused: non-ASCII, whitespace, control bytes and backslashes anywhere; an empty host;
/// a `%` in the host; a bracketed host that is not an IPv6 address; a port that is empty,
/// not decimal or outside 1–65535.
package struct AccessURL: Sendable, Hashable {
    /// Lowercased.
    package var scheme: String
    /// True when the authority had `userinfo@`.
    package var hasUserinfo: Bool
    /// Lowercased; an IPv6 address in its canonical form, with brackets.
    package var host: String
    /// The port as written, or nil.
    package var port: Int?
    /// The path, possibly empty.
    package var path: String
    /// The query without `?`, or nil when there was no `?` at all.
    package var query: String?
    /// The fragment without `#`, or nil when there was no `#` at all.
    package var fragment: String?

    /// Longest URL looked at: the Access origin rule's 4096 bytes (spec/cloudflare-access.md).
    static let maximumLength = 4096

    package init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count <= Self.maximumLength,
            bytes.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\\") })
        else { return nil }

        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            bytes[0..<colon].enumerated().allSatisfy({ Self.isSchemeByte($0.element, first: $0.offset == 0) }),
            bytes[colon...].starts(with: "://".utf8)
        else { return nil }
        scheme = HTTPToken.lowercased(String(decoding: bytes[0..<colon], as: UTF8.self))

        let authorityStart = colon + 3
        let isDelimiter = { (byte: UInt8) in byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") }
        let authorityEnd = bytes[authorityStart...].firstIndex(where: isDelimiter) ?? bytes.endIndex
        var authority = bytes[authorityStart..<authorityEnd]
        hasUserinfo = false
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            hasUserinfo = true
            authority = authority[(at + 1)...]
        }

        var portText: ArraySlice<UInt8>?
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")),
                let address = IPAddress(String(decoding: authority[(authority.startIndex + 1)..<close], as: UTF8.self)),
                case .v6 = address
            else { return nil }
            host = "[\(address)]"
            let rest = authority[(close + 1)...]
            if let first = rest.first {
                guard first == UInt8(ascii: ":") else { return nil }
                portText = rest.dropFirst()
            }
        } else {
            let hostEnd = authority.firstIndex(of: UInt8(ascii: ":")) ?? authority.endIndex
            let hostBytes = authority[..<hostEnd]
            guard !hostBytes.isEmpty, hostBytes.allSatisfy(Self.isRegNameByte) else { return nil }
            host = HTTPToken.lowercased(String(decoding: hostBytes, as: UTF8.self))
            if hostEnd < authority.endIndex { portText = authority[(hostEnd + 1)...] }
        }
        if let portText {
            guard (1...5).contains(portText.count), portText.allSatisfy({ (0x30...0x39).contains($0) }),
                let value = Int(String(decoding: portText, as: UTF8.self)), (1...65535).contains(value)
            else { return nil }
            port = value
        } else {
            port = nil
        }

        let rest = bytes[authorityEnd...]
        let fragmentStart = rest.firstIndex(of: UInt8(ascii: "#"))
        let beforeFragment = rest[..<(fragmentStart ?? rest.endIndex)]
        let queryStart = beforeFragment.firstIndex(of: UInt8(ascii: "?"))
        path = String(decoding: beforeFragment[..<(queryStart ?? beforeFragment.endIndex)], as: UTF8.self)
        query = queryStart.map { String(decoding: beforeFragment[($0 + 1)...], as: UTF8.self) }
        fragment = fragmentStart.map { String(decoding: rest[($0 + 1)...], as: UTF8.self) }
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    private static func isSchemeByte(_ byte: UInt8, first: Bool) -> Bool {
        let alpha = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        if first { return alpha }
        return alpha || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    /// reg-name without percent-encoding: unreserved and sub-delims.
    private static func isRegNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default: false
        }
    }
}
