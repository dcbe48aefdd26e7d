/// Writes a QR data bit stream (ISO/IEC 18004 §7.4): fields of up to 16 bits, most
/// significant bit first, then the terminator and padding that fill a symbol's capacity.
/// For ``QRSymbolEncoder`` and the tests, which build streams bit by bit.
package struct QRBitWriter: Sendable {
    /// The bits written, one per entry.
    package private(set) var bits: [Bool] = []

    /// An empty stream.
    package init() {}

    /// Appends the low `count` bits of `value`, most significant first.
    package mutating func write(_ value: Int, bits count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append(value >> shift & 1 == 1) }
    }

    /// The stream as `capacity` data codewords (§7.4.9, §7.4.10): the terminator 0000 (cut
    /// short if the capacity ends sooner), zeros to the next codeword boundary, then the pad
    /// codewords 0xEC, 0x11 alternately. Nil when the bits do not fit.
    package func codewords(capacity: Int) -> [UInt8]? {
        guard bits.count <= capacity * 8 else { return nil }
        var all = bits
        all += [Bool](repeating: false, count: min(4, capacity * 8 - all.count))
        all += [Bool](repeating: false, count: (8 - all.count % 8) % 8)
        var codewords = [UInt8](repeating: 0, count: all.count / 8)
        for (index, bit) in all.enumerated() where bit { codewords[index / 8] |= 0x80 >> UInt8(index % 8) }
        var pad: UInt8 = 0xEC
        while codewords.count < capacity {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }
}
