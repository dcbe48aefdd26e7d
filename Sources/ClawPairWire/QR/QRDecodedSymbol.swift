/// What ``QRSymbolDecoder`` read from a ``QRModuleGrid``.
public struct QRDecodedSymbol: Sendable, Hashable {
    /// The symbol version, 1...40.
    public let version: Int
    /// The level of the symbol's Reed–Solomon blocks, from its format information.
    public let errorCorrection: QRErrorCorrection
    /// The data mask pattern, 0...7 (ISO/IEC 18004 §7.8.2), from its format information.
    public let mask: Int
    /// The concatenated data of every segment: numeric and alphanumeric segments as their
    /// ASCII characters, byte segments as their raw bytes (no charset conversion), exactly
    /// what zbar reports in its binary mode.
    public let payload: [UInt8]
    /// Codewords Reed–Solomon corrected, summed over the blocks (0 for a clean symbol).
    public let correctedCodewords: Int

    /// A decoded symbol (for tests and for the image side's own bookkeeping).
    package init(version: Int, errorCorrection: QRErrorCorrection, mask: Int, payload: [UInt8], correctedCodewords: Int) {
        self.version = version
        self.errorCorrection = errorCorrection
        self.mask = mask
        self.payload = payload
        self.correctedCodewords = correctedCodewords
    }
}
