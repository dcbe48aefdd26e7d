/// How much of a QR code may be damaged or hidden and still decode (ISO/IEC 18004 §7.5.1).
///
/// Higher levels spend more of the symbol on Reed–Solomon parity, so the same text needs a
/// larger (denser) code. Setup codes are read off screens, where damage is rare: `.medium`
/// is the default, as most QR generators choose.
public enum QRErrorCorrection: String, Sendable, CaseIterable {
    /// About 7 % of the codewords can be restored.
    case low
    /// About 15 % of the codewords can be restored.
    case medium
    /// About 25 % of the codewords can be restored.
    case quartile
    /// About 30 % of the codewords can be restored.
    case high
}

extension QRErrorCorrection {
    /// The most bytes a version-40 symbol holds in 8-bit byte mode at this level
    /// (ISO/IEC 18004 Table 7); longer input cannot be encoded at all.
    public var maximumByteCount: Int {
        switch self {
        case .low: 2953
        case .medium: 2331
        case .quartile: 1663
        case .high: 1273
        }
    }

    /// The level's two bits in the format information (ISO/IEC 18004 §7.9.1, Table 12): not
    /// in the order of the levels, so a symbol's all-light format data (before masking)
    /// means M, not L.
    package var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }

    /// The level whose format bits are the low two bits of `formatBits`.
    package init(formatBits: Int) {
        switch formatBits & 0b11 {
        case 0b01: self = .low
        case 0b00: self = .medium
        case 0b11: self = .quartile
        default: self = .high
        }
    }

    /// The level's row in the tables indexed low, medium, quartile, high
    /// (``QRBlockLayout``'s Table 9 columns).
    package var tableIndex: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }
}
