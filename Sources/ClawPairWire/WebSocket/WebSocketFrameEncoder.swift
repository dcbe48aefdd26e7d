/// Writes WebSocket frames (RFC 6455 §5.2).
///
/// Lengths use the shortest form (§5.2: "the minimal number of bytes MUST be used"). A frame
/// with a ``WebSocketFrame/maskKey`` is sent masked with it; the caller supplies a fresh
/// random key for every client frame. The encoder does not police the frame: a control
/// frame's payload must be at most 125 bytes and its `fin` set, which
/// ``WebSocketFrame/close(_:maskKey:)`` and a ping of a short payload guarantee.
public enum WebSocketFrameEncoder {
    /// The frame's bytes.
    public static func encode(_ frame: WebSocketFrame) -> [UInt8] {
        var output: [UInt8] = []
        encode(frame, into: &output)
        return output
    }

    /// Appends the frame's bytes to `output`.
    public static func encode(_ frame: WebSocketFrame, into output: inout [UInt8]) {
        output.reserveCapacity(output.count + 14 + frame.payload.count)
        var first = frame.opcode.encodedValue
        if frame.fin { first |= 0x80 }
        if frame.rsv1 { first |= 0x40 }
        if frame.rsv2 { first |= 0x20 }
        if frame.rsv3 { first |= 0x10 }
        output.append(first)
        let maskBit: UInt8 = frame.maskKey == nil ? 0 : 0x80
        let length = frame.payload.count
        switch length {
        case ...125:
            output.append(maskBit | UInt8(length))
        case ...0xFFFF:
            output.append(maskBit | 126)
            output.append(UInt8(truncatingIfNeeded: length >> 8))
            output.append(UInt8(truncatingIfNeeded: length))
        default:
            output.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                output.append(UInt8(truncatingIfNeeded: UInt64(length) >> UInt64(shift)))
            }
        }
        guard let maskKey = frame.maskKey else {
            output += frame.payload
            return
        }
        output += maskKey.bytes
        var masked = frame.payload
        maskKey.apply(to: &masked)
        output += masked
    }
}
