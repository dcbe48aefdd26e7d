/// The client's side of the opening handshake (RFC 6455 §4.1): the upgrade request's fields
/// from a nonce, and the check of the server's answer.
///
/// The 16-byte nonce comes from the caller's randomness source, so tests are deterministic.
public struct WebSocketHandshake: Sendable, Hashable {
    /// The GUID appended to the key before hashing (§1.3).
    public static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
    /// The protocol version sent in `Sec-WebSocket-Version`.
    public static let version = "13"

    /// Header names the handshake owns; extra fields with these names are dropped from the
    /// request rather than sent twice or allowed to change the upgrade.
    public static let reservedHeaderNames: [String] = [
        "Host", "Upgrade", "Connection", "Content-Length", "Transfer-Encoding", "Proxy-Connection",
    ]

    /// `Sec-WebSocket-Key`: base64 (with padding) of the nonce, 24 characters.
    public let key: String

    /// A handshake for a 16-byte random nonce; nil for any other length (§4.1: "a randomly
    /// selected 16-byte value").
    public init?(nonce: [UInt8]) {
        guard nonce.count == 16 else { return nil }
        key = Self.base64(nonce)
    }

    /// The `Sec-WebSocket-Accept` value a server must answer `key` with:
    /// base64(SHA-1(key + GUID)) (§4.2.2). Also what `clawpair sim` sends.
    public static func acceptValue(forKey key: String) -> String {
        base64(SHA1.hash(Array((key + acceptGUID).utf8)))
    }

    /// The value the server must answer this handshake's key with.
    public var expectedAccept: String { Self.acceptValue(forKey: key) }

    /// The upgrade request: `GET target` with `Host`, `Upgrade: websocket`,
    /// `Connection: Upgrade`, the key and version 13, then `extraHeaders` in order (an
    /// Access token, custom headers). Extra fields named in ``reservedHeaderNames`` or
    /// starting `Sec-WebSocket-` are dropped.
    public func request(target: String, host: String, extraHeaders: HTTPHeaders = HTTPHeaders()) -> HTTPRequest {
        var headers: HTTPHeaders = [
            "Upgrade": "websocket",
            "Connection": "Upgrade",
            "Sec-WebSocket-Key": key,
            "Sec-WebSocket-Version": Self.version,
        ]
        for (name, value) in extraHeaders {
            let reserved = Self.reservedHeaderNames.contains { HTTPToken.equalsIgnoringCase($0, name) }
            let lowered = HTTPToken.lowercased(name)
            guard !reserved, !lowered.hasPrefix("sec-websocket-") else { continue }
            headers.add(name: name, value: value)
        }
        return HTTPRequest(method: .get, target: target, host: host, headers: headers)
    }

    /// Checks the server's answer (§4.1, the client's checks 1–6): status 101, `Upgrade`
    /// holding `websocket` and `Connection` holding `upgrade` (token lists, any case), exactly
    /// one `Sec-WebSocket-Accept` equal to ``expectedAccept``, and no extension or
    /// subprotocol, since none is offered.
    public func validate(_ head: HTTPResponseHead) throws(WebSocketHandshakeError) {
        let status = head.status
        guard status == 101 else {
            throw WebSocketHandshakeError(.unexpectedStatus, "status \(status) \(head.reason)", status: status)
        }
        guard head.headers.containsToken("websocket", inField: "Upgrade") else {
            let value = head.headers["Upgrade"].joined(separator: ", ")
            throw WebSocketHandshakeError(.missingUpgrade, "Upgrade is \(value.isEmpty ? "missing" : "`\(value)`")", status: status)
        }
        guard head.headers.containsToken("upgrade", inField: "Connection") else {
            throw WebSocketHandshakeError(.missingConnectionUpgrade, "Connection does not list upgrade", status: status)
        }
        let accepts = head.headers["Sec-WebSocket-Accept"]
        guard accepts.count == 1, let accept = accepts.first else {
            throw WebSocketHandshakeError(
                .badAccept, accepts.isEmpty ? "Sec-WebSocket-Accept is missing" : "Sec-WebSocket-Accept is repeated", status: status)
        }
        guard accept == expectedAccept else {
            throw WebSocketHandshakeError(.badAccept, "Sec-WebSocket-Accept is `\(accept)`, expected `\(expectedAccept)`", status: status)
        }
        for name in ["Sec-WebSocket-Extensions", "Sec-WebSocket-Protocol"] where !head.headers.listElements(name: name).isEmpty {
            throw WebSocketHandshakeError(.unrequestedNegotiation, "the server chose \(name) that was not offered", status: status)
        }
    }

    /// Standard base64 (RFC 4648 §4) with padding, as both handshake fields use.
    private static func base64(_ bytes: [UInt8]) -> String { StrictBase64.encode(bytes, .standardPadded) }
}
