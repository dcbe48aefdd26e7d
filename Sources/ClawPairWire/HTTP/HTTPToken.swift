// Character classes and case rules of HTTP/1.1 (RFC 9110 §5.6), shared by the HTTP,
// WebSocket and Access parsers. Everything here is ASCII-only on purpose: HTTP field names,
// tokens and schemes are ASCII, and Unicode case folding must never make two names equal.

package enum HTTPToken {
    /// `tchar` (RFC 9110 §5.6.2): the bytes a token, a field name or a method may hold.
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// True when `text` is a non-empty token.
    package static func isToken(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenByte)
    }

    /// SP or HTAB: optional whitespace (`OWS`, RFC 9110 §5.6.3).
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// A byte a field value may hold (RFC 9110 §5.5): VCHAR, SP, HTAB and obs-text. Every
    /// other control byte (NUL, CR, LF, DEL, …) is refused.
    package static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\t") || (byte >= 0x20 && byte != 0x7F)
    }

    /// ASCII lowercasing; other characters are left alone.
    package static func lowercased(_ text: some StringProtocol) -> String {
        String(decoding: text.utf8.map(lowercasedByte), as: UTF8.self)
    }

    /// Equality ignoring ASCII case only.
    package static func equalsIgnoringCase(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
        lhs.utf8.count == rhs.utf8.count && zip(lhs.utf8, rhs.utf8).allSatisfy { lowercasedByte($0) == lowercasedByte($1) }
    }

    package static func lowercasedByte(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    /// Strips leading and trailing SP/HTAB.
    package static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, isWhitespace(first) { slice.removeFirst() }
        while let last = slice.last, isWhitespace(last) { slice.removeLast() }
        return slice
    }

    /// Field text as a Swift string: UTF-8 when the bytes are valid UTF-8 (what real servers
    /// send), otherwise ISO-8859-1 byte for byte (RFC 9110 §5.5 obs-text), so no byte is
    /// ever replaced or lost.
    package static func text(_ bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        for byte in bytes { scalars.append(Unicode.Scalar(byte)) }
        return String(scalars)
    }

    /// The elements of a comma-separated list (`#element`, RFC 9110 §5.6.1): trimmed, empty
    /// elements dropped. For token lists (`Connection`, `Upgrade`, `Transfer-Encoding`), where
    /// no element contains a quoted comma.
    package static func listElements(_ value: String) -> [Substring] {
        value.split(separator: ",").compactMap { element in
            var element = element
            while element.first == " " || element.first == "\t" { element = element.dropFirst() }
            while element.last == " " || element.last == "\t" { element = element.dropLast() }
            return element.isEmpty ? nil : element
        }
    }
}
