/// Why a response to the WebSocket upgrade request is not an accepted upgrade (RFC 6455 §4.1);
/// ``LayerError/status`` is the response's status.
public typealias WebSocketHandshakeError = LayerError<WebSocketHandshakeFailure>

/// The family of ``WebSocketHandshakeError``; its detail is the response's status.
public enum WebSocketHandshakeFailure: ErrorFamily {
    public typealias Detail = Int
}

extension LayerError where Family == WebSocketHandshakeFailure {
    /// An error about a response with `status`, recording where it was made.
    public init(_ code: Code, _ reason: String, status: Int, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(code, reason, detail: status, fileID: fileID, line: line)
    }

    /// The response's status.
    public var status: Int { detail }
}

extension ErrorCode where Family == WebSocketHandshakeFailure {
    /// The status is not 101.
    public static let unexpectedStatus = Self("unexpectedStatus")
    /// No `Upgrade: websocket`.
    public static let missingUpgrade = Self("missingUpgrade")
    /// No `upgrade` token in `Connection`.
    public static let missingConnectionUpgrade = Self("missingConnectionUpgrade")
    /// `Sec-WebSocket-Accept` absent, repeated, or not the hash of our key.
    public static let badAccept = Self("badAccept")
    /// An extension or subprotocol the client did not offer (§4.1 items 5 and 6).
    public static let unrequestedNegotiation = Self("unrequestedNegotiation")
}
