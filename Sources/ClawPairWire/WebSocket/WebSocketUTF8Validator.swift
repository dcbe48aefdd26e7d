/// Checks UTF-8 a fragment at a time, so a text message split across frames (even inside a
/// character) is validated as it arrives and fails at the first bad byte (RFC 6455 §8.1).
///
/// The well-formed sequences of Unicode Table 3-7: no overlong forms, no surrogates, nothing
/// past U+10FFFF.
struct WebSocketUTF8Validator: Sendable {
    /// Continuation bytes still expected for the current character.
    private var needed = 0
    /// Bounds for the next continuation byte; narrower than 0x80–0xBF right after E0, ED,
    /// F0 and F4, which is how overlongs, surrogates and too-large values are excluded.
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF
    private var failed = false

    /// Checks the next bytes; false once any byte so far was invalid.
    mutating func validate(_ bytes: some Sequence<UInt8>) -> Bool {
        guard !failed else { return false }
        for byte in bytes {
            if needed == 0 {
                switch byte {
                case 0x00...0x7F: continue
                case 0xC2...0xDF: (needed, lower, upper) = (1, 0x80, 0xBF)
                case 0xE0: (needed, lower, upper) = (2, 0xA0, 0xBF)
                case 0xE1...0xEC, 0xEE...0xEF: (needed, lower, upper) = (2, 0x80, 0xBF)
                case 0xED: (needed, lower, upper) = (2, 0x80, 0x9F)
                case 0xF0: (needed, lower, upper) = (3, 0x90, 0xBF)
                case 0xF1...0xF3: (needed, lower, upper) = (3, 0x80, 0xBF)
                case 0xF4: (needed, lower, upper) = (3, 0x80, 0x8F)
                default:
                    failed = true
                    return false
                }
            } else {
                guard byte >= lower, byte <= upper else {
                    failed = true
                    return false
                }
                (needed, lower, upper) = (needed - 1, 0x80, 0xBF)
            }
        }
        return true
    }

    /// True when everything validated so far ends on a character boundary.
    var isComplete: Bool { !failed && needed == 0 }

    /// True when `bytes` are entirely valid UTF-8.
    static func isValid(_ bytes: some Sequence<UInt8>) -> Bool {
        var validator = WebSocketUTF8Validator()
        return validator.validate(bytes) && validator.isComplete
    }
}
