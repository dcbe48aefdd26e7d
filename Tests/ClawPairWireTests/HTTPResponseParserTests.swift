import Testing
@testable import ClawPairWire

@Suite struct HTTPResponseParserTests {
    // MARK: Helpers

    /// A response or the code of the error that stopped it.
    enum Outcome: Equatable, CustomStringConvertible {
        case response(HTTPResponse)
        case failure(HTTPWireError.Code)

        var description: String {
            switch self {
            case .response(let response): "\(response.head) body=\(response.body.count) trailers=\(response.trailers.count)"
            case .failure(let code): "error \(code)"
            }
        }
    }

    /// Feeds `chunks` one after the other, then closes the input; collects one response.
    static func parse(_ chunks: [[UInt8]], method: HTTPMethod = .get, limits: HTTPResponseParser.Limits = .init()) -> Outcome {
        var parser = HTTPResponseParser(requestMethod: method, limits: limits)
        var head: HTTPResponseHead?
        var body: [UInt8] = []
        func drain() throws(HTTPWireError) -> Outcome? {
            while let part = try parser.nextPart() {
                switch part {
                case .head(let received):
                    head = received
                    if parser.isUpgraded { return .response(HTTPResponse(head: received)) }
                case .body(let bytes): body += bytes
                case .end(let trailers):
                    guard let head else { Issue.record("end before head"); return nil }
                    return .response(HTTPResponse(head: head, body: body, trailers: trailers))
                }
            }
            return nil
        }
        do throws(HTTPWireError) {
            for chunk in chunks {
                parser.append(chunk)
                if let outcome = try drain() { return outcome }
            }
            parser.finishInput()
            if let outcome = try drain() { return outcome }
            Issue.record("parser wants more input after finishInput()")
            return .failure(.truncated)
        } catch {
            return .failure(error.code)
        }
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// The outcome of parsing `message` whole, after checking that every split into two
    /// pieces, and byte-by-byte feeding, gives exactly the same outcome.
    static func parseEverySplit(_ message: [UInt8], method: HTTPMethod = .get, limits: HTTPResponseParser.Limits = .init()) -> Outcome {
        let whole = parse([message], method: method, limits: limits)
        for split in 0...message.count {
            let outcome = parse([Array(message[..<split]), Array(message[split...])], method: method, limits: limits)
            #expect(outcome == whole, "split at \(split)")
            if case .response(let a) = outcome, case .response(let b) = whole {
                #expect(a.head.headers.fields.map(\.name) == b.head.headers.fields.map(\.name))
            }
        }
        #expect(parse(message.map { [$0] }, method: method, limits: limits) == whole, "byte by byte")
        return whole
    }

    static func response(_ outcome: Outcome) throws -> HTTPResponse {
        guard case .response(let response) = outcome else {
            Issue.record("expected a response, got \(outcome)")
            throw HTTPWireError(.truncated, "")
        }
        return response
    }

    // MARK: Heads

    @Test func readsAContentLengthResponse() throws {
        let message = Self.bytes("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\nX-Multi: a\r\nx-multi: b\r\n\r\nhello")
        let response = try Self.response(Self.parseEverySplit(message))
        #expect(response.head.version == .http1_1)
        #expect(response.head.status == 200)
        #expect(response.head.reason == "OK")
        #expect(response.head.headers["X-MULTI"] == ["a", "b"])
        #expect(response.body == Self.bytes("hello"))
        #expect(response.trailers.isEmpty)
    }

    @Test func toleratesBareLFAndAMissingReason() throws {
        let response = try Self.response(Self.parseEverySplit(Self.bytes("HTTP/1.0 404\nContent-Length: 0\n\n")))
        #expect(response.head.version == .http1_0)
        #expect(response.head.status == 404)
        #expect(response.head.reason == "")
    }

    @Test func trimsFieldValuesAndKeepsEmptyOnes() throws {
        let response = try Self.response(Self.parseEverySplit(Self.bytes("HTTP/1.1 204 No Content\r\nA: \t spaced out \t\r\nB:\r\nC:x\r\n\r\n")))
        #expect(response.head.headers.fields.map(\.value) == ["spaced out", "", "x"])
    }

    @Test func decodesObsTextAsLatin1WhenNotUTF8() throws {
        let utf8 = try Self.response(Self.parse([Self.bytes("HTTP/1.1 204 Caf\u{e9}\r\nX: \u{e9}t\u{e9}\r\n\r\n")]))
        #expect(utf8.head.reason == "Caf\u{e9}")
        #expect(utf8.head.headers.first(name: "X") == "\u{e9}t\u{e9}")
        let latin1 = try Self.response(Self.parse([Self.bytes("HTTP/1.1 204 OK\r\nX: ") + [0xE9, 0x74, 0xE9] + Self.bytes("\r\n\r\n")]))
        #expect(latin1.head.headers.first(name: "X") == "\u{e9}t\u{e9}")
    }

    @Test(arguments: [
        ("HTTP/1.1 20 OK\r\n\r\n", "invalidStatusLine"),
        ("HTTP/1.1 2000 OK\r\n\r\n", "invalidStatusLine"),
        ("HTTP/1.1 600 Nope\r\n\r\n", "invalidStatusLine"),
        ("HTTP/1.1 099 Nope\r\n\r\n", "invalidStatusLine"),
        ("http/1.1 200 OK\r\n\r\n", "invalidStatusLine"),
        ("HTTP/1.1  200 OK\r\n\r\n", "invalidStatusLine"),
        ("HTTP/1.1 200 O\u{1}K\r\n\r\n", "invalidStatusLine"),
        ("ICY 200 OK\r\n\r\n", "invalidStatusLine"),
        ("SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n", "invalidStatusLine"),
        ("\r\nHTTP/1.1 200 OK\r\n\r\n", "invalidStatusLine"),
        ("HTTP/2 200\r\n\r\n", "unsupportedVersion"),
        ("HTTP/0.9 200 OK\r\n\r\n", "unsupportedVersion"),
        ("HTTP/1.1 200 OK\r\n Folded: x\r\n\r\n", "obsoleteLineFolding"),
        ("HTTP/1.1 200 OK\r\nA: 1\r\n\tcontinued\r\n\r\n", "obsoleteLineFolding"),
        ("HTTP/1.1 200 OK\r\nName : x\r\n\r\n", "invalidHeaderName"),
        ("HTTP/1.1 200 OK\r\nNo colon here\r\n\r\n", "invalidHeaderName"),
        ("HTTP/1.1 200 OK\r\n: empty name\r\n\r\n", "invalidHeaderName"),
        ("HTTP/1.1 200 OK\r\nA\u{7F}: x\r\n\r\n", "invalidHeaderName"),
        ("HTTP/1.1 200 OK\r\nA: x\u{0}y\r\n\r\n", "invalidHeaderValue"),
        ("HTTP/1.1 200 OK\r\nA: x\u{1B}[31m\r\n\r\n", "invalidHeaderValue"),
        ("HTTP/1.1 200 OK\r\nA: x\ry\r\n\r\n", "bareCarriageReturn"),
        ("HTTP/1.1 200 OK\rA: x\r\n\r\n", "bareCarriageReturn"),
    ])
    func rejectsMalformedHeads(text: String, code: String) {
        #expect(Self.parseEverySplit(Self.bytes(text)) == .failure(HTTPWireError.Code(code)))
    }

    @Test func oversizedHeadFailsBeforeItsLineEnds() {
        var parser = HTTPResponseParser()
        parser.append(Self.bytes("HTTP/1.1 200 OK\r\nX-Big: "))
        #expect(throws: Never.self) { try parser.nextPart() }
        // 16 KiB of one header value with no line end yet: the parser must fail now, not
        // keep buffering until an LF that may never come.
        parser.append([UInt8](repeating: UInt8(ascii: "a"), count: HTTPResponseParser.Limits.defaultHeaderSectionBytes))
        #expect(throws: HTTPWireError(.headerSectionTooLarge, "")) { try parser.nextPart() }
        // The failure sticks.
        #expect(throws: HTTPWireError(.headerSectionTooLarge, "")) { try parser.nextPart() }
    }

    @Test func headerSectionLimitCountsLineEnds() {
        let limits = HTTPResponseParser.Limits(headerSectionBytes: 40)
        let exactly = "HTTP/1.1 200 OK\r\nA: 0123456789abcdef\r\n\r\n"
        #expect(exactly.utf8.count == 40)
        #expect(Self.parseEverySplit(Self.bytes(exactly + "body"), limits: limits) != .failure(.headerSectionTooLarge))
        let oneMore = "HTTP/1.1 200 OK\r\nA: 0123456789abcdefg\r\n\r\n"
        #expect(Self.parseEverySplit(Self.bytes(oneMore + "body"), limits: limits) == .failure(.headerSectionTooLarge))
        // With a bare LF the same head is one byte shorter, and fits.
        let bareLF = "HTTP/1.1 200 OK\r\nA: 0123456789abcdefg\n\r\n"
        #expect(Self.parseEverySplit(Self.bytes(bareLF + "body"), limits: limits) != .failure(.headerSectionTooLarge))
    }

    @Test func tooManyHeaders() {
        let fields = (0...HTTPResponseParser.Limits.defaultHeaderCount).map { "X-\($0): y\r\n" }.joined()
        #expect(Self.parse([Self.bytes("HTTP/1.1 200 OK\r\n" + fields + "\r\n")]) == .failure(.tooManyHeaders))
        let exactly = (1...HTTPResponseParser.Limits.defaultHeaderCount).map { "X-\($0): y\r\n" }.joined()
        #expect(Self.parse([Self.bytes("HTTP/1.1 204 OK\r\n" + exactly + "\r\n")]) != .failure(.tooManyHeaders))
    }

    @Test func emptyInputIsAClosedConnectionAndAPartialHeadIsTruncated() {
        #expect(Self.parse([[]]) == .failure(.connectionClosed))
        #expect(Self.parse([Self.bytes("HTTP/1.1 200 OK\r\nA: b\r\n")]) == .failure(.truncated))
        #expect(Self.parse([Self.bytes("HTTP/1.1 200 OK")]) == .failure(.truncated))
    }

    // MARK: Content-Length

    @Test(arguments: [
        ("Content-Length: 3\r\nContent-Length: 3", 3),
        ("Content-Length: 3, 3", 3),
        ("Content-Length: 003", 3),
        ("Content-Length: 0", 0),
    ])
    func acceptsConsistentContentLengths(fields: String, length: Int) throws {
        let response = try Self.response(Self.parseEverySplit(Self.bytes("HTTP/1.1 200 OK\r\n\(fields)\r\n\r\nabcdef")))
        #expect(response.body.count == length)
    }

    @Test(arguments: [
        ("Content-Length: 3\r\nContent-Length: 4", "conflictingContentLength"),
        ("Content-Length: 3, 4", "conflictingContentLength"),
        ("Content-Length: -1", "invalidContentLength"),
        ("Content-Length: +3", "invalidContentLength"),
        ("Content-Length: 0x10", "invalidContentLength"),
        ("Content-Length: 3 3", "invalidContentLength"),
        ("Content-Length: ", "invalidContentLength"),
        ("Content-Length: 3,", "invalidContentLength"),
        ("Content-Length: 99999999999999999999", "invalidContentLength"),
        ("Content-Length: 9223372036854775808", "invalidContentLength"),
        ("Content-Length: 9223372036854775807", "bodyTooLarge"),
        ("Content-Length: 1048577", "bodyTooLarge"),
        ("Transfer-Encoding: chunked\r\nContent-Length: 3", "unsupportedTransferEncoding"),
        ("Transfer-Encoding: gzip, chunked", "unsupportedTransferEncoding"),
        ("Transfer-Encoding: chunked, chunked", "unsupportedTransferEncoding"),
        ("Transfer-Encoding: identity", "unsupportedTransferEncoding"),
        ("Transfer-Encoding: ", "unsupportedTransferEncoding"),
    ])
    func rejectsBadFraming(fields: String, code: String) {
        #expect(Self.parseEverySplit(Self.bytes("HTTP/1.1 200 OK\r\n\(fields)\r\n\r\nabc")) == .failure(HTTPWireError.Code(code)))
    }

    @Test func shortBodyIsTruncated() {
        #expect(Self.parseEverySplit(Self.bytes("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc")) == .failure(.truncated))
    }

    @Test func readsUntilCloseWithoutFraming() throws {
        let response = try Self.response(Self.parseEverySplit(Self.bytes("HTTP/1.0 200 OK\r\nServer: x\r\n\r\nall of\r\nthis")))
        #expect(response.body == Self.bytes("all of\r\nthis"))
        let limits = HTTPResponseParser.Limits(bodyBytes: 4)
        #expect(Self.parseEverySplit(Self.bytes("HTTP/1.0 200 OK\r\n\r\n12345"), limits: limits) == .failure(.bodyTooLarge))
        #expect(Self.parseEverySplit(Self.bytes("HTTP/1.0 200 OK\r\n\r\n1234"), limits: limits) != .failure(.bodyTooLarge))
    }

    @Test(arguments: [(HTTPMethod.head, 200), (.get, 204), (.get, 304)])
    func responsesWithoutABody(method: HTTPMethod, status: Int) throws {
        let message = Self.bytes("HTTP/1.1 \(status) X\r\nContent-Length: 42\r\nTransfer-Encoding: chunked\r\n\r\n")
        let response = try Self.response(Self.parseEverySplit(message, method: method))
        #expect(response.head.status == status)
        #expect(response.body.isEmpty)
    }

    // MARK: Chunked

    @Test func readsChunksWithExtensionsAndTrailers() throws {
        let message = Self.bytes(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: Chunked\r\n\r\n"
                + "4;name=value;quoted=\"a;b\"\r\nWiki\r\n"
                + "5 ; ext\r\npedia\r\n"
                + "00E\r\n in\r\n\r\nchunks.\r\n"
                + "000;last\r\nExpires: never\r\nX-Checksum: 42\r\n\r\n")
        let response = try Self.response(Self.parseEverySplit(message))
        #expect(response.body == Self.bytes("Wikipedia in\r\n\r\nchunks."))
        #expect(response.trailers.fields.map(\.name) == ["Expires", "X-Checksum"])
        #expect(response.trailers.first(name: "x-checksum") == "42")
    }

    @Test func chunkedWithBareLFLineEnds() throws {
        let response = try Self.response(Self.parseEverySplit(Self.bytes("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n3\nabc\n0\n\n")))
        #expect(response.body == Self.bytes("abc"))
    }

    @Test(arguments: [
        ("zz\r\nab\r\n0\r\n\r\n", "invalidChunkSize"),
        ("\r\nab\r\n0\r\n\r\n", "invalidChunkSize"),
        ("-2\r\nab\r\n0\r\n\r\n", "invalidChunkSize"),
        ("2 x\r\nab\r\n0\r\n\r\n", "invalidChunkSize"),
        ("2;\u{1}\r\nab\r\n0\r\n\r\n", "invalidChunkSize"),
        ("2\r\nabc\r\n0\r\n\r\n", "invalidChunkTerminator"),
        ("2\r\nab\rX0\r\n\r\n", "invalidChunkTerminator"),
        ("FFFFFFFFFFFFFFFFFFFF\r\n", "bodyTooLarge"),
        ("100001\r\n", "bodyTooLarge"),
        ("2\r\nab\r\n0\r\nBad Trailer\r\n\r\n", "invalidHeaderName"),
        ("2\r\nab\r\n0\r\n folded\r\n\r\n", "obsoleteLineFolding"),
        ("2\r\nab\r\n", "truncated"),
        ("2\r\na", "truncated"),
        ("2\r\nab", "truncated"),
        ("2\r\nab\r", "truncated"),
        ("2\r\nab\r\n0\r\n", "truncated"),
        ("2\r\nab\r\n0\r\nX: y\r\n", "truncated"),
    ])
    func rejectsBadChunks(body: String, code: String) {
        let message = Self.bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + body)
        #expect(Self.parseEverySplit(message) == .failure(HTTPWireError.Code(code)))
    }

