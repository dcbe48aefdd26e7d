import ClawPairKit

/// Compares presented credentials with the configured ones in time that depends only on
/// their lengths, not on where they first differ, so a client cannot learn a password or
/// token byte by byte from response times (the gateway uses `timingSafeEqual` likewise).
enum SimSecretComparison {
    static func equal(_ presented: Secret, _ expected: Secret) -> Bool {
        equal(presented.revealed, expected.revealed)
    }

    static func equal(_ presented: String, _ expected: String) -> Bool {
        let a = Array(presented.utf8)
        let b = Array(expected.utf8)
        // Every byte of the longer one is visited; a length difference is folded in.
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count) | (a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}
