// Error codes of the gateway protocol (spec/gateway-protocol.md) and their exit classes
// (spec/cli.md: 4 for protocol-level failures, 6 for authorization).

extension ClawPairError.Code {
    /// The gateway sent something the protocol does not allow: a frame that is not JSON, a
    /// field of the wrong type, a malformed challenge, a frame over the size limit.
    public static let gatewayProtocolError = Self("GATEWAY_PROTOCOL_ERROR", .unreachable)
    /// The upgrade succeeded but no valid `connect.challenge` came within the wait.
    public static let gatewayNoChallenge = Self("GATEWAY_NO_CHALLENGE", .unreachable)
    /// The whole connect (challenge, `connect`, answer) did not finish in time.
    public static let gatewayConnectTimeout = Self("GATEWAY_CONNECT_TIMEOUT", .unreachable)
    /// A request got no response within its timeout.
    public static let gatewayRequestTimeout = Self("GATEWAY_REQUEST_TIMEOUT", .unreachable)
    /// No frame from the gateway for 2 × `tickIntervalMs`; the client closed with 4000.
    public static let gatewayTickTimeout = Self("GATEWAY_TICK_TIMEOUT", .unreachable)
    /// The connection ended (closed by the gateway, or the stream broke) outside a handshake
    /// answer that explains why.
    public static let gatewayClosed = Self("GATEWAY_CLOSED", .unreachable)
    /// The gateway is starting or otherwise unavailable and asked to retry later.
    public static let gatewayUnavailable = Self("GATEWAY_UNAVAILABLE", .unreachable)
    /// No protocol version in common (`PROTOCOL_MISMATCH`, `CLIENT_VERSION_MISMATCH`).
    public static let protocolMismatch = Self("PROTOCOL_MISMATCH", .unreachable)
    /// A request failed with an error that is not about the connection (after hello-ok).
    public static let gatewayRequestFailed = Self("GATEWAY_REQUEST_FAILED", .unreachable)

    // Authorization (exit 6).
    /// The device must be approved on the gateway host (`PAIRING_REQUIRED`).
    public static let pairingRequired = Self("PAIRING_REQUIRED", .authorization)
    /// The gateway's operator rejected the pairing request.
    public static let pairingRejected = Self("PAIRING_REJECTED", .authorization)
    /// The pairing request expired before anyone approved it.
    public static let pairingExpired = Self("PAIRING_EXPIRED", .authorization)
    /// A setup-code bootstrap is waiting for approval: retry with the same token.
    public static let pairingPending = Self("PAIRING_PENDING", .authorization)
    /// Too many failed attempts; retry after `retryAfterMs`.
    public static let authRateLimited = Self("AUTH_RATE_LIMITED", .authorization)
    /// The setup code's bootstrap token is unknown, used or expired.
    public static let bootstrapTokenInvalid = Self("AUTH_BOOTSTRAP_TOKEN_INVALID", .authorization)
    /// The stored device token is no longer valid for this device and role.
    public static let deviceTokenMismatch = Self("AUTH_DEVICE_TOKEN_MISMATCH", .authorization)
    /// The gateway refused the device block (signature, nonce, clock skew, key, id).
    public static let deviceAuthFailed = Self("DEVICE_AUTH_FAILED", .authorization)
    /// Any other authentication failure (token, password, scopes, identity required).
    public static let authFailed = Self("AUTH_FAILED", .authorization)
    /// The gateway closed the connection with 1008 (policy violation).
    public static let gatewayPolicyClose = Self("GATEWAY_POLICY_CLOSE", .authorization)
}