    @Test func chunkLineLimit() {
        let extensions = String(repeating: ";e", count: HTTPResponseParser.Limits.defaultChunkLineBytes)
        let message = Self.bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1" + extensions + "\r\na\r\n0\r\n\r\n")
        #expect(Self.parse([message]) == .failure(.invalidChunkSize))
    }

    @Test func chunkedBodyLimitCountsAllChunks() {
        let limits = HTTPResponseParser.Limits(bodyBytes: 5)
        let fits = Self.bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
        #expect(Self.parseEverySplit(fits, limits: limits) != .failure(.bodyTooLarge))
        let over = Self.bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n3\r\ndef\r\n0\r\n\r\n")
        #expect(Self.parseEverySplit(over, limits: limits) == .failure(.bodyTooLarge))
    }

    @Test func trailerSectionHasItsOwnLimit() {
        let limits = HTTPResponseParser.Limits(headerSectionBytes: 64)
        let trailer = "X: " + String(repeating: "t", count: 70) + "\r\n"
        let message = Self.bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n" + trailer + "\r\n")
        #expect(Self.parse([message], limits: limits) == .failure(.headerSectionTooLarge))
    }

    // MARK: Interim, upgrade, keep-alive

    @Test func skipsInterimResponses() throws {
        let message = Self.bytes("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </s.css>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        let response = try Self.response(Self.parseEverySplit(message))
        #expect(response.head.status == 200)
        #expect(response.head.headers.count == 1)
        #expect(response.body == Self.bytes("ok"))
        let flood = String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: HTTPResponseParser.Limits.defaultInterimResponses + 1)
        #expect(Self.parse([Self.bytes(flood + "HTTP/1.1 204 OK\r\n\r\n")]) == .failure(.tooManyInterimResponses))
    }

