/// Why a response to the WebSocket upgrade request is not an accepted upgrade (RFC 6455 §4.1).
///
/// A ``CodedError``, compared by code only; ``status`` is the response's status.
public struct WebSocketHandshakeError: CodedError {
    /// What was wrong.
    public let code: Code
    /// One sentence naming the field and what it held.
    public let reason: String
    /// The response's status.
    public let status: Int
    /// Where the error was made, for bug reports.
    public let location: String

    /// An error, recording where it was made.
    public init(_ code: Code, _ reason: String, status: Int, fileID: StaticString = #fileID, line: UInt = #line) {
        self.code = code
        self.reason = reason
        self.status = status
        self.location = "\(fileID):\(line)"
    }

    /// A stable code for what was wrong.
    public typealias Code = ErrorCode<WebSocketHandshakeError>
}

extension ErrorCode where Family == WebSocketHandshakeError {
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
