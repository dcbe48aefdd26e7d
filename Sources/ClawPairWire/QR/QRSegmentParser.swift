/// Turns a symbol's corrected data codewords into its payload (ISO/IEC 18004 §7.4): a
/// sequence of segments, each a mode indicator, a character count and the characters, ended
/// by the terminator.
///
/// Numeric, alphanumeric and byte segments are decoded; the others (Kanji, ECI, Structured
/// Append, FNC1) throw ``QRDecodeError`` `.unsupportedSegment`, because zbar's binary mode
/// reports them in a form of its own and the caller falls back to zbar for them.
package enum QRSegmentParser {
    /// The payload of `dataCodewords`, the data codewords of a symbol of `version`: numeric
    /// and alphanumeric characters as ASCII, bytes as they are.
    ///
    /// The stream ends at the terminator 0000, at fewer than 4 bits left (a terminator cut
    /// short at the capacity, §7.4.9), at the end of the capacity, or where the rest is the pad
    /// codewords 0xEC 0x11 … starting at a codeword boundary (an encoder that left out the
    /// terminator; 1110 is no mode indicator, so nothing valid reads otherwise).
    package static func payload(of dataCodewords: [UInt8], version: Int) throws(QRDecodeError) -> [UInt8] {
        var reader = QRBitReader(dataCodewords)
        var payload: [UInt8] = []
        payload.reserveCapacity(dataCodewords.count * 3)
        while reader.remaining >= 4, !reader.restIsPadding {
            let indicator = reader.read(4)
            guard let mode = QRSegmentMode(rawValue: indicator) else {
                throw QRDecodeError(.invalidSegments, "mode indicator \(binary(indicator, width: 4)) at bit \(reader.position - 4) is not a QR Code mode")
            }
            switch mode {
            case .terminator:
                return payload
            case .kanji, .eci, .structuredAppend, .fnc1First, .fnc1Second:
                throw QRDecodeError(.unsupportedSegment, "a \(mode) segment at bit \(reader.position - 4): left to zbar, which reports it in its own form")
            case .numeric, .alphanumeric, .byte:
                let countBits = mode.characterCountBits(version: version)
                guard reader.remaining >= countBits else {
                    throw QRDecodeError(.invalidSegments, "a \(mode) segment's \(countBits)-bit character count runs past the data")
                }
                let count = reader.read(countBits)
                let needed = dataBits(of: mode, count: count)
                guard needed <= reader.remaining else {
                    throw QRDecodeError(.invalidSegments, "a \(mode) segment of \(count) characters needs \(needed) bits, but \(reader.remaining) are left")
                }
                switch mode {
                case .numeric: try readNumeric(count, from: &reader, into: &payload)
                case .alphanumeric: try readAlphanumeric(count, from: &reader, into: &payload)
                default:
                    for _ in 0..<count { payload.append(UInt8(reader.read(8))) }
                }
            }
        }
        return payload
    }

    /// Bits the characters of a segment take after its count (§7.4.3–7.4.5).
    private static func dataBits(of mode: QRSegmentMode, count: Int) -> Int {
        switch mode {
        case .numeric: 10 * (count / 3) + [0, 4, 7][count % 3]
        case .alphanumeric: 11 * (count / 2) + 6 * (count % 2)
        default: 8 * count
        }
    }

    /// Numeric mode (§7.4.3): groups of three digits in 10 bits, a last group of two in 7 or
    /// of one in 4; a group's value above 999 (99, 9) is not a decimal group.
    private static func readNumeric(_ count: Int, from reader: inout QRBitReader, into payload: inout [UInt8]) throws(QRDecodeError) {
        var left = count
        while left > 0 {
            let digits = min(left, 3)
            let value = reader.read([0, 4, 7, 10][digits])
            guard value < [1, 10, 100, 1000][digits] else {
                throw QRDecodeError(.invalidSegments, "numeric group \(value) at bit \(reader.position) has more than \(digits) digits")
            }
            var divisor = [1, 1, 10, 100][digits]
            while divisor > 0 {
                payload.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
            left -= digits
        }
    }

    /// Alphanumeric mode (§7.4.4): pairs as 45 · first + second in 11 bits, a last single
    /// character in 6; a pair above 44 · 45 + 44 = 2024 or a single above 44 names no character.
    private static func readAlphanumeric(_ count: Int, from reader: inout QRBitReader, into payload: inout [UInt8]) throws(QRDecodeError) {
        let characters = alphanumericCharacters
        var left = count
        while left >= 2 {
            let value = reader.read(11)
            guard value < 45 * 45 else {
                throw QRDecodeError(.invalidSegments, "alphanumeric pair \(value) at bit \(reader.position) is above 2024")
            }
            payload.append(characters[value / 45])
            payload.append(characters[value % 45])
            left -= 2
        }
        if left == 1 {
            let value = reader.read(6)
            guard value < 45 else {
                throw QRDecodeError(.invalidSegments, "alphanumeric character \(value) at bit \(reader.position) is above 44")
            }
            payload.append(characters[value])
        }
    }

    private static func binary(_ value: Int, width: Int) -> String {
        let digits = String(value, radix: 2)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The alphanumeric mode's 45 characters, by value 0...44 (ISO/IEC 18004 §7.4.4, Table 5).
    package static let alphanumericCharacters: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)
}