    @Test func switchingProtocolsHandsOverTheRest() throws {
        let head = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n"
        let frame: [UInt8] = [0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f]
        var parser = HTTPResponseParser()
        parser.append(Self.bytes(head) + frame)
        guard case .head(let parsed) = try parser.nextPart() else {
            Issue.record("no head")
            return
        }
        #expect(parsed.status == 101)
        #expect(parser.isUpgraded)
        #expect(try parser.nextPart() == nil)
        #expect(parser.takeRemainingBytes() == frame)
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func readsResponsesBackToBack() throws {
        var parser = HTTPResponseParser()
        parser.append(Self.bytes("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\naHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nb\r\n0\r\n\r\n"))
        var parts: [HTTPResponsePart] = []
        while let part = try parser.nextPart() { parts.append(part) }
        #expect(parts.count == 6)
        #expect(parts[1] == .body(Self.bytes("a")))
        #expect(parts[2] == .end(trailers: HTTPHeaders()))
        #expect(parts[4] == .body(Self.bytes("b")))
    }

    @Test func stepsReportProgress() throws {
        var parser = HTTPResponseParser()
        #expect(try parser.parseStep() == .insufficientData)
        parser.append(Self.bytes("HTTP/1.1 200 OK\r\nA: b\r\n"))
        #expect(try parser.parseStep() == .continueParsing)  // status line
        #expect(try parser.parseStep() == .continueParsing)  // A: b
        #expect(try parser.parseStep() == .insufficientData)
        parser.append(Self.bytes("\r\n"))
        guard case .result(.head(let head)) = try parser.parseStep() else {
            Issue.record("no head")
            return
        }
        #expect(head.headers.first(name: "a") == "b")
    }

    @Test func oneShotParsingIgnoresWhatFollowsTheResponse() throws {
        let response = try HTTPResponse(parsing: Self.bytes("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nabc"))
        #expect(response.body == Self.bytes("a"))
        #expect(throws: HTTPWireError(.truncated, "")) { try HTTPResponse(parsing: Self.bytes("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nabc")) }
    }
}
