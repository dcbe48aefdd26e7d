/// An incremental reader of HTTP/1.1 responses (RFC 9112), fed bytes as they arrive.
///
/// A value-type state machine in the style of a frame decoder: ``append(_:)`` adds bytes,
/// ``parseStep()`` makes one step and says whether it needs more input, made progress, or
/// produced a ``HTTPResponsePart``. ``finishInput()`` says the peer closed the connection,
/// which ends a body read until close and turns a cut-off response into ``HTTPWireError/Code/truncated``.
/// It knows nothing about sockets.
///
/// Decisions, where RFC 9112 leaves a choice:
/// - A bare LF ends a line like CRLF does (§2.2 allows it; small embedded servers send it).
///   A CR not followed by LF is an error (§2.2), never replaced by a space.
/// - Obsolete line folding (a header line starting with SP or HTAB) is an error (§5.2), as
///   is whitespace between a field name and its colon (§5.1).
/// - `Transfer-Encoding` must be exactly `chunked`, and may not come with `Content-Length`
///   (§6.3 calls that a probable smuggling attempt); clawpair never asks for other codings.
/// - Repeated `Content-Length` values are accepted only when identical (RFC 9110 §8.6).
/// - Interim 1xx responses other than 101 are skipped (RFC 9110 §15.2), up to a limit.
/// - After a 101 head nothing more is parsed: ``takeRemainingBytes()`` hands the bytes that
///   followed the head to the next protocol (the first WebSocket frames often share a read
///   with the head).
/// - No redirect is followed; that is the caller's decision (``HTTPResponseHead/location``).
///
/// After an error the parser stays failed and throws the same error again.
public struct HTTPResponseParser: Sendable {
    /// Bounds on what a server may make the parser hold. Every limit is checked before the
    /// bytes are kept, so a hostile server costs at most these amounts of memory.
    public struct Limits: Sendable, Hashable {
        /// Bytes in the status line plus header section (line ends included), and separately
        /// in a trailer section.
        public var headerSectionBytes: Int
        /// Header fields in a head, and separately trailer fields.
        public var headerCount: Int
        /// Body bytes after de-chunking.
        public var bodyBytes: Int
        /// Bytes in one chunk-size line, extensions included.
        public var chunkLineBytes: Int
        /// Interim (1xx) responses skipped before the final one.
        public var interimResponses: Int

        /// 16 KiB: more than any gateway, Access or Cloudflare head (a few hundred bytes to a
        /// few KiB, cookies included); common servers cap request heads at 8–16 KiB too.
        public static let defaultHeaderSectionBytes = 16 * 1024
        /// 100 fields: real responses carry 10–30.
        public static let defaultHeaderCount = 100
        /// 1 MiB: the largest body clawpair reads is a JWKS document (≤ 1 MiB,
        /// spec/cloudflare-access.md); callers lower it (the Access transfer: 128 KiB).
        public static let defaultBodyBytes = 1024 * 1024
        /// 4 KiB: a chunk size is at most 16 hex digits; the rest are extensions nobody sends.
        public static let defaultChunkLineBytes = 4096
        /// 8: servers send at most a `100 Continue` or a `103 Early Hints` or two.
        public static let defaultInterimResponses = 8

        /// Limits, each defaulting to the named constant.
        public init(
            headerSectionBytes: Int = defaultHeaderSectionBytes, headerCount: Int = defaultHeaderCount,
            bodyBytes: Int = defaultBodyBytes, chunkLineBytes: Int = defaultChunkLineBytes,
            interimResponses: Int = defaultInterimResponses
        ) {
            self.headerSectionBytes = headerSectionBytes
            self.headerCount = headerCount
            self.bodyBytes = bodyBytes
            self.chunkLineBytes = chunkLineBytes
            self.interimResponses = interimResponses
        }
    }

    /// What one ``parseStep()`` did.
    public enum Step: Sendable, Hashable {
        /// Nothing more can be read until more bytes are appended (or the input finishes).
        case insufficientData
        /// A line or a framing element was consumed; call again.
        case continueParsing
        /// A part of the response.
        case result(HTTPResponsePart)
    }

    /// The limits this parser enforces.
    public let limits: Limits
    /// The method of the request whose response comes next: a response to `HEAD` has no
    /// body. Set it before each response on a reused connection.
    public var requestMethod: HTTPMethod

