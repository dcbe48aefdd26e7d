import ClawPairTestSupport
import Testing
@testable import ClawPairWire

@Suite struct QRSymbolDecoderTests {
    // MARK: Symbols drawn by qrencode

    @Test(arguments: QRGridFixtures.all)
    func decodesQrencodeSymbols(fixture: QRGridFixture) throws {
        let grid = fixture.grid
        #expect(grid.size == 17 + 4 * fixture.version)
        let symbol = try QRSymbolDecoder.decode(grid)
        #expect(symbol.payload == fixture.payload)
        #expect(symbol.version == fixture.version)
        #expect(symbol.errorCorrection == fixture.errorCorrection)
        #expect((0...7).contains(symbol.mask))
        #expect(symbol.correctedCodewords == 0)
        #expect(QRFormatInformation.candidates(in: grid) == [QRFormatInformation(errorCorrection: symbol.errorCorrection, mask: symbol.mask)])
    }

    /// A mirrored code samples as the transposed grid: the decoder does not un-mirror it (the
    /// caller tries `transposed`), and transposing twice is the identity.
    @Test(arguments: QRGridFixtures.all + [QRGridFixtures.kanji])
    func transposedSymbolsDoNotDecode(fixture: QRGridFixture) {
        let grid = fixture.grid
        #expect(grid.transposed.transposed == grid)
        #expect(grid.transposed != grid)
        #expect(throws: QRDecodeError.self) { try QRSymbolDecoder.decode(grid.transposed) }
    }

    @Test func kanjiIsLeftToZbar() {
        #expect(throws: QRDecodeError(.unsupportedSegment, "")) { try QRSymbolDecoder.decode(QRGridFixtures.kanji.grid) }
    }

    // MARK: Symbols drawn from codewords

    /// ISO/IEC 18004 Annex I's data codewords, drawn as a 1-M symbol with mask 010: "01234567".
    @Test func annexISymbol() throws {
        let grid = QRSymbolEncoder.grid(dataCodewords: QRReedSolomonTests.annexIData, version: 1, errorCorrection: .medium, mask: 2)
        let symbol = try QRSymbolDecoder.decode(grid)
        #expect(symbol == QRDecodedSymbol(version: 1, errorCorrection: .medium, mask: 2, payload: Array("01234567".utf8), correctedCodewords: 0))
    }

    /// Every version at every level, the masks in turn, filled to capacity with seeded bytes.
    @Test(arguments: QRErrorCorrection.allCases)
    func everyVersionRoundTrips(level: QRErrorCorrection) throws {
        var random = SplitMix64(seed: UInt64(level.tableIndex) + 40)
        for version in 1...40 {
            let layout = QRBlockLayout(version: version, errorCorrection: level)
            let capacity = (layout.dataCodewordCount * 8 - 4 - (version <= 9 ? 8 : 16)) / 8
            let payload = (0..<capacity).map { _ in UInt8.random(in: 0...255, using: &random) }
            let data = try #require(QRSymbolEncoder.byteModeCodewords(payload, version: version, errorCorrection: level))
            let mask = version % 8
            let symbol = try QRSymbolDecoder.decode(QRSymbolEncoder.grid(dataCodewords: data, version: version, errorCorrection: level, mask: mask))
            #expect(symbol == QRDecodedSymbol(version: version, errorCorrection: level, mask: mask, payload: payload, correctedCodewords: 0), "\(version)-\(level)")
        }
    }

    static func symbol(_ text: String, version: Int, level: QRErrorCorrection, mask: Int = 3) throws -> [Bool] {
        let data = try #require(QRSymbolEncoder.byteModeCodewords(Array(text.utf8), version: version, errorCorrection: level))
        return QRSymbolEncoder.grid(dataCodewords: data, version: version, errorCorrection: level, mask: mask).modules
    }

