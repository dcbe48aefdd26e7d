/// The one error type clawpair's library throws.
///
/// A struct, not an enum, so codes can be added without breaking callers; a ``CodedError``,
/// compared by `code` only, so tests can build the expected error directly.
public struct ClawPairError: CodedError {
    /// What went wrong, as a stable machine-readable code (`SETUP_CODE_EXPIRED`).
    public let code: Code
    /// One sentence for a person: what was wrong with what.
    public let message: String
    /// What to do next, when there is something to do.
    public let remedy: String?
    /// Where the error was made, for bug reports.
    public let location: String

    public init(
        _ code: Code, _ message: String, remedy: String? = nil,
        fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.code = code
        self.message = message
        self.remedy = remedy
        self.location = "\(fileID):\(line)"
    }

    /// The ``message``, under the name every ``CodedError`` gives it.
    public var reason: String { message }

    public var description: String {
        remedy.map { "\(message) (\($0))" } ?? message
    }
}

// By code, as equality is (a report holding warnings is Hashable).
extension ClawPairError: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

extension ClawPairError {
    /// The class of failure; the CLI maps each to one exit status (spec/cli.md).
    public enum Category: Sendable, Hashable {
        case notFound, usage, invalidInput, unreachable, trust, authorization, environment, `internal`
    }

    /// A stable error code and the class of failure it belongs to.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public let category: Category

        public init(_ rawValue: String, _ category: Category) {
            self.rawValue = rawValue
            self.category = category
        }

        public var description: String { rawValue }

        public static func == (lhs: Code, rhs: Code) -> Bool { lhs.rawValue == rhs.rawValue }
        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    }
}

// MARK: Known codes

extension ClawPairError.Code {
    public static let usage = Self("USAGE", .usage)
    public static let internalError = Self("INTERNAL", .internal)
    public static let ioError = Self("IO_ERROR", .internal)
    /// The user answered no at a confirmation prompt; nothing was changed. Exit 1, not 2:
    /// the command was used correctly, and refused nothing but what the user declined.
    public static let cancelled = Self("CANCELLED", .notFound)
    /// An input file that cannot be opened or read (missing, permissions, too large).
    public static let fileUnreadable = Self("FILE_UNREADABLE", .invalidInput)

    // Setup codes (spec/cli.md `decode`).
    public static let setupCodeInvalid = Self("SETUP_CODE_INVALID", .invalidInput)
    public static let setupCodeExpired = Self("SETUP_CODE_EXPIRED", .invalidInput)
    public static let setupCodeInsecureURL = Self("SETUP_CODE_INSECURE_URL", .invalidInput)
    public static let setupCodeFingerprintWithoutTLS = Self("SETUP_CODE_FINGERPRINT_WITHOUT_TLS", .invalidInput)
    public static let setupCodeBadFingerprint = Self("SETUP_CODE_BAD_FINGERPRINT", .invalidInput)

    // Images and QR codes.
    public static let imageUnreadable = Self("IMAGE_UNREADABLE", .invalidInput)
    public static let imageUnsupported = Self("IMAGE_UNSUPPORTED", .invalidInput)
    public static let imageTooLarge = Self("IMAGE_TOO_LARGE", .invalidInput)
    public static let qrNotFound = Self("QR_NOT_FOUND", .notFound)
    public static let qrEncodeFailed = Self("QR_ENCODE_FAILED", .invalidInput)
}