    private var buffer: [UInt8] = []
    /// The first byte not yet consumed.
    private var readIndex = 0
    /// Where the search for the next LF resumes: bytes before it were already searched.
    private var scanIndex = 0
    private var inputClosed = false
    private var state: State = .head(HeadBuilder())
    private var bodyBytesRead = 0
    private var interimCount = 0
    private var failure: HTTPWireError?

    private enum State: Sendable {
        case head(HeadBuilder)
        case fixedLength(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers(FieldSection)
        case untilClose
        case upgraded
        case closed
    }

    private struct FieldSection: Sendable {
        var bytes = 0
        var headers = HTTPHeaders()
    }

    private struct HeadBuilder: Sendable {
        var statusLine: (version: HTTPVersion, status: Int, reason: String)?
        var fields = FieldSection()
    }

    /// A parser for the response to a request made with `requestMethod`.
    public init(requestMethod: HTTPMethod = .get, limits: Limits = Limits()) {
        self.requestMethod = requestMethod
        self.limits = limits
    }

    /// Adds bytes received from the server.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Records that the server closed the connection: no byte follows those appended.
    public mutating func finishInput() {
        inputClosed = true
    }

    /// True once a `101 Switching Protocols` head was produced: the connection now speaks
    /// another protocol and ``takeRemainingBytes()`` holds its first bytes.
    public var isUpgraded: Bool {
        if case .upgraded = state { return true }
        return false
    }

    /// Bytes appended but not consumed.
    public var bufferedByteCount: Int { buffer.count - readIndex }

    /// Removes and returns the bytes appended but not consumed: after a 101 head, the start
    /// of the new protocol's stream.
    public mutating func takeRemainingBytes() -> [UInt8] {
        defer {
            buffer = []
            readIndex = 0
            scanIndex = 0
        }
        return Array(buffer[readIndex...])
    }

    /// Steps until a part is produced; nil when more input is needed.
    public mutating func nextPart() throws(HTTPWireError) -> HTTPResponsePart? {
        while true {
            switch try parseStep() {
            case .insufficientData: return nil
            case .continueParsing: continue
            case .result(let part): return part
            }
        }
    }

    /// Makes one step: consumes at most one line or one run of body bytes.
    public mutating func parseStep() throws(HTTPWireError) -> Step {
        if let failure { throw failure }
        do throws(HTTPWireError) {
            return try step()
        } catch {
            failure = error
            throw error
        }
    }

    // MARK: States

    private mutating func step() throws(HTTPWireError) -> Step {
        switch state {
        case .head(var builder):
            state = .closed  // Keeps `builder` uniquely referenced while it grows.
            defer { if case .closed = state { state = .head(builder) } }
            return try readHeadLine(&builder)
        case .fixedLength(let remaining):
            if remaining == 0 { return endMessage(trailers: HTTPHeaders()) }
            guard let bytes = try takeBody(upTo: remaining) else { return .insufficientData }
            state = .fixedLength(remaining: remaining - bytes.count)
            return .result(.body(bytes))
        case .chunkSize:
            return try readChunkSize()
        case .chunkData(let remaining):
            guard let bytes = try takeBody(upTo: remaining) else { return .insufficientData }
            state = bytes.count == remaining ? .chunkDataEnd : .chunkData(remaining: remaining - bytes.count)
            return .result(.body(bytes))
        case .chunkDataEnd:
            return try readChunkDataEnd()
        case .trailers(var section):
            state = .closed
            defer { if case .closed = state { state = .trailers(section) } }
            return try readTrailerLine(&section)
        case .untilClose:
            if bufferedByteCount == 0 {
                guard inputClosed else { return .insufficientData }
                state = .closed
                return .result(.end(trailers: HTTPHeaders()))
            }
            guard let bytes = try takeBody(upTo: bufferedByteCount) else { return .insufficientData }
            return .result(.body(bytes))
        case .upgraded, .closed:
            return .insufficientData
        }
    }

