import ClawPairTestSupport
import Testing
@testable import ClawPairWire

@Suite struct QRReedSolomonTests {
    /// ISO/IEC 18004 Annex I: "01234567" as a version 1-M symbol.
    static let annexIData: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
    static let annexIParity: [UInt8] = [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55]

    @Test func annexIKnownAnswer() throws {
        #expect(QRReedSolomon.parity(for: Self.annexIData, count: 10) == Self.annexIParity)
        var block = Self.annexIData + Self.annexIParity
        #expect(try QRReedSolomon.correct(&block, block: 0..<26, parityCount: 10, maximumErrors: 4) == 0)
    }

    /// The generator polynomials of ISO/IEC 18004 Annex A, as exponents of α after the leading x^n.
    @Test(arguments: [
        (7, [87, 229, 146, 149, 238, 102, 21]),
        (10, [251, 67, 46, 61, 118, 70, 64, 94, 32, 45]),
    ])
    func generatorMatchesAnnexA(degree: Int, exponents: [Int]) {
        #expect(QRReedSolomon.generator(degree: degree) == [1] + exponents.map { QRGaloisField.power($0) })
    }

    static func randomBlock(parityCount: Int, dataCount: Int, using random: inout SplitMix64) -> [UInt8] {
        let data = (0..<dataCount).map { _ in UInt8.random(in: 0...255, using: &random) }
        return data + QRReedSolomon.parity(for: data, count: parityCount)
    }

    /// Damages `count` distinct random codewords of `block` with non-zero error values.
    static func damage(_ block: inout [UInt8], count: Int, using random: inout SplitMix64) {
        for index in Array(block.indices).shuffled(using: &random).prefix(count) {
            block[index] ^= UInt8.random(in: 1...255, using: &random)
        }
    }

    /// Up to t = ⌊n/2⌋ errors anywhere in the block (data or parity) are corrected, and the
    /// count reported; block lengths from a codeword more than the parity to QR's longest.
    @Test(arguments: [7, 10, 13, 16, 17, 18, 20, 22, 24, 26, 28, 30])
    func correctsUpToHalfTheParity(parityCount: Int) throws {
        var random = SplitMix64(seed: UInt64(parityCount))
        for round in 0..<40 {
            let clean = Self.randomBlock(parityCount: parityCount, dataCount: Int.random(in: 1...123, using: &random), using: &random)
            let errors = round % (parityCount / 2 + 1)
            var block = clean
            Self.damage(&block, count: errors, using: &random)
            let corrected = try QRReedSolomon.correct(&block, block: 0..<block.count, parityCount: parityCount, maximumErrors: parityCount / 2)
            #expect(corrected == errors)
            #expect(block == clean, "round \(round): \(errors) errors")
        }
    }

    /// More errors than t: refused, never "corrected" into other data (seeds fixed, so this
    /// is deterministic; with n ≥ 10 a miscorrection is astronomically unlikely anyway).
    @Test(arguments: [10, 16, 22, 26, 30])
    func refusesMoreThanHalfTheParity(parityCount: Int) {
        var random = SplitMix64(seed: 0xBAD + UInt64(parityCount))
        for round in 0..<40 {
            let clean = Self.randomBlock(parityCount: parityCount, dataCount: Int.random(in: 1...123, using: &random), using: &random)
            var block = clean
            Self.damage(&block, count: parityCount / 2 + 1 + round % 4, using: &random)
            #expect(throws: QRDecodeError(.tooManyErrors, "")) {
                try QRReedSolomon.correct(&block, block: 0..<block.count, parityCount: parityCount, maximumErrors: parityCount / 2)
            }
        }
    }

    /// A smaller limit (the misdecode-protection codewords of versions 1–3) is kept.
    @Test func keepsTheGivenLimit() throws {
        var random = SplitMix64(seed: 3)
        let clean = Self.randomBlock(parityCount: 7, dataCount: 19, using: &random)
        var block = clean
        Self.damage(&block, count: 2, using: &random)
        #expect(try QRReedSolomon.correct(&block, block: 0..<26, parityCount: 7, maximumErrors: 2) == 2)
        #expect(block == clean)
        Self.damage(&block, count: 3, using: &random)
        #expect(throws: QRDecodeError(.tooManyErrors, "")) {
            try QRReedSolomon.correct(&block, block: 0..<26, parityCount: 7, maximumErrors: 2)
        }
    }

    /// Only the given range is read and changed: blocks sit side by side in one buffer.
    @Test func correctsOneBlockInPlace() throws {
        var random = SplitMix64(seed: 5)
        let first = Self.randomBlock(parityCount: 10, dataCount: 16, using: &random)
        let second = Self.randomBlock(parityCount: 10, dataCount: 17, using: &random)
        var buffer = first + second
        buffer[30] ^= 0xFF
        buffer[40] ^= 0x01
        buffer[3] ^= 0x80
        #expect(try QRReedSolomon.correct(&buffer, block: 26..<53, parityCount: 10, maximumErrors: 5) == 2)
        #expect(Array(buffer[26...]) == second)
        #expect(buffer[3] == first[3] ^ 0x80, "the first block is left alone")
    }
}
