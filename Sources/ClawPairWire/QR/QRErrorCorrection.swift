/// How much of a QR code may be damaged or hidden and still decode (ISO/IEC 18004 §6.5.1).
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
}
