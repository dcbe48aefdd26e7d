import Testing
@testable import ClawPairWire

@Suite struct QRVersionInformationTests {
    /// ISO/IEC 18004 Annex D, Table D.1: versions 7...40.
    static let tableD1 = [
        0x07C94, 0x085BC, 0x09A99, 0x0A4D3, 0x0BBF6, 0x0C762, 0x0D847, 0x0E60D, 0x0F928, 0x10B78,
        0x1145D, 0x12A17, 0x13532, 0x149A6, 0x15683, 0x168C9, 0x177EC, 0x18EC4, 0x191E1, 0x1AFAB,
        0x1B08E, 0x1CC1A, 0x1D33F, 0x1ED75, 0x1F250, 0x209D5, 0x216F0, 0x228BA, 0x2379F, 0x24B0B,
        0x2542E, 0x26A64, 0x27541, 0x28C69,
    ]

    @Test func codewordsMatchTableD1() {
        #expect(QRVersionInformation.codewords == Self.tableD1)
    }

    /// Every set of at most 3 of the 18 bit positions, as a mask.
    static let flipSets: [Int] = {
        var sets: [Int] = [0]
        for a in 0..<18 {
            sets.append(1 << a)
            for b in (a + 1)..<18 {
                sets.append(1 << a | 1 << b)
                for c in (b + 1)..<18 { sets.append(1 << a | 1 << b | 1 << c) }
            }
        }
        return sets
    }()

    /// Versions 7...40 each decode with 0–3 bits flipped in every combination of positions.
    @Test(arguments: 7...40)
    func decodesWithUpToThreeFlippedBits(version: Int) {
        #expect(Self.flipSets.count == 1 + 18 + 153 + 816)
        let codeword = QRVersionInformation.codeword(version: version)
        for flips in Self.flipSets {
            let (found, distance) = QRVersionInformation.nearest(to: codeword ^ flips)
            guard found == version, distance == flips.nonzeroBitCount else {
                Issue.record("version \(version) with bits \(String(flips, radix: 2)) flipped read as \(found)")
                return
            }
        }
    }

    /// An 18-bit word at least 4 bits from every version codeword.
    static let unreadable: Int = (0..<(1 << 18)).first { QRVersionInformation.nearest(to: $0).distance >= 4 } ?? 0

    @Test func codesAreEightBitsApart() {
        #expect(QRVersionInformation.nearest(to: Self.unreadable).distance >= 4)
        let codes = QRVersionInformation.codewords
        for i in codes.indices {
            for j in codes.indices where i < j { #expect((codes[i] ^ codes[j]).nonzeroBitCount >= 8) }
        }
    }

    /// Both copies, written into a grid, read back; the bottom-left block is the top-right
    /// one's transpose, so a transposed grid still names the same version.
    @Test(arguments: [7, 21, 40])
    func copiesInAGrid(version: Int) throws {
        let size = 17 + 4 * version
        var modules = [Bool](repeating: false, count: size * size)
        QRVersionInformation.write(version: version, into: &modules, size: size)
        let grid = try #require(QRModuleGrid(size: size, modules: modules))
        #expect(QRVersionInformation.read(copy: 0, from: grid) == QRVersionInformation.codeword(version: version))
        #expect(QRVersionInformation.read(copy: 1, from: grid) == QRVersionInformation.codeword(version: version))
        #expect(QRVersionInformation.readableVersions(in: grid) == [version, version])
        #expect(QRVersionInformation.readableVersions(in: grid.transposed) == [version, version])
        let blank = try #require(QRModuleGrid(size: size, modules: [Bool](repeating: false, count: size * size)))
        #expect(QRVersionInformation.readableVersions(in: blank).isEmpty, "all light is no version's code")
    }
}
