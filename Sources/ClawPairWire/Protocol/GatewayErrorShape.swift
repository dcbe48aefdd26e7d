/// The `error` of a failed response: `{code, message, details?, retryable?, retryAfterMs?}`
/// (spec/gateway-protocol.md, "Frames" and "Errors").
public struct GatewayErrorShape: Sendable, Hashable {
    /// The top-level code (`INVALID_REQUEST`, `UNAVAILABLE`, `NOT_PAIRED`, …).
    public var code: String
    /// The gateway's words: untrusted text, escape before printing.
    public var message: String
    /// Kept as sent; ``detailsView`` reads the known hints out of it.
    public var details: JSONValue?
    public var retryable: Bool?
    /// Integer ≥ 0.
    public var retryAfterMs: Int64?

    /// The gateway's generic refusal of a request it cannot take.
    public static let invalidRequestCode = "INVALID_REQUEST"
    /// A retryable refusal while the gateway starts.
    public static let unavailableCode = "UNAVAILABLE"

    public init(code: String, message: String, details: JSONValue? = nil, retryable: Bool? = nil, retryAfterMs: Int64? = nil) {
        self.code = code
        self.message = message
        self.details = details
        self.retryable = retryable
        self.retryAfterMs = retryAfterMs
    }

    init(_ object: JSONObjectReader) throws(ClawPairError) {
        code = try object.string("code")
        message = try object.string("message")
        details = object["details"]
        retryable = try object.optionalBool("retryable")
        retryAfterMs = try object.optionalInteger("retryAfterMs", atLeast: 0)
    }

    /// Decodes an error object on its own (the sim's tests, fixtures).
    public init(json: JSONValue) throws(ClawPairError) {
        try self.init(JSONObjectReader(json, path: "error"))
    }

    public var json: JSONValue {
        var builder = JSONObjectBuilder()
        builder.set("code", code)
        builder.set("message", message)
        builder.set("details", json: details)
        builder.set("retryable", retryable)
        builder.set("retryAfterMs", retryAfterMs)
        return builder.json
    }

    /// The known hints in ``details``.
    public var detailsView: GatewayErrorDetails { GatewayErrorDetails(details) }
}

/// The hints a gateway puts in `error.details` (spec/gateway-protocol.md, "Errors",
/// "Pairing").
///
/// `details` is free-form on the wire (`Type.Unknown()`), so this reads it leniently: a hint
/// of the wrong type is dropped rather than turning a clear refusal (pairing required) into
/// a protocol error.
public struct GatewayErrorDetails: Sendable, Hashable {
    public var code: GatewayErrorDetailCode?
    /// `not-paired`, `role-upgrade`, `scope-upgrade`, `metadata-upgrade`, or
    /// `startup-sidecars` for `UNAVAILABLE`.
    public var reason: String?
    public var requestId: String?
    public var remediationHint: String?
    public var retryable: Bool?
    public var pauseReconnect: Bool?
    public var waitForResolution: Bool?
    public var deviceId: String?
    public var canRetryWithDeviceToken: Bool?
    public var recommendedNextStep: GatewayRecommendedStep?
    public var retryAfterMs: Int64?

    public init(
        code: GatewayErrorDetailCode? = nil, reason: String? = nil, requestId: String? = nil, remediationHint: String? = nil,
        retryable: Bool? = nil, pauseReconnect: Bool? = nil, waitForResolution: Bool? = nil, deviceId: String? = nil,
        canRetryWithDeviceToken: Bool? = nil, recommendedNextStep: GatewayRecommendedStep? = nil, retryAfterMs: Int64? = nil
    ) {
        self.code = code
        self.reason = reason
        self.requestId = requestId
        self.remediationHint = remediationHint
        self.retryable = retryable
        self.pauseReconnect = pauseReconnect
        self.waitForResolution = waitForResolution
        self.deviceId = deviceId
        self.canRetryWithDeviceToken = canRetryWithDeviceToken
        self.recommendedNextStep = recommendedNextStep
        self.retryAfterMs = retryAfterMs
    }

    /// Reads the known members of `details`; anything else (absent, not an object) is empty.
    public init(_ details: JSONValue?) {
        func string(_ name: String) -> String? { details?[name]?.stringValue }
        func bool(_ name: String) -> Bool? {
            if case .bool(let flag)? = details?[name] { return flag }
            return nil
        }
        code = string("code").map(GatewayErrorDetailCode.init(rawValue:))
        reason = string("reason")
        requestId = string("requestId")
        remediationHint = string("remediationHint")
        retryable = bool("retryable")
        pauseReconnect = bool("pauseReconnect")
        waitForResolution = bool("waitForResolution")
        deviceId = string("deviceId")
        canRetryWithDeviceToken = bool("canRetryWithDeviceToken")
        recommendedNextStep = string("recommendedNextStep").map(GatewayRecommendedStep.init(rawValue:))
        if case .integer(let ms)? = details?["retryAfterMs"], ms >= 0 { retryAfterMs = ms } else { retryAfterMs = nil }
    }

    /// The details as the gateway writes them (absent hints left out).
    public var json: JSONValue {
        var builder = JSONObjectBuilder()
        builder.set("code", code?.rawValue)
        builder.set("reason", reason)
        builder.set("requestId", requestId)
        builder.set("remediationHint", remediationHint)
        builder.set("retryable", retryable)
        builder.set("pauseReconnect", pauseReconnect)
        builder.set("waitForResolution", waitForResolution)
        builder.set("deviceId", deviceId)
        builder.set("canRetryWithDeviceToken", canRetryWithDeviceToken)
        builder.set("recommendedNextStep", recommendedNextStep?.rawValue)
        builder.set("retryAfterMs", retryAfterMs)
        return builder.json
    }
}

/// `details.recommendedNextStep`; unknown values are kept.
public struct GatewayRecommendedStep: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let retryWithDeviceToken = Self(rawValue: "retry_with_device_token")
    public static let updateAuthConfiguration = Self(rawValue: "update_auth_configuration")
    public static let updateAuthCredentials = Self(rawValue: "update_auth_credentials")
    public static let waitThenRetry = Self(rawValue: "wait_then_retry")
    public static let reviewAuthConfiguration = Self(rawValue: "review_auth_configuration")
}
