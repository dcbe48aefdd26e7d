/// The 4-bit mode indicators that open each segment of a QR data bit stream (ISO/IEC 18004
/// §7.4.1, Table 2). Values not listed (0110, 1010–1111) are not QR Code modes.
package enum QRSegmentMode: Int, Sendable, CaseIterable {
    /// 0000: end of the message (§7.4.9).
    case terminator = 0b0000
    /// 0001: decimal digits, three in 10 bits (§7.4.3).
    case numeric = 0b0001
    /// 0010: the 45 characters of Table 5, two in 11 bits (§7.4.4).
    case alphanumeric = 0b0010
    /// 0011: Structured Append header (§8).
    case structuredAppend = 0b0011
    /// 0100: 8-bit bytes (§7.4.5).
    case byte = 0b0100
    /// 0101: FNC1 in the first position (§7.4.8.2).
    case fnc1First = 0b0101
    /// 0111: Extended Channel Interpretation designator (§7.4.2).
    case eci = 0b0111
    /// 1000: Shift JIS Kanji, two bytes in 13 bits (§7.4.6).
    case kanji = 0b1000
    /// 1001: FNC1 in the second position (§7.4.8.3).
    case fnc1Second = 0b1001

    /// Bits of the character count indicator that follows the mode indicator in a symbol of
    /// `version` (ISO/IEC 18004 §7.4.1, Table 3: three version ranges, 1–9, 10–26, 27–40);
    /// 0 for the modes that have none.
    package func characterCountBits(version: Int) -> Int {
        let range = version <= 9 ? 0 : version <= 26 ? 1 : 2
        switch self {
        case .numeric: return [10, 12, 14][range]
        case .alphanumeric: return [9, 11, 13][range]
        case .byte: return [8, 16, 16][range]
        case .kanji: return [8, 10, 12][range]
        case .terminator, .structuredAppend, .fnc1First, .eci, .fnc1Second: return 0
        }
    }
}
