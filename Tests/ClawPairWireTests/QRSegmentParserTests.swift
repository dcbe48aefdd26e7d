import Testing
@testable import ClawPairWire

@Suite struct QRSegmentParserTests {
    /// ISO/IEC 18004 Table 3, written out again: character-count bits of (numeric,
    /// alphanumeric, byte) per version range.
    static func countBits(_ version: Int) -> (numeric: Int, alphanumeric: Int, byte: Int) {
        switch version {
        case 1...9: (10, 9, 8)
        case 10...26: (12, 11, 16)
        default: (14, 13, 16)
        }
    }

    /// A stream of `bits` padded to the data capacity of `version`-`level`.
    static func codewords(_ build: (inout QRBitWriter) -> Void, version: Int = 1, level: QRErrorCorrection = .low) throws -> [UInt8] {
        var writer = QRBitWriter()
        build(&writer)
        return try #require(writer.codewords(capacity: QRBlockLayout(version: version, errorCorrection: level).dataCodewordCount))
    }

    static func parse(_ build: (inout QRBitWriter) -> Void, version: Int = 1) throws -> String {
        let payload = try QRSegmentParser.payload(of: codewords(build, version: version), version: version)
        return String(decoding: payload, as: UTF8.self)
    }

    /// ISO/IEC 18004 Annex I: "01234567" is 0001, count 0000001000, then 012, 345 and 67 in
    /// 10, 10 and 7 bits: 10 20 0C 56 61 80, a terminator, and the pad codewords.
    @Test func annexIStream() throws {
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        #expect(try QRSegmentParser.payload(of: data, version: 1) == Array("01234567".utf8))
        var writer = QRBitWriter()
        writer.write(0b0001, bits: 4)
        writer.write(8, bits: 10)
        for (group, bits) in [(12, 10), (345, 10), (67, 7)] { writer.write(group, bits: bits) }
        #expect(writer.codewords(capacity: 16) == data)
    }

    @Test(arguments: [("1234", [123], 4), ("12345", [123], 45), ("123456", [123, 456], -1), ("7", [], 7), ("00", [], 0)])
    func numericRemainders(text: String, groups: [Int], last: Int) throws {
        let parsed = try Self.parse { writer in
            writer.write(0b0001, bits: 4)
            writer.write(text.count, bits: 10)
            for group in groups { writer.write(group, bits: 10) }
            switch text.count % 3 {
            case 1: writer.write(last, bits: 4)
            case 2: writer.write(last, bits: 7)
            default: break
            }
        }
        #expect(parsed == text)
    }

    @Test func alphanumericOddCount() throws {
        // "AC-42": (A, C) = 10·45 + 12 = 462, (-, 4) = 41·45 + 4 = 1849, 2 alone.
        let parsed = try Self.parse { writer in
            writer.write(0b0010, bits: 4)
            writer.write(5, bits: 9)
            writer.write(462, bits: 11)
            writer.write(1849, bits: 11)
            writer.write(2, bits: 6)
        }
        #expect(parsed == "AC-42")
        let extremes = try Self.parse { writer in
            writer.write(0b0010, bits: 4)
            writer.write(3, bits: 9)
            writer.write(2024, bits: 11)   // "::"
            writer.write(36, bits: 6)      // " "
        }
        #expect(extremes == ":: ")
    }

    /// Count fields: numeric 10/12/14, alphanumeric 9/11/13, byte 8/16/16 bits in versions
    /// 1–9, 10–26, 27–40 (Table 3), checked at each range's edges.
    @Test(arguments: [1, 9, 10, 26, 27, 40])
    func countFieldWidthsByVersion(version: Int) throws {
        let bits = Self.countBits(version)
        let parsed = try Self.parse({ writer in
            writer.write(0b0100, bits: 4)
            writer.write(3, bits: bits.byte)
            for byte in "a\u{7F}z".utf8 { writer.write(Int(byte), bits: 8) }
            writer.write(0b0001, bits: 4)
            writer.write(2, bits: bits.numeric)
            writer.write(42, bits: 7)
            writer.write(0b0010, bits: 4)
            writer.write(1, bits: bits.alphanumeric)
            writer.write(43, bits: 6)   // "/"
        }, version: version)
        #expect(parsed == "a\u{7F}z42/")
    }

    /// Byte segments keep every byte value as it is: no charset conversion.
    @Test func bytesAreRaw() throws {
        let bytes: [UInt8] = [0x00, 0xFF, 0xC3, 0x28, 0x0A, 0x80]
        let codewords = try Self.codewords { writer in
            writer.write(0b0100, bits: 4)
            writer.write(bytes.count, bits: 8)
            for byte in bytes { writer.write(Int(byte), bits: 8) }
        }
        #expect(try QRSegmentParser.payload(of: codewords, version: 1) == bytes)
    }

