/// The 4-byte masking key of a client-to-server frame (RFC 6455 §5.3).
///
/// The client must pick a fresh, unpredictable key per frame; this type takes the key from
/// the caller, so the randomness source is injected and tests are deterministic.
public struct WebSocketMaskKey: Sendable, Hashable {
    private let b0: UInt8
    private let b1: UInt8
    private let b2: UInt8
    private let b3: UInt8

    /// A key from exactly four bytes; nil for any other count.
    public init?(_ bytes: some Collection<UInt8>) {
        guard bytes.count == 4 else { return nil }
        var iterator = bytes.makeIterator()
        guard let b0 = iterator.next(), let b1 = iterator.next(), let b2 = iterator.next(), let b3 = iterator.next() else {
            return nil
        }
        (self.b0, self.b1, self.b2, self.b3) = (b0, b1, b2, b3)
    }

    /// A key from a 32-bit value, most significant byte first (as sent).
    public init(_ value: UInt32) {
        b0 = UInt8(truncatingIfNeeded: value >> 24)
        b1 = UInt8(truncatingIfNeeded: value >> 16)
        b2 = UInt8(truncatingIfNeeded: value >> 8)
        b3 = UInt8(truncatingIfNeeded: value)
    }

    /// The key's four bytes, as sent.
    public var bytes: [UInt8] { [b0, b1, b2, b3] }

    /// Masks or unmasks `payload` in place: the same operation both ways (§5.3, XOR with
    /// byte `i mod 4` of the key).
    public func apply(to payload: inout [UInt8]) {
        let key = (b0, b1, b2, b3)
        payload.withUnsafeMutableBufferPointer { buffer in
            var index = 0
            while index + 4 <= buffer.count {
                buffer[index] ^= key.0
                buffer[index + 1] ^= key.1
                buffer[index + 2] ^= key.2
                buffer[index + 3] ^= key.3
                index += 4
            }
            var keyIndex = 0
            while index < buffer.count {
                buffer[index] ^= keyIndex == 0 ? key.0 : keyIndex == 1 ? key.1 : key.2
                index += 1
                keyIndex += 1
            }
        }
    }
}

extension WebSocketMaskKey: CustomStringConvertible {
    public var description: String {
        bytes.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
    }
}
