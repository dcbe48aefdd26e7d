/// Why a sampled QR symbol (a ``QRModuleGrid``) did not decode. Every code but
/// ``ErrorCode/unsupportedSegment`` means the grid is not a readable symbol as sampled;
/// `unsupportedSegment` means it is one whose payload this decoder leaves to zbar.
public typealias QRDecodeError = LayerError<QRDecodeFailure>

/// The family of ``QRDecodeError``; its detail is the version a mismatched symbol names.
public enum QRDecodeFailure: ErrorFamily {
    public typealias Detail = Int?
}

extension LayerError where Family == QRDecodeFailure {
    /// An error, recording where it was made.
    public init(
        _ code: Code, _ reason: String, namedVersion: Int? = nil, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(code, reason, detail: namedVersion, fileID: fileID, line: line)
    }

    /// With ``ErrorCode/versionMismatch``: the version the symbol's version information
    /// names, so a reader that guessed the size from the image samples again at that one.
    public var namedVersion: Int? { detail }
}

extension ErrorCode where Family == QRDecodeFailure {
    /// Neither copy of the format information is within 3 bits of one of the 32 valid format
    /// codes (ISO/IEC 18004 §7.9.1, Annex C).
    public static let formatUnreadable = Self("formatUnreadable")
    /// Readable version information (ISO/IEC 18004 §7.10, Annex D) names a version other
    /// than the grid's size does.
    public static let versionMismatch = Self("versionMismatch")
    /// A block has more damaged codewords than its Reed–Solomon codewords can correct
    /// (ISO/IEC 18004 §7.5.1).
    public static let tooManyErrors = Self("tooManyErrors")
    /// The corrected data bit stream is malformed: an unknown mode indicator, a character
    /// count running past the data, a numeric group above 999 or an alphanumeric pair above
    /// 2024 (ISO/IEC 18004 §7.4).
    public static let invalidSegments = Self("invalidSegments")
    /// A Kanji, ECI, Structured Append or FNC1 segment (ISO/IEC 18004 §7.3–7.4): valid, but
    /// zbar reports their payloads in a form of its own, so the caller decodes with zbar.
    public static let unsupportedSegment = Self("unsupportedSegment")
}
