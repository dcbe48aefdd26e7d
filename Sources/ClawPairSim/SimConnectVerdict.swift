import ClawPairKit

/// What `clawpair sim` answers a `connect` request with.
enum SimConnectVerdict: Sendable {
    /// `hello-ok`: the session is authenticated.
    case accept(SimAcceptance)
    /// An error response, then a close with `closeCode` and `closeReason`.
    case refuse(SimRefusal)
}

/// A successful connect: what goes into `hello-ok` and `/connections`.
struct SimAcceptance: Sendable {
    var protocolVersion: Int64
    var role: String
    var scopes: [String]
    var deviceId: String
    var clientId: String
    var mode: String
    var signatureVersion: DeviceAuthPayload.Version
    var deviceToken: Secret?
    var otherDeviceTokens: [IssuedDeviceToken]
    /// A bootstrap token this connect used up.
    var consumedBootstrapToken: String?
    var authKind: String
}

/// A refused connect.
struct SimRefusal: Sendable {
    var error: GatewayErrorShape
    var closeCode: WebSocketCloseCode
    var closeReason: String
    /// For `/attempts`: the detail code, or the top-level code when there is none.
    var outcome: String
    var requestId: String?
    var authKind: String?

    /// A refusal with `details.code` set, closed with 1008.
    static func detail(
        _ code: GatewayErrorDetailCode, _ message: String, topLevel: String = GatewayErrorShape.invalidRequestCode,
        details: GatewayErrorDetails = GatewayErrorDetails(), closeCode: WebSocketCloseCode = .policyViolation,
        closeReason: String? = nil, retryable: Bool? = nil, requestId: String? = nil, authKind: String? = nil
    ) -> SimRefusal {
        var details = details
        details.code = code
        return SimRefusal(
            error: GatewayErrorShape(code: topLevel, message: message, details: details.json, retryable: retryable),
            closeCode: closeCode, closeReason: closeReason ?? message, outcome: code.rawValue, requestId: requestId,
            authKind: authKind)
    }

    /// A device-block refusal worded as the gateway words it: its exact message (also the
    /// close reason) and `details.reason` (``GatewayErrorDetailCode/deviceAuthRefusal``).
    static func deviceAuth(_ code: GatewayErrorDetailCode) -> SimRefusal {
        guard let wording = code.deviceAuthRefusal else { return detail(code, "device auth invalid") }
        return detail(code, wording.message, details: GatewayErrorDetails(reason: wording.reason))
    }

    /// 2 s: the back-off the `rate-limit` fault asks for.
    static let rateLimitRetryMs: Int64 = 2_000
    /// 1 s: the back-off the `startup` fault asks for.
    static let startupRetryMs: Int64 = 1_000

    /// `AUTH_RATE_LIMITED` with `retryAfterMs` (the `rate-limit` fault, or a client address
    /// locked out by ``SimAuthFailureLimiter``).
    static func rateLimited(retryAfterMs: Int64 = rateLimitRetryMs) -> SimRefusal {
        var refusal = detail(
            .authRateLimited, "unauthorized: too many failed authentication attempts (retry later)",
            details: GatewayErrorDetails(retryable: true, retryAfterMs: retryAfterMs), retryable: true)
        refusal.error.retryAfterMs = retryAfterMs
        return refusal
    }

    /// A retryable `UNAVAILABLE` while "sidecars start" (the `startup` fault).
    static var startingUp: SimRefusal {
        let details = GatewayErrorDetails(reason: GatewayErrorDetailCode.startupSidecarsReason, retryAfterMs: startupRetryMs)
        return SimRefusal(
            error: GatewayErrorShape(
                code: GatewayErrorShape.unavailableCode, message: "gateway starting: sidecars are not ready",
                details: details.json, retryable: true, retryAfterMs: startupRetryMs),
            closeCode: .tryAgainLater, closeReason: "gateway starting", outcome: GatewayErrorShape.unavailableCode)
    }

    /// A refusal with only a top-level code (malformed params, closed sets).
    static func invalidRequest(_ message: String) -> SimRefusal {
        SimRefusal(
            error: GatewayErrorShape(code: GatewayErrorShape.invalidRequestCode, message: message),
            closeCode: .policyViolation, closeReason: "invalid connect params", outcome: GatewayErrorShape.invalidRequestCode)
    }
}
