/// Base64 in exactly one of RFC 4648's forms, as Access fields must be: unlike
/// ``Base64URL/decode(_:)`` (which forgives retyped setup codes), the other alphabet or the
/// wrong padding is an error, so a tampered or mislabelled field is not silently accepted.
public enum StrictBase64 {
    public enum Form: Sendable {
        /// §4, `+/`, `=` padded: the transfer body.
        case standardPadded
        /// §5, `-_`, `=` padded: the X25519 keys of the session transfer.
        case urlPadded
        /// §5, `-_`, no padding: the parts of a JWT (RFC 7515 §2).
        case urlUnpadded
    }

    /// The bytes of `text` in `form`; nil for any other character, padding or length.
    public static func decode(_ text: some StringProtocol, _ form: Form) -> [UInt8]? {
        let bytes = Array(text.utf8)
        let (extra62, extra63): (UInt8, UInt8) = form == .standardPadded ? (0x2B, 0x2F) : (0x2D, 0x5F)
        let padding = bytes.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        switch form {
        case .standardPadded, .urlPadded:
            guard bytes.count % 4 == 0, padding <= 2 else { return nil }
        case .urlUnpadded:
            guard padding == 0, bytes.count % 4 != 1 else { return nil }
        }
        let body = bytes.dropLast(padding)
        guard body.allSatisfy({ isAlphanumeric($0) || $0 == extra62 || $0 == extra63 }) else { return nil }
        return Base64URL.decode(Substring(String(decoding: body, as: UTF8.self)))
    }

    /// `bytes` in `form`.
    public static func encode(_ bytes: [UInt8], _ form: Form) -> String {
        let url = Base64URL.encode(bytes)
        switch form {
        case .urlUnpadded: return url
        case .urlPadded: return url + padding(url)
        case .standardPadded: return String(url.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 }) + padding(url)
        }
    }

    private static func padding(_ unpadded: String) -> String {
        String(repeating: "=", count: (4 - unpadded.utf8.count % 4) % 4)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
    }
}
