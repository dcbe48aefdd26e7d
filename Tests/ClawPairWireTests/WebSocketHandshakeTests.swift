import Testing
@testable import ClawPairWire

@Suite struct WebSocketHandshakeTests {
    /// RFC 6455 §1.3: the nonce "the sample nonce" gives this key and accept value.
    static let handshake = WebSocketHandshake(nonce: Array("the sample nonce".utf8))!
    static let accept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="

    static func head(status: Int = 101, _ headers: HTTPHeaders) -> HTTPResponseHead {
        HTTPResponseHead(status: status, reason: "Switching Protocols", headers: headers)
    }

    static let goodHeaders: HTTPHeaders = ["Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Accept": accept]

    @Test func rfc6455SectionOneThreeExample() {
        #expect(Self.handshake.key == "dGhlIHNhbXBsZSBub25jZQ==")
        #expect(WebSocketHandshake.acceptValue(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == Self.accept)
        #expect(Self.handshake.expectedAccept == Self.accept)
    }

    @Test func keyIsPaddedBase64Of16Bytes() {
        let key = WebSocketHandshake(nonce: [UInt8](repeating: 0xFF, count: 16))!.key
        #expect(key == "/////////////////////w==")
        #expect(WebSocketHandshake(nonce: [UInt8](repeating: 0, count: 15)) == nil)
        #expect(WebSocketHandshake(nonce: [UInt8](repeating: 0, count: 17)) == nil)
    }

    @Test func upgradeRequest() throws {
        let request = Self.handshake.request(
            target: "/", host: "gateway.example.ts.net",
            extraHeaders: ["Cf-Access-Token": "a.b.c", "connection": "close", "Sec-WebSocket-Key": "evil", "HOST": "x", "X-Custom": "1"])
        let text = String(decoding: try request.encoded(), as: UTF8.self)
        #expect(
            text == "GET / HTTP/1.1\r\nHost: gateway.example.ts.net\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                + "Cf-Access-Token: a.b.c\r\nX-Custom: 1\r\n\r\n")
    }

    @Test func acceptsAValidUpgrade() throws {
        try Self.handshake.validate(Self.head(Self.goodHeaders))
        // Token lists, any case.
        try Self.handshake.validate(
            Self.head(["upgrade": "WebSocket", "connection": "keep-alive, UPGRADE", "sec-websocket-accept": Self.accept]))
    }

    @Test func acceptsTheRFCServerResponseParsedFromBytes() throws {
        let bytes = Array(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n".utf8)
        let response = try HTTPResponse(parsing: bytes)
        try Self.handshake.validate(response.head)
    }

    @Test(arguments: [
        (200, goodHeaders, "unexpectedStatus"),
        (302, goodHeaders, "unexpectedStatus"),
        (101, ["Connection": "Upgrade", "Sec-WebSocket-Accept": accept], "missingUpgrade"),
        (101, ["Upgrade": "h2c", "Connection": "Upgrade", "Sec-WebSocket-Accept": accept], "missingUpgrade"),
        (101, ["Upgrade": "websocket", "Sec-WebSocket-Accept": accept], "missingConnectionUpgrade"),
        (101, ["Upgrade": "websocket", "Connection": "keep-alive", "Sec-WebSocket-Accept": accept], "missingConnectionUpgrade"),
        (101, ["Upgrade": "websocket", "Connection": "Upgrade"], "badAccept"),
        (101, ["Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Accept": "s3pPLMBiTxaQ9kYGzzhZRbK+xOo"], "badAccept"),
        (101, ["Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Accept": "S3PPLMBITXAQ9KYGZZHZRBK+XOO="], "badAccept"),
        (101, ["Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Accept": accept, "sec-websocket-accept": accept], "badAccept"),
        (101, ["Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Accept": accept, "Sec-WebSocket-Extensions": "permessage-deflate"], "unrequestedNegotiation"),
        (101, ["Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Accept": accept, "Sec-WebSocket-Protocol": "chat"], "unrequestedNegotiation"),
    ] as [(Int, HTTPHeaders, String)])
    func rejects(status: Int, headers: HTTPHeaders, code: String) {
        #expect(throws: WebSocketHandshakeError(WebSocketHandshakeError.Code(code), "", status: status)) {
            try Self.handshake.validate(Self.head(status: status, headers))
        }
    }

    /// The upgrade's other failures get their probe codes where the probe meets them
    /// (RouteProberFailureCodeTests); a protocol violation maps the same everywhere.
    @Test func protocolViolationMapsToItsProbeCode() {
        #expect(WebSocketProtocolError(.maskedServerFrame, "x").clawPairError.code.rawValue == "WS_PROTOCOL_ERROR")
    }
}
