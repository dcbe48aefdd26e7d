/// Why a response to the WebSocket upgrade request is not an accepted upgrade (RFC 6455 §4.1).
public struct WebSocketHandshakeError: Error, Sendable, CustomStringConvertible {
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

    public var description: String { "\(code): \(reason)" }

    /// A stable code for what was wrong.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code as text.
        public let rawValue: String

        /// A code; use the static members.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

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
}

extension WebSocketHandshakeError: Equatable {
    public static func == (lhs: WebSocketHandshakeError, rhs: WebSocketHandshakeError) -> Bool { lhs.code == rhs.code }
}

extension WebSocketHandshakeError {
    /// The probe's `http` stage failure: `HTTP_UNEXPECTED_STATUS` for a status other than
    /// 101, `WS_UPGRADE_REJECTED` for a 101 that is not a valid accept. Check for a
    /// Cloudflare Access challenge (``AccessChallenge``) first: it has its own code.
    public var clawPairError: ClawPairError {
        if code == .unexpectedStatus {
            return ClawPairError(
                .httpUnexpectedStatus, "the WebSocket upgrade was answered with HTTP \(status)",
                remedy: "check the URL's path and that the port serves the OpenClaw gateway, not another web server")
        }
        return ClawPairError(
            .wsUpgradeRejected, "the server did not accept the WebSocket upgrade: \(reason)",
            remedy: "a proxy in front of the gateway may not pass WebSocket upgrades through")
    }
}
