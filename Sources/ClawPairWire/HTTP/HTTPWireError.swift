/// Why an HTTP/1.1 response could not be read, or a request could not be written.
///
/// A struct with an extensible ``Code``, like ``ClawPairError``: errors compare by code only,
/// so tests can write the expected error directly.
public struct HTTPWireError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure, for code that switches on it.
    public let code: Code
    /// One sentence naming the part of the message and what was wrong with it.
    public let reason: String
    /// Where the error was made, for bug reports.
    public let location: String

    /// An error, recording where it was made.
    public init(_ code: Code, _ reason: String, fileID: StaticString = #fileID, line: UInt = #line) {
        self.code = code
        self.reason = reason
        self.location = "\(fileID):\(line)"
    }

    public var description: String { "\(code): \(reason)" }

    /// A stable code for the kind of failure.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code as text (`invalidStatusLine`).
        public let rawValue: String

        /// A code; use the static members.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        // Reading a response head (RFC 9112 §4, §5).
        /// The first line is not `HTTP/1.x NNN reason`.
        public static let invalidStatusLine = Self("invalidStatusLine")
        /// An HTTP version other than 1.x.
        public static let unsupportedVersion = Self("unsupportedVersion")
        /// A header line without a colon, a field name that is not a token, or whitespace
        /// before the colon (RFC 9112 §5.1).
        public static let invalidHeaderName = Self("invalidHeaderName")
        /// A field value holding a control byte (RFC 9110 §5.5).
        public static let invalidHeaderValue = Self("invalidHeaderValue")
        /// A header line that starts with whitespace: obsolete line folding (RFC 9112 §5.2).
        public static let obsoleteLineFolding = Self("obsoleteLineFolding")
        /// A CR not followed by LF (RFC 9112 §2.2).
        public static let bareCarriageReturn = Self("bareCarriageReturn")
        /// The head (or the trailer section) is longer than the parser's limit.
        public static let headerSectionTooLarge = Self("headerSectionTooLarge")
        /// More header (or trailer) fields than the parser's limit.
        public static let tooManyHeaders = Self("tooManyHeaders")
        /// More interim (1xx) responses before the final one than the parser's limit.
        public static let tooManyInterimResponses = Self("tooManyInterimResponses")

        // Body framing (RFC 9112 §6, §7).
        /// A `Content-Length` that is not a decimal number that fits.
        public static let invalidContentLength = Self("invalidContentLength")
        /// Several `Content-Length` values that differ (RFC 9110 §8.6).
        public static let conflictingContentLength = Self("conflictingContentLength")
        /// A transfer coding other than a single `chunked`, or chunked together with
        /// `Content-Length` (RFC 9112 §6.3: a likely smuggling attempt).
        public static let unsupportedTransferEncoding = Self("unsupportedTransferEncoding")
        /// A chunk-size line that is not hex digits with optional extensions.
        public static let invalidChunkSize = Self("invalidChunkSize")
        /// Chunk data not followed by CRLF.
        public static let invalidChunkTerminator = Self("invalidChunkTerminator")
        /// The body is (or declares itself) longer than the parser's limit.
        public static let bodyTooLarge = Self("bodyTooLarge")
        /// The connection closed in the middle of a response.
        public static let truncated = Self("truncated")
        /// The connection closed before any byte of a response.
        public static let connectionClosed = Self("connectionClosed")

        // Field values with structure.
        /// A `WWW-Authenticate` value that does not follow RFC 9110 §11.6.1.
        public static let invalidAuthenticationChallenge = Self("invalidAuthenticationChallenge")

        // Writing a request.
        /// A method that is not a token.
        public static let invalidMethod = Self("invalidMethod")
        /// A request target that is empty or holds whitespace or control bytes.
        public static let invalidTarget = Self("invalidTarget")
    }
}

extension HTTPWireError: Equatable {
    public static func == (lhs: HTTPWireError, rhs: HTTPWireError) -> Bool { lhs.code == rhs.code }
}

extension HTTPWireError {
    /// The same failure as a ``ClawPairError``: an answer to the WebSocket upgrade that is not
    /// valid HTTP means something other than a gateway (or a broken proxy) is listening.
    public var clawPairError: ClawPairError {
        ClawPairError(
            .wsUpgradeRejected, "the server's answer is not valid HTTP/1.1: \(reason)",
            remedy: "check that the URL points at an OpenClaw gateway, and that ws:// or wss:// matches the port")
    }
}
