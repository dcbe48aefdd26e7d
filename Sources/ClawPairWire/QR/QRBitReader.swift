/// Reads a QR data bit stream (ISO/IEC 18004 §7.4.10): the data codewords, most significant
/// bit first, as fields of up to 16 bits.
package struct QRBitReader {
    private let bytes: [UInt8]
    /// Bits read so far.
    package private(set) var position = 0

    /// A reader at the first bit of `bytes`.
    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Bits left to read.
    package var remaining: Int { bytes.count * 8 - position }

    /// The next `count` bits (0...16) as an unsigned number, first bit most significant.
    ///
    /// - Precondition: `count <= remaining` (the parser checks a whole segment's length
    ///   first, so a malformed stream is an error, never a trap).
    package mutating func read(_ count: Int) -> Int {
        precondition(count >= 0 && count <= 16 && count <= remaining, "reading past the QR data bits")
        var value = 0
        var needed = count
        while needed > 0 {
            let byte = Int(bytes[position >> 3])
            let available = 8 - (position & 7)
            let taken = min(available, needed)
            value = value << taken | (byte >> (available - taken)) & ((1 << taken) - 1)
            position += taken
            needed -= taken
        }
        return value
    }

    /// Whether every bit left is the pad sequence 11101100 00010001 … of §7.4.10, starting at
    /// a codeword boundary.
    package var restIsPadding: Bool {
        guard position & 7 == 0 else { return false }
        var pad: UInt8 = 0xEC
        for index in (position >> 3)..<bytes.count {
            guard bytes[index] == pad else { return false }
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return true
    }
}
