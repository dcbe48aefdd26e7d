/// A close status code (RFC 6455 §7.4).
///
/// Any 16-bit value is representable, so a code received from a peer can be reported even
/// when it is invalid; ``isValidOnWire`` says whether a peer may send it.
public struct WebSocketCloseCode: RawRepresentable, Sendable, Hashable {
    /// The code.
    public let rawValue: UInt16

    /// A code; use the static members for known ones.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// 1000: the purpose of the connection was fulfilled.
    public static let normalClosure = Self(rawValue: 1000)
    /// 1001: the endpoint is going away (server shutdown, page left).
    public static let goingAway = Self(rawValue: 1001)
    /// 1002: a protocol error.
    public static let protocolError = Self(rawValue: 1002)
    /// 1003: a data type the endpoint cannot accept.
    public static let unsupportedData = Self(rawValue: 1003)
    /// 1005: no status was present. Reported locally only, never sent (§7.4.1).
    public static let noStatusReceived = Self(rawValue: 1005)
    /// 1006: the connection closed without a close frame. Reported locally only.
    public static let abnormalClosure = Self(rawValue: 1006)
    /// 1007: message data inconsistent with its type (text that is not UTF-8).
    public static let invalidFramePayloadData = Self(rawValue: 1007)
    /// 1008: a policy violation. The OpenClaw gateway closes with it after
    /// `PAIRING_REQUIRED` (spec/gateway-protocol.md).
    public static let policyViolation = Self(rawValue: 1008)
    /// 1009: a message too big to process.
    public static let messageTooBig = Self(rawValue: 1009)
    /// 1010: the client expected an extension the server did not negotiate.
    public static let mandatoryExtension = Self(rawValue: 1010)
    /// 1011: the server hit an unexpected condition.
    public static let internalError = Self(rawValue: 1011)
    /// 1012: the service is restarting (IANA registry).
    public static let serviceRestart = Self(rawValue: 1012)
    /// 1013: try again later (IANA registry).
    public static let tryAgainLater = Self(rawValue: 1013)
    /// 1014: a gateway or proxy got an invalid response upstream (IANA registry).
    public static let badGateway = Self(rawValue: 1014)
    /// 1015: the TLS handshake failed. Reported locally only.
    public static let tlsHandshake = Self(rawValue: 1015)
    /// 4000: OpenClaw's tick timeout: the client closes with it after 2 × `tickIntervalMs`
    /// without a frame from the gateway (spec/gateway-protocol.md).
    public static let tickTimeout = Self(rawValue: 4000)

    /// Whether a peer may send this code in a close frame (§7.4.1, §7.4.2): 1000–2999 only
    /// when defined by the RFC or the IANA registry and not reserved for local use
    /// (1004, 1005, 1006, 1015 are not), 3000–4999 always (libraries, applications),
    /// nothing below 1000 or above 4999.
    public var isValidOnWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014: true
        case 3000...4999: true
        default: false
        }
    }
}

extension WebSocketCloseCode: CustomStringConvertible {
    public var description: String {
        let name: String? =
            switch rawValue {
            case 1000: "normal closure"
            case 1001: "going away"
            case 1002: "protocol error"
            case 1003: "unsupported data"
            case 1005: "no status received"
            case 1006: "abnormal closure"
            case 1007: "invalid payload data"
            case 1008: "policy violation"
            case 1009: "message too big"
            case 1010: "mandatory extension"
            case 1011: "internal error"
            case 1012: "service restart"
            case 1013: "try again later"
            case 1014: "bad gateway"
            case 1015: "TLS handshake failed"
            case 4000: "tick timeout"
            default: nil
            }
        return name.map { "\(rawValue) (\($0))" } ?? "\(rawValue)"
    }
}