    private mutating func readHeadLine(_ builder: inout HeadBuilder) throws(HTTPWireError) -> Step {
        let allowance = limits.headerSectionBytes - builder.fields.bytes
        guard let line = try nextLine(limit: allowance, tooLong: .headerSectionTooLarge, what: "response head") else {
            guard inputClosed else { return .insufficientData }
            if builder.statusLine == nil && builder.fields.bytes == 0 && bufferedByteCount == 0 {
                throw HTTPWireError(.connectionClosed, "the server closed the connection without a response")
            }
            throw HTTPWireError(.truncated, "the connection closed inside the response head")
        }
        builder.fields.bytes += line.consumed
        guard let statusLine = builder.statusLine else {
            builder.statusLine = try Self.parseStatusLine(line.content)
            return .continueParsing
        }
        if line.content.isEmpty {
            let head = HTTPResponseHead(
                version: statusLine.version, status: statusLine.status, reason: statusLine.reason,
                headers: builder.fields.headers)
            return try finishHead(head)
        }
        try addField(line.content, to: &builder.fields, section: "header")
        return .continueParsing
    }

    private mutating func finishHead(_ head: HTTPResponseHead) throws(HTTPWireError) -> Step {
        bodyBytesRead = 0
        if head.isInterim {
            interimCount += 1
            guard interimCount <= limits.interimResponses else {
                throw HTTPWireError(.tooManyInterimResponses, "more than \(limits.interimResponses) interim (1xx) responses")
            }
            state = .head(HeadBuilder())
            return .continueParsing
        }
        interimCount = 0
        state = head.status == 101 ? .upgraded : try bodyState(for: head)
        return .result(.head(head))
    }

    /// How the body is delimited (RFC 9112 §6.3), in the RFC's order.
    private func bodyState(for head: HTTPResponseHead) throws(HTTPWireError) -> State {
        if requestMethod == .head || head.status == 204 || head.status == 304 {
            return .fixedLength(remaining: 0)
        }
        let contentLength = try Self.contentLength(head.headers)
        if head.headers.contains(name: "Transfer-Encoding") {
            let codings = head.headers.listElements(name: "Transfer-Encoding")
            guard codings.count == 1, HTTPToken.equalsIgnoringCase(codings[0], "chunked") else {
                throw HTTPWireError(
                    .unsupportedTransferEncoding, "Transfer-Encoding \(codings.joined(separator: ", ")) is not chunked alone")
            }
            guard contentLength == nil else {
                throw HTTPWireError(.unsupportedTransferEncoding, "both Transfer-Encoding and Content-Length")
            }
            return .chunkSize
        }
        if let contentLength {
            guard contentLength <= limits.bodyBytes else {
                throw HTTPWireError(.bodyTooLarge, "Content-Length \(contentLength) exceeds the \(limits.bodyBytes)-byte limit")
            }
            return .fixedLength(remaining: contentLength)
        }
        return .untilClose
    }

    private mutating func readChunkSize() throws(HTTPWireError) -> Step {
        guard let line = try nextLine(limit: limits.chunkLineBytes, tooLong: .invalidChunkSize, what: "chunk-size line") else {
            if inputClosed { throw HTTPWireError(.truncated, "the connection closed before the next chunk") }
            return .insufficientData
        }
        // chunk = chunk-size [ chunk-ext ] CRLF (RFC 9112 §7.1); extensions are ignored.
        let budget = limits.bodyBytes - bodyBytesRead
        var size = 0
        var index = line.content.startIndex
        while index < line.content.endIndex, let digit = Self.hexValue(line.content[index]) {
            let (shifted, overflow) = size.multipliedReportingOverflow(by: 16)
            size = shifted + digit
            guard !overflow, size <= budget else {
                throw HTTPWireError(.bodyTooLarge, "a chunk would take the body past the \(limits.bodyBytes)-byte limit")
            }
            index += 1
        }
        guard index > line.content.startIndex else {
            throw HTTPWireError(.invalidChunkSize, "a chunk-size line does not start with a hex number")
        }
        var rest = line.content[index...]
        while let first = rest.first, HTTPToken.isWhitespace(first) { rest.removeFirst() }
        if let first = rest.first {
            guard first == UInt8(ascii: ";"), rest.allSatisfy(HTTPToken.isFieldValueByte) else {
                throw HTTPWireError(.invalidChunkSize, "a chunk size is followed by something other than an extension")
            }
        }
        state = size == 0 ? .trailers(FieldSection()) : .chunkData(remaining: size)
        return .continueParsing
    }

