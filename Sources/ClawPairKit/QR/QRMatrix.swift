internal import CClawShims
internal import CQREncode

/// The modules of a QR code symbol: a square grid of dark and light cells, without the
/// quiet zone (renderers add that).
///
/// A plain value: libqrencode's result is copied out and freed inside `init`, so no C
/// memory outlives the call.
public struct QRMatrix: Sendable {
    /// Modules per side: 21 for version 1, four more per version, up to 177 (version 40).
    public let size: Int

    /// Row-major, `true` for dark; exactly `size * size` entries.
    private let modules: [Bool]

    /// Encodes `bytes` in 8-bit byte mode, so any byte sequence (UTF-8 text included)
    /// decodes back to exactly the same bytes, choosing the smallest version that fits.
    ///
    /// - Throws: `ClawPairError` `.qrEncodeFailed` when `bytes` is empty or longer than
    ///   the largest QR code holds at `level`.
    public init(encoding bytes: [UInt8], level: QRErrorCorrection = .medium) throws(ClawPairError) {
        guard !bytes.isEmpty else {
            throw ClawPairError(.qrEncodeFailed, "nothing to encode: the text is empty")
        }
        // Checked here too so the message can say how far over the limit the text is;
        // libqrencode's ERANGE below stays the authority.
        guard bytes.count <= level.maximumByteCount else {
            throw Self.tooLong(bytes.count, level)
        }
        try CLibrary.libqrencode.require()
        let (code, failure) = bytes.withUnsafeBufferPointer { buffer in
            // Version 0 asks libqrencode for the smallest version that fits. errno is read
            // right away, before any other call can overwrite it.
            let code = clawpair_QRcode_encodeData(Int32(buffer.count), buffer.baseAddress, 0, level.qrecLevel)
            return (code, SystemError.current(call: "QRcode_encodeData"))
        }
        guard let code else {
            switch failure.errno {
            case Errno.outOfRange: throw Self.tooLong(bytes.count, level)
            case Errno.noMemory: throw ClawPairError(.qrEncodeFailed, "out of memory while encoding the QR code")
            default:
                throw ClawPairError(.qrEncodeFailed, "libqrencode could not encode the text: \(failure.message)")
            }
        }
        defer { clawpair_QRcode_free(code) }

        let size = Int(code.pointee.width)
        // libqrencode sets bit 0 of each byte for a dark module; the other bits describe
        // what the module is part of (finder, timing, data), which a renderer doesn't need.
        let data = UnsafeBufferPointer(start: code.pointee.data, count: size * size)
        self.init(size: size, modules: data.map { $0 & 1 == 1 })
    }

    /// Encodes the UTF-8 bytes of `text`, as the byte form does.
    public init(encoding text: String, level: QRErrorCorrection = .medium) throws(ClawPairError) {
        try self.init(encoding: Array(text.utf8), level: level)
    }

    /// A matrix from modules that came from elsewhere (a scanner's sampled grid, a test).
    ///
    /// - Precondition: `modules.count == size * size`, row by row from the top left,
    ///   `true` for dark.
    public init(size: Int, modules: [Bool]) {
        precondition(size > 0 && modules.count == size * size, "QRMatrix needs size × size modules")
        self.size = size
        self.modules = modules
    }

    /// The QR version (1–40) a symbol of this size has.
    public var version: Int { (size - 17) / 4 }

    /// Whether the module at column `x`, row `y` (from the top left) is dark.
    ///
    /// Coordinates outside the symbol are its quiet zone, so they read as light; renderers
    /// rely on this to draw margins without special cases.
    public func isDark(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }

    private static func tooLong(_ count: Int, _ level: QRErrorCorrection) -> ClawPairError {
        ClawPairError(
            .qrEncodeFailed,
            "the text is too long for a QR code: \(count) bytes, but at error correction "
                + "\(level.rawValue) a QR code holds at most \(level.maximumByteCount) bytes",
            remedy: "shorten the text or choose a lower error-correction level"
        )
    }
}

/// Two matrices are equal when every module is: the same symbol.
extension QRMatrix: Hashable {}

// MARK: libqrencode

extension QRErrorCorrection {
    fileprivate var qrecLevel: QRecLevel {
        switch self {
        case .low: QR_ECLEVEL_L
        case .medium: QR_ECLEVEL_M
        case .quartile: QR_ECLEVEL_Q
        case .high: QR_ECLEVEL_H
        }
    }
}