    /// A stream ending 0, 1, 2 or 3 bits before the capacity has its terminator cut short
    /// (or none at all); each parses. Version 1-L holds 152 bits.
    @Test func terminatorCutShortAtCapacity() throws {
        var reached = Set<Int>()
        // A byte segment of n bytes (12 + 8n bits) and a numeric one of d digits.
        for bytes in 0...17 {
            for digits in 0...30 {
                let numericBits = 14 + 10 * (digits / 3) + [0, 4, 7][digits % 3]
                let left = 152 - (12 + 8 * bytes) - numericBits
                guard (0...3).contains(left), !reached.contains(left) else { continue }
                reached.insert(left)
                let text = String((0..<digits).map { Character(String($0 % 10)) })
                let parsed = try Self.parse { writer in
                    writer.write(0b0100, bits: 4)
                    writer.write(bytes, bits: 8)
                    for _ in 0..<bytes { writer.write(Int(UInt8(ascii: "b")), bits: 8) }
                    writer.write(0b0001, bits: 4)
                    writer.write(digits, bits: 10)
                    var index = 0
                    while index < digits {
                        let group = min(3, digits - index)
                        writer.write(Int(text.dropFirst(index).prefix(group))!, bits: [0, 4, 7, 10][group])
                        index += group
                    }
                }
                #expect(parsed == String(repeating: "b", count: bytes) + text, "\(left) bits left")
            }
        }
        #expect(reached == [0, 1, 2, 3])
    }

    /// What follows the terminator is not read; pad codewords right after a segment end the
    /// stream too; an empty stream is an empty payload.
    @Test func endsOfTheStream() throws {
        let afterTerminator = try QRSegmentParser.payload(of: [0x40, 0x14, 0x10, 0x0F, 0xFF, 0xFF], version: 1)
        #expect(afterTerminator == [0x41])
        // 0001 0000000011 0001111011 ("123", 24 bits), then the pads with no terminator.
        let padded = try QRSegmentParser.payload(of: [0x10, 0x0C, 0x7B, 0xEC, 0x11, 0xEC], version: 1)
        #expect(padded == Array("123".utf8))
        #expect(try QRSegmentParser.payload(of: [0xEC, 0x11, 0xEC], version: 1).isEmpty)
        #expect(try QRSegmentParser.payload(of: [0x00, 0xEC], version: 1).isEmpty)
        #expect(try QRSegmentParser.payload(of: [], version: 1).isEmpty)
        // Pad codewords that do not start at a codeword boundary are no padding: after one
        // digit (18 bits) 0xEC reads as mode 1110.
        var writer = QRBitWriter()
        writer.write(0b0001, bits: 4)
        writer.write(1, bits: 10)
        writer.write(7, bits: 4)
        writer.write(0xEC11, bits: 16)
        let misplaced = try #require(writer.codewords(capacity: 5))
        #expect(throws: QRDecodeError(.invalidSegments, "")) { try QRSegmentParser.payload(of: misplaced, version: 1) }
    }

    @Test(arguments: [
        ("unknown mode 0110", [0x60]),
        ("unknown mode 1111", [0xF0]),
        ("byte count 3 with 1 byte left", [0x40, 0x30, 0x00]),
        ("count field cut off", [0x4F]),
        ("numeric group 1000", [0x10, 0x0F, 0xE8]),
        ("numeric pair 100", [0x10, 0x0B, 0x20]),
        ("numeric digit 10", [0x10, 0x06, 0x80]),
        ("numeric count 3 with 2 bits left", [0x10, 0x0C]),
        ("alphanumeric pair 2025", [0x20, 0x17, 0xE9]),
        ("alphanumeric single 45", [0x20, 0x0D, 0xA0]),
    ])
    func malformedStreams(name: String, data: [UInt8]) {
        #expect(throws: QRDecodeError(.invalidSegments, ""), "\(name)") {
            try QRSegmentParser.payload(of: data, version: 1)
        }
    }

    /// Kanji (1000), ECI (0111), Structured Append (0011), FNC1 (0101, 1001): left to zbar,
    /// even after a segment this parser reads.
    @Test(arguments: [0b1000, 0b0111, 0b0011, 0b0101, 0b1001])
    func unsupportedModes(mode: Int) throws {
        let alone = try Self.codewords { writer in
            writer.write(mode, bits: 4)
            writer.write(0, bits: 16)
        }
        #expect(throws: QRDecodeError(.unsupportedSegment, "")) { try QRSegmentParser.payload(of: alone, version: 1) }
        let afterDigits = try Self.codewords { writer in
            writer.write(0b0001, bits: 4)
            writer.write(1, bits: 10)
            writer.write(7, bits: 4)
            writer.write(mode, bits: 4)
            writer.write(0, bits: 16)
        }
        #expect(throws: QRDecodeError(.unsupportedSegment, "")) { try QRSegmentParser.payload(of: afterDigits, version: 1) }
    }

    @Test func modeIndicatorsAndCountBits() {
        #expect(QRSegmentMode.allCases.map(\.rawValue).sorted() == [0, 1, 2, 3, 4, 5, 7, 8, 9])
        for version in 1...40 {
            let bits = Self.countBits(version)
            #expect(QRSegmentMode.numeric.characterCountBits(version: version) == bits.numeric)
            #expect(QRSegmentMode.alphanumeric.characterCountBits(version: version) == bits.alphanumeric)
            #expect(QRSegmentMode.byte.characterCountBits(version: version) == bits.byte)
            #expect(QRSegmentMode.kanji.characterCountBits(version: version) == [8, 10, 12][version <= 9 ? 0 : version <= 26 ? 1 : 2])
        }
        #expect(QRSegmentParser.alphanumericCharacters.count == 45)
    }
}
