/// Why a sampled QR symbol (a ``QRModuleGrid``) did not decode.
///
/// A ``CodedError``: compared by code only, so tests can write the expected error directly.
/// Every code but ``ErrorCode/unsupportedSegment`` means the grid is not a readable symbol as
/// sampled; `unsupportedSegment` means it is one whose payload this decoder leaves to zbar.
public struct QRDecodeError: CodedError {
    /// The kind of failure, for code that switches on it.
    public let code: Code
    /// One sentence naming the part of the symbol and what was wrong with it.
    public let reason: String
    /// Where the error was made, for bug reports.
    public let location: String
    /// With ``ErrorCode/versionMismatch``: the version the symbol's version information
    /// names, so a reader that guessed the size from the image can sample again at that one.
    public let namedVersion: Int?

    /// An error, recording where it was made.
    public init(
        _ code: Code, _ reason: String, namedVersion: Int? = nil, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.code = code
        self.reason = reason
        self.namedVersion = namedVersion
        self.location = "\(fileID):\(line)"
    }

    /// A stable code for the kind of failure (`tooManyErrors`).
    public typealias Code = ErrorCode<QRDecodeError>
}

extension ErrorCode where Family == QRDecodeError {
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
