@testable import ClawPairWire

/// The examples of RFC 6455 §5.7, byte for byte.
enum WebSocketFixtures {
    static let hello = Array("Hello".utf8)
    static let rfcKey = WebSocketMaskKey([0x37, 0xFA, 0x21, 0x3D])!

    /// A single-frame unmasked text message.
    static let unmaskedHello: [UInt8] = [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F]
    /// A single-frame masked text message.
    static let maskedHello: [UInt8] = [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]
    /// A fragmented unmasked text message: "Hel", then "lo".
    static let fragmentedHello: [[UInt8]] = [[0x01, 0x03, 0x48, 0x65, 0x6C], [0x80, 0x02, 0x6C, 0x6F]]
    /// An unmasked ping whose payload is "Hello".
    static let unmaskedPing: [UInt8] = [0x89, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F]
    /// A masked pong answering it.
    static let maskedPong: [UInt8] = [0x8A, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]

    /// 256 bytes of binary data in one unmasked frame: the 16-bit length form.
    static let binary256Payload = (0..<256).map { UInt8(truncatingIfNeeded: $0) }
    static let binary256: [UInt8] = [0x82, 0x7E, 0x01, 0x00] + binary256Payload
    /// 64 KiB of binary data in one unmasked frame: the 64-bit length form.
    static let binary64KiBPayload = (0..<65536).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    static let binary64KiB: [UInt8] = [0x82, 0x7F, 0, 0, 0, 0, 0, 0x01, 0x00, 0x00] + binary64KiBPayload
}
