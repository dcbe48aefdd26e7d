/// A frame's opcode (RFC 6455 §5.2), 4 bits.
///
/// A struct, not an enum: reserved opcodes (3–7, 11–15) stay representable and printable,
/// so a frame that uses one can be reported before the connection is failed.
public struct WebSocketOpcode: Sendable, Hashable {
    private let networkRepresentation: UInt8

    /// The opcode for the low 4 bits of a frame's first byte; nil when `value` does not fit
    /// in 4 bits.
    public init?(encodedWebSocketOpcode value: UInt8) {
        guard value <= 0x0F else { return nil }
        networkRepresentation = value
    }

    private init(_ value: UInt8) { networkRepresentation = value }

    /// The 4-bit value as sent.
    public var encodedValue: UInt8 { networkRepresentation }

    /// 0x0: a continuation of a fragmented message.
    public static let continuation = Self(0x0)
    /// 0x1: a text message (UTF-8).
    public static let text = Self(0x1)
    /// 0x2: a binary message.
    public static let binary = Self(0x2)
    /// 0x8: close.
    public static let connectionClose = Self(0x8)
    /// 0x9: ping.
    public static let ping = Self(0x9)
    /// 0xA: pong.
    public static let pong = Self(0xA)

    /// Control frames have the high bit of the opcode set (§5.5), reserved ones included.
    public var isControl: Bool { networkRepresentation & 0x8 != 0 }

    /// True for opcodes RFC 6455 reserves for future use: 0x3–0x7 and 0xB–0xF.
    public var isReserved: Bool {
        switch networkRepresentation {
        case 0x0, 0x1, 0x2, 0x8, 0x9, 0xA: false
        default: true
        }
    }
}

extension WebSocketOpcode: CustomStringConvertible {
    public var description: String {
        switch networkRepresentation {
        case 0x0: "continuation"
        case 0x1: "text"
        case 0x2: "binary"
        case 0x8: "close"
        case 0x9: "ping"
        case 0xA: "pong"
        default: "reserved(0x\(String(networkRepresentation, radix: 16, uppercase: true)))"
        }
    }
}
