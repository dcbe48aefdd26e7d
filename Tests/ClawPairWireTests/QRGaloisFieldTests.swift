import ClawPairTestSupport
import Testing
@testable import ClawPairWire

@Suite struct QRGaloisFieldTests {
    /// Carry-less multiplication reduced modulo 0x11D, bit by bit: the field's definition,
    /// independent of the log tables.
    static func slowMultiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var product = 0
        var a = Int(a)
        var b = Int(b)
        while b != 0 {
            if b & 1 != 0 { product ^= a }
            a <<= 1
            if a & 0x100 != 0 { a ^= 0x11D }
            b >>= 1
        }
        return UInt8(product)
    }

    @Test func tablesAreInverseAndAlphaGeneratesTheGroup() {
        var seen = Set<UInt8>()
        for power in 0..<255 {
            let value = QRGaloisField.exp[power]
            seen.insert(value)
            #expect(QRGaloisField.log[Int(value)] == UInt8(power))
            #expect(QRGaloisField.exp[power + 255] == value, "the doubled half")
        }
        #expect(seen.count == 255 && !seen.contains(0))
        #expect(QRGaloisField.power(255) == 1 && QRGaloisField.power(-1) == QRGaloisField.exp[254])
        // α⁸ = α⁴ + α³ + α² + 1.
        #expect(QRGaloisField.exp[8] == 0x1D)
    }

    @Test func multiplicationMatchesTheDefinition() {
        for a in 0...255 {
            for b in 0...255 {
                let product = QRGaloisField.multiply(UInt8(a), UInt8(b))
                guard product == Self.slowMultiply(UInt8(a), UInt8(b)) else {
                    Issue.record("\(a) · \(b)")
                    return
                }
                if b != 0 { #expect(QRGaloisField.divide(product, UInt8(b)) == UInt8(a)) }
            }
        }
    }

    @Test func powerProductsMultiplyByPowersOfAlpha() {
        for power in 0..<QRGaloisField.maximumParityCodewords {
            for x in 0...255 {
                #expect(QRGaloisField.powerProducts[power * 256 + x] == Self.slowMultiply(UInt8(x), QRGaloisField.power(power)))
            }
        }
    }
}
