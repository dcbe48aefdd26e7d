/// Arithmetic in GF(2⁸) as QR codes use it (ISO/IEC 18004 §7.5.2): bytes are polynomials over
/// GF(2) reduced modulo the primitive polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D), and α = 2
/// generates the multiplicative group.
///
/// Multiplication goes through logarithm tables, so it costs two loads and an add; hot loops
/// take the tables into locals once rather than touching the `static let`s per byte.
package enum QRGaloisField {
    /// The field's primitive polynomial, x⁸ + x⁴ + x³ + x² + 1 (ISO/IEC 18004 §7.5.2).
    package static let primitivePolynomial = 0x11D

    /// αⁱ for i in 0..<510: the powers of α built by repeated doubling modulo
    /// ``primitivePolynomial``, written out twice so that `exp[log a + log b]` needs no
    /// `% 255` (the sum of two logarithms is at most 508).
    package static let exp: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 510)
        var value = 1
        for power in 0..<255 {
            table[power] = UInt8(value)
            table[power + 255] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= primitivePolynomial }
        }
        return table
    }()

    /// logₐ(x) for x in 1...255, the inverse of ``exp`` (entry 0 is unused: 0 has no
    /// logarithm, and every caller checks for it first).
    package static let log: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for power in 0..<255 { table[Int(exp[power])] = UInt8(power) }
        return table
    }()

    /// The most parity codewords a QR block has (ISO/IEC 18004 Table 9): the syndromes
    /// needed are r(α⁰) … r(α²⁹).
    package static let maximumParityCodewords = 30

    /// x · αʲ for j in 0..<``maximumParityCodewords`` and every byte x, row j starting at
    /// j · 256 (built from ``exp`` and ``log``): the syndrome loop multiplies by a fixed power
    /// of α with one load instead of two and a zero test.
    package static let powerProducts: [UInt8] = {
        var table = [UInt8](repeating: 0, count: maximumParityCodewords * 256)
        for power in 0..<maximumParityCodewords {
            for x in 1..<256 { table[power * 256 + x] = exp[Int(log[x]) + power] }
        }
        return table
    }()

    /// a · b.
    @inline(__always)
    package static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return exp[Int(log[Int(a)]) + Int(log[Int(b)])]
    }

    /// a / b; `b` must not be 0.
    @inline(__always)
    package static func divide(_ a: UInt8, _ b: UInt8) -> UInt8 {
        precondition(b != 0, "division by zero in GF(256)")
        if a == 0 { return 0 }
        return exp[Int(log[Int(a)]) + 255 - Int(log[Int(b)])]
    }

    /// αⁿ for any integer n (negative powers too: α²⁵⁵ = 1).
    @inline(__always)
    package static func power(_ n: Int) -> UInt8 {
        let reduced = n % 255
        return exp[reduced < 0 ? reduced + 255 : reduced]
    }
}