    static func decode(_ modules: [Bool]) throws -> QRDecodedSymbol {
        let size = Int(Double(modules.count).squareRoot())
        return try QRSymbolDecoder.decode(try #require(QRModuleGrid(size: size, modules: modules)))
    }

    // MARK: Damage

    /// The eight modules of an interleaved codeword, from the placement order.
    static func modules(ofCodeword codeword: Int, in placement: [Int]) -> ArraySlice<Int> {
        placement[(codeword * 8)..<(codeword * 8 + 8)]
    }

    /// Up to the correctable number of whole codewords per block, in every block, are
    /// corrected and counted; one more in a single block is refused.
    @Test(arguments: [(1, QRErrorCorrection.low), (2, .low), (5, .quartile), (10, .medium), (22, .high), (40, .low)])
    func correctsDamagedCodewords(version: Int, level: QRErrorCorrection) throws {
        var random = SplitMix64(seed: UInt64(version * 4 + level.tableIndex))
        let clean = try Self.symbol("fixable", version: version, level: level)
        let blocks = QRBlockLayout(version: version, errorCorrection: level)
        let placement = QRSymbolLayout(version: version).dataModules
        var damaged = clean
        var flipped = 0
        for block in 0..<blocks.blockCount {
            let count = Int.random(in: 0...blocks.correctableCodewordsPerBlock, using: &random)
            for codeword in Array(0..<blocks.codewordCount(inBlock: block)).shuffled(using: &random).prefix(count) {
                for module in Self.modules(ofCodeword: blocks.interleavedIndex(block: block, codeword: codeword), in: placement) { damaged[module].toggle() }
                flipped += 1
            }
        }
        let symbol = try Self.decode(damaged)
        #expect(symbol.payload == Array("fixable".utf8))
        #expect(symbol.correctedCodewords == flipped)

        var tooMuch = clean
        for codeword in 0...blocks.correctableCodewordsPerBlock {
            for module in Self.modules(ofCodeword: blocks.interleavedIndex(block: 0, codeword: codeword), in: placement) { tooMuch[module].toggle() }
        }
        #expect(throws: QRDecodeError(.tooManyErrors, "")) { try Self.decode(tooMuch) }
    }

    /// Format information: 3 bit errors in each copy are read through; a copy complemented
    /// whole (which reads as another valid code) loses to the other; neither copy readable
    /// is formatUnreadable.
    ///
    /// (A copy misread as a *lower* level of a one-block version may still decode the right
    /// payload: that block's parity polynomial is a multiple of the lower level's, so the
    /// damage tests here keep every copy 4 or more bits from every code.)
    @Test func damagedFormatInformation() throws {
        let clean = try Self.symbol("format", version: 2, level: .high, mask: 6)
        let size = 25
        func flip(_ modules: inout [Bool], copy: Int, bits: [Int]) {
            for bit in bits {
                let (row, column) = QRFormatInformation.position(copy: copy, bit: bit, size: size)
                modules[row * size + column].toggle()
            }
        }
        var threeEach = clean
        flip(&threeEach, copy: 0, bits: [0, 7, 14])
        flip(&threeEach, copy: 1, bits: [1, 8, 13])
        #expect(try Self.decode(threeEach).mask == 6)

        for copy in 0..<2 {
            var complemented = clean
            flip(&complemented, copy: copy, bits: Array(0..<15))
            let symbol = try Self.decode(complemented)
            #expect(symbol.errorCorrection == .high && symbol.mask == 6 && symbol.payload == Array("format".utf8), "copy \(copy)")
        }

        var unreadable = clean
        for copy in 0..<2 {
            for bit in 0..<15 {
                let (row, column) = QRFormatInformation.position(copy: copy, bit: bit, size: size)
                unreadable[row * size + column] = QRFormatInformationTests.unreadable & (1 << bit) != 0
            }
        }
        #expect(throws: QRDecodeError(.formatUnreadable, "")) { try Self.decode(unreadable) }
        #expect(throws: QRDecodeError(.formatUnreadable, "")) { try Self.decode([Bool](repeating: false, count: 21 * 21)) }
    }

    /// Version information must agree with the size when either copy is readable; when
    /// neither is, the size stands.
    @Test func versionInformation() throws {
        let clean = try Self.symbol("version", version: 7, level: .medium)
        let size = 45
        func write(_ bits: Int, copy: Int, into modules: inout [Bool]) {
            for bit in 0..<18 {
                let (row, column) = QRVersionInformation.position(copy: copy, bit: bit, size: size)
                modules[row * size + column] = bits & (1 << bit) != 0
            }
        }
        let eight = QRVersionInformation.codeword(version: 8)
        var wrong = clean
        write(eight, copy: 0, into: &wrong)
        write(eight, copy: 1, into: &wrong)
        let mismatch = try #require(throws: QRDecodeError.self) { try Self.decode(wrong) }
        #expect(mismatch.code == .versionMismatch)
        #expect(mismatch.namedVersion == 8, "a reader samples again at the named version")
        // One copy names 8 within 3 bits, the other one is unreadable: still a mismatch.
        write(QRVersionInformationTests.unreadable, copy: 1, into: &wrong)
        #expect(throws: QRDecodeError(.versionMismatch, "")) { try Self.decode(wrong) }

        var oneReadable = clean
        write(eight, copy: 0, into: &oneReadable)
        #expect(try Self.decode(oneReadable).version == 7, "the other copy names 7")
        var noneReadable = clean
        write(QRVersionInformationTests.unreadable, copy: 0, into: &noneReadable)
        write(QRVersionInformationTests.unreadable, copy: 1, into: &noneReadable)
        #expect(try Self.decode(noneReadable).payload == Array("version".utf8))
        var threeBitsOff = clean
        write(QRVersionInformation.codeword(version: 7) ^ 0b1_0000_0001_0000_0001, copy: 0, into: &threeBitsOff)
        write(QRVersionInformation.codeword(version: 7) ^ 0b11_1000_0000_0000_0000, copy: 1, into: &threeBitsOff)
        #expect(try Self.decode(threeBitsOff).version == 7)
    }

    /// A clean symbol whose bit stream is malformed: invalidSegments after correction.
    @Test func malformedStreamInACleanSymbol() throws {
        var data = [UInt8](repeating: 0xEC, count: QRBlockLayout(version: 1, errorCorrection: .low).dataCodewordCount)
        data[0] = 0x60   // mode 0110
        let grid = QRSymbolEncoder.grid(dataCodewords: data, version: 1, errorCorrection: .low, mask: 0)
        #expect(throws: QRDecodeError(.invalidSegments, "")) { try QRSymbolDecoder.decode(grid) }
    }

    @Test func errorsDescribeThemselves() {
        let error = QRDecodeError(.tooManyErrors, "a block of 26 codewords has more than 2 errors")
        #expect(error.description == "tooManyErrors: a block of 26 codewords has more than 2 errors")
        #expect(error.location.hasPrefix("ClawPairWireTests/QRSymbolDecoderTests.swift:"))
    }
}
