import Testing
@testable import ClawPairWire
@testable import ClawPairSim

@Suite struct HTTPRequestHeadParserTests {
    /// RFC 6455 §1.3's sample upgrade request.
    static let upgrade = "GET /chat HTTP/1.1\r\nHost: server.example.com\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"

    func parse(_ text: String) throws(HTTPWireError) -> HTTPRequestHead? {
        var parser = HTTPRequestHeadParser()
        parser.append(Array(text.utf8))
        return try parser.parseHead()
    }

    @Test func readsAnUpgradeRequestAndKeepsWhatFollows() throws {
        var parser = HTTPRequestHeadParser()
        let bytes = Array(Self.upgrade.utf8) + [0x81, 0x85]
        // Byte by byte: nothing until the empty line arrives.
        for byte in bytes.dropLast(3) {
            parser.append([byte])
            #expect(try parser.parseHead() == nil)
        }
        parser.append(bytes.suffix(3))
        let head = try #require(try parser.parseHead())
        #expect(head.method == .get)
        #expect(head.target == "/chat")
        #expect(head.path == "/chat")
        #expect(head.version == .http1_1)
        #expect(head.headers.first(name: "sec-websocket-key") == "dGhlIHNhbXBsZSBub25jZQ==")
        #expect(parser.takeRemainingBytes() == [0x81, 0x85])
    }

    @Test func readsBareLineFeedsAndContentLength() throws {
        let head = try #require(try parse("POST /approve/abc?x=1 HTTP/1.0\nContent-Length: 12\n\n"))
        #expect(head.path == "/approve/abc")
        #expect(head.version == .http1_0)
        #expect(head.contentLength == 12)
        #expect(try parse("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")?.contentLength == nil)
        #expect(try parse("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n")?.contentLength == nil)
        #expect(try parse("GET / HTTP/1.1\r\n\r\n")?.contentLength == 0)
    }

    @Test func refusesMalformedHeads() {
        let cases: [(String, HTTPWireError.Code)] = [
            ("GET /\r\n\r\n", .invalidStatusLine),
            ("GET / HTTP/2.0\r\n\r\n", .unsupportedVersion),
            ("GET  / HTTP/1.1\r\n\r\n", .invalidStatusLine),
            ("G(T / HTTP/1.1\r\n\r\n", .invalidStatusLine),
            ("GET / HTTP/1.1\r\n folded\r\n\r\n", .obsoleteLineFolding),
            ("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", .invalidHeaderName),
            ("GET / HTTP/1.1\r\nNoColon\r\n\r\n", .invalidHeaderName),
            ("GET / HTTP/1.1\r\nX: a\u{01}b\r\n\r\n", .invalidHeaderValue),
            ("GET / HTTP/1.1\r\nX: a\rb\r\n\r\n", .bareCarriageReturn),
            ("\r\n", .invalidStatusLine),
        ]
        for (text, code) in cases {
            #expect(throws: HTTPWireError(code, "")) { try parse(text) }
        }
    }

    @Test func enforcesItsLimits() {
        var parser = HTTPRequestHeadParser(maximumHeadBytes: 64, maximumHeaderCount: 2)
        parser.append(Array("GET / HTTP/1.1\r\nX-Long: \(String(repeating: "a", count: 80))".utf8))
        #expect(throws: HTTPWireError(.headerSectionTooLarge, "")) { try parser.parseHead() }
        var counted = HTTPRequestHeadParser(maximumHeadBytes: 1024, maximumHeaderCount: 2)
        counted.append(Array("GET / HTTP/1.1\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n".utf8))
        #expect(throws: HTTPWireError(.tooManyHeaders, "")) { try counted.parseHead() }
    }

    @Test func encodesResponseHeadsAndRefusesInjection() throws {
        let head = HTTPResponseHead(status: 302, reason: "Found", headers: ["Location": "https://a.example/"])
        #expect(String(decoding: try head.encoded(), as: UTF8.self) == "HTTP/1.1 302 Found\r\nLocation: https://a.example/\r\n\r\n")
        let injected = HTTPResponseHead(status: 200, reason: "OK", headers: ["X": "a\r\nSet-Cookie: b"])
        #expect(throws: HTTPWireError(.invalidHeaderValue, "")) { try injected.encoded() }
    }
}

@Suite struct WebSocketServerHandshakeTests {
    func head(_ fields: HTTPHeaders, method: HTTPMethod = .get, version: HTTPVersion = .http1_1) -> HTTPRequestHead {
        HTTPRequestHead(method: method, target: "/", version: version, headers: fields)
    }

    static let good: HTTPHeaders = [
        "Host": "h", "Upgrade": "WebSocket", "Connection": "keep-alive, Upgrade", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version": "13",
    ]

    @Test func acceptsWithTheRFCSampleAcceptValue() throws {
        let response = try WebSocketServerHandshake.accept(head(Self.good))
        #expect(response.status == 101)
        // RFC 6455 §1.3: this key's accept value.
        #expect(response.headers.first(name: "Sec-WebSocket-Accept") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(response.headers.containsToken("websocket", inField: "Upgrade"))
        // Our own client's check accepts the server's answer.
        let client = try #require(WebSocketHandshake(nonce: Array("the sample nonce".utf8)))
        var fields = Self.good
        fields.replaceOrAdd(name: "Sec-WebSocket-Key", value: client.key)
        try client.validate(try WebSocketServerHandshake.accept(head(fields)))
    }

    @Test func refusesBadUpgrades() {
        func refusal(_ change: (inout HTTPHeaders) -> Void, method: HTTPMethod = .get, version: HTTPVersion = .http1_1) -> Int? {
            var fields = Self.good
            change(&fields)
            do {
                _ = try WebSocketServerHandshake.accept(head(fields, method: method, version: version))
                return nil
            } catch {
                return error.status
            }
        }
        #expect(refusal({ _ in }, method: .post) == 405)
        #expect(refusal({ _ in }, version: .http1_0) == 400)
        #expect(refusal { $0.remove(name: "Upgrade") } == 400)
        #expect(refusal { $0.replaceOrAdd(name: "Connection", value: "keep-alive") } == 400)
        #expect(refusal { $0.replaceOrAdd(name: "Sec-WebSocket-Version", value: "8") } == 426)
        #expect(refusal { $0.replaceOrAdd(name: "Sec-WebSocket-Key", value: "short") } == 400)
        #expect(refusal { $0.add(name: "Sec-WebSocket-Key", value: "dGhlIHNhbXBsZSBub25jZQ==") } == 400)
        let upgradeRequired = WebSocketServerHandshake.Refusal(status: 426, reason: "").responseHead
        #expect(upgradeRequired.headers.first(name: "Sec-WebSocket-Version") == "13")
    }
}
