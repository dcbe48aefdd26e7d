/// Why an HTTP/1.1 response could not be read, or a request could not be written.
public typealias HTTPWireError = LayerError<HTTPWireFailure>

/// The family of ``HTTPWireError``: its codes name the part of the message that was wrong.
public enum HTTPWireFailure: ErrorFamily {}

extension ErrorCode where Family == HTTPWireFailure {
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