    private mutating func readChunkDataEnd() throws(HTTPWireError) -> Step {
        guard bufferedByteCount > 0 else { return try needMore("the CRLF after a chunk") }
        switch buffer[readIndex] {
        case Self.lf:
            readIndex += 1
        case Self.cr:
            guard bufferedByteCount >= 2 else { return try needMore("the CRLF after a chunk") }
            guard buffer[readIndex + 1] == Self.lf else {
                throw HTTPWireError(.invalidChunkTerminator, "chunk data is longer than its chunk size")
            }
            readIndex += 2
        default:
            throw HTTPWireError(.invalidChunkTerminator, "chunk data is longer than its chunk size")
        }
        state = .chunkSize
        return .continueParsing
    }

    private mutating func readTrailerLine(_ section: inout FieldSection) throws(HTTPWireError) -> Step {
        let allowance = limits.headerSectionBytes - section.bytes
        guard let line = try nextLine(limit: allowance, tooLong: .headerSectionTooLarge, what: "trailer section") else {
            return try needMore("the trailer section")
        }
        section.bytes += line.consumed
        if line.content.isEmpty { return endMessage(trailers: section.headers) }
        try addField(line.content, to: &section, section: "trailer")
        return .continueParsing
    }

    /// Ends one response; the parser is then ready for the next one on the same connection.
    private mutating func endMessage(trailers: HTTPHeaders) -> Step {
        state = .head(HeadBuilder())
        bodyBytesRead = 0
        return .result(.end(trailers: trailers))
    }

    private func needMore(_ what: String) throws(HTTPWireError) -> Step {
        if inputClosed { throw HTTPWireError(.truncated, "the connection closed before \(what)") }
        return .insufficientData
    }

    /// Up to `count` buffered body bytes (at least one), counted against the body limit; nil
    /// when none are buffered yet.
    private mutating func takeBody(upTo count: Int) throws(HTTPWireError) -> [UInt8]? {
        let available = min(count, bufferedByteCount)
        guard available > 0 else {
            _ = try needMore("the end of the body")
            return nil
        }
        guard available <= limits.bodyBytes - bodyBytesRead else {
            throw HTTPWireError(.bodyTooLarge, "the body is longer than the \(limits.bodyBytes)-byte limit")
        }
        defer {
            readIndex += available
            bodyBytesRead += available
        }
        return Array(buffer[readIndex..<readIndex + available])
    }

    // MARK: Lines and fields

    private struct Line {
        /// The line without its CRLF or LF.
        var content: ArraySlice<UInt8>
        /// Bytes consumed, line end included.
        var consumed: Int
    }

    /// The next line, if its end has arrived. The LF must come within `limit` bytes; a line
    /// that cannot end within the limit fails as soon as the limit is passed, without waiting
    /// for (or keeping) the rest of it.
    private mutating func nextLine(limit: Int, tooLong: HTTPWireError.Code, what: String) throws(HTTPWireError) -> Line? {
        let available = bufferedByteCount
        let searchEnd = readIndex + min(available, max(0, limit))
        var index = max(scanIndex, readIndex)
        while index < searchEnd {
            if buffer[index] == Self.lf {
                var end = index
                if end > readIndex && buffer[end - 1] == Self.cr { end -= 1 }
                let content = buffer[readIndex..<end]
                guard !content.contains(Self.cr) else {
                    throw HTTPWireError(.bareCarriageReturn, "a CR not followed by LF in the \(what)")
                }
                let consumed = index + 1 - readIndex
                readIndex = index + 1
                scanIndex = readIndex
                return Line(content: content, consumed: consumed)
            }
            index += 1
        }
        scanIndex = index
        if available >= max(limit, 1) {
            throw HTTPWireError(tooLong, "the \(what) is longer than \(max(0, limit)) more bytes")
        }
        return nil
    }

