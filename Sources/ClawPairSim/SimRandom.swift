import ClawPairKit

/// Random identifiers and secrets for `clawpair sim`, from the system's cryptographic
/// generator.
enum SimRandom {
    /// 32 random bytes, unpadded base64url: a bootstrap or device token.
    static func token() -> String { Base64URL.encode(bytes(32)) }

    /// A challenge nonce: 16 random bytes, unpadded base64url.
    static func nonce() -> String { Base64URL.encode(bytes(16)) }

    /// A request id shaped like the gateway's (a UUID v4).
    static func requestId() -> String {
        var raw = bytes(16)
        raw[6] = (raw[6] & 0x0F) | 0x40
        raw[8] = (raw[8] & 0x3F) | 0x80
        let hex = raw.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }

    static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in generator.next() }
    }
}