    /// `field-line = field-name ":" OWS field-value OWS` (RFC 9112 §5).
    private func addField(_ line: ArraySlice<UInt8>, to section: inout FieldSection, section kind: String) throws(HTTPWireError) {
        if let first = line.first, HTTPToken.isWhitespace(first) {
            throw HTTPWireError(.obsoleteLineFolding, "a \(kind) line starts with whitespace (obsolete line folding)")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw HTTPWireError(.invalidHeaderName, "a \(kind) line has no colon")
        }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(HTTPToken.isTokenByte) else {
            throw HTTPWireError(.invalidHeaderName, "a \(kind) field name is not a token")
        }
        let value = HTTPToken.trimmed(line[(colon + 1)...])
        guard value.allSatisfy(HTTPToken.isFieldValueByte) else {
            throw HTTPWireError(.invalidHeaderValue, "the \(kind) field \(String(decoding: name, as: UTF8.self)) holds a control byte")
        }
        guard section.headers.count < limits.headerCount else {
            throw HTTPWireError(.tooManyHeaders, "more than \(limits.headerCount) \(kind) fields")
        }
        section.headers.add(name: String(decoding: name, as: UTF8.self), value: HTTPToken.text(value))
    }

    /// `status-line = HTTP-version SP status-code SP [ reason-phrase ]` (RFC 9112 §4). A
    /// missing SP after the code is tolerated when there is no reason.
    private static func parseStatusLine(_ line: ArraySlice<UInt8>) throws(HTTPWireError) -> (version: HTTPVersion, status: Int, reason: String) {
        let bytes = Array(line)
        let invalid = HTTPWireError(.invalidStatusLine, "the status line is not `HTTP/1.x NNN reason`")
        guard bytes.count >= 6, bytes[0..<5].elementsEqual("HTTP/".utf8), let major = decimalValue(bytes[5]) else {
            throw invalid
        }
        guard major == 1 else {
            throw HTTPWireError(.unsupportedVersion, "the server answered with HTTP/\(major)")
        }
        guard bytes.count >= 12, bytes[6] == UInt8(ascii: "."), let minor = decimalValue(bytes[7]), bytes[8] == UInt8(ascii: " "),
            let hundreds = decimalValue(bytes[9]), let tens = decimalValue(bytes[10]), let units = decimalValue(bytes[11])
        else { throw invalid }
        let status = hundreds * 100 + tens * 10 + units
        guard (100...599).contains(status) else {
            throw HTTPWireError(.invalidStatusLine, "status \(status) is outside 100–599")
        }
        var reason: ArraySlice<UInt8> = []
        if bytes.count > 12 {
            guard bytes[12] == UInt8(ascii: " ") else { throw invalid }
            reason = bytes[13...]
            guard reason.allSatisfy(HTTPToken.isFieldValueByte) else {
                throw HTTPWireError(.invalidStatusLine, "the reason phrase holds a control byte")
            }
        }
        return (HTTPVersion(major: major, minor: minor), status, HTTPToken.text(reason))
    }

    /// The body length from every `Content-Length` field, or nil without one.
    private static func contentLength(_ headers: HTTPHeaders) throws(HTTPWireError) -> Int? {
        var result: Int?
        for value in headers["Content-Length"] {
            // "42, 42" and repeated fields may be accepted when identical (RFC 9110 §8.6).
            for element in value.split(separator: ",", omittingEmptySubsequences: false) {
                let digits = HTTPToken.trimmed(ArraySlice(element.utf8))
                guard !digits.isEmpty else { throw HTTPWireError(.invalidContentLength, "an empty Content-Length") }
                var length = 0
                for byte in digits {
                    guard let digit = decimalValue(byte) else {
                        throw HTTPWireError(.invalidContentLength, "Content-Length \(value) is not a decimal number")
                    }
                    let (shifted, overflow) = length.multipliedReportingOverflow(by: 10)
                    let (sum, carry) = shifted.addingReportingOverflow(digit)
                    guard !overflow, !carry else {
                        throw HTTPWireError(.invalidContentLength, "Content-Length \(value) does not fit in 63 bits")
                    }
                    length = sum
                }
                if let result, result != length {
                    throw HTTPWireError(.conflictingContentLength, "Content-Length values \(result) and \(length) differ")
                }
                result = length
            }
        }
        return result
    }

    private static func decimalValue(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    /// Drops consumed bytes once they are most of the buffer, so a long-lived parser keeps
    /// memory proportional to what is unread, and copying stays amortised O(1) per byte.
    private mutating func compact() {
        guard readIndex > 4096, readIndex * 2 > buffer.count else { return }
        buffer.removeFirst(readIndex)
        scanIndex = max(0, scanIndex - readIndex)
        readIndex = 0
    }
}
