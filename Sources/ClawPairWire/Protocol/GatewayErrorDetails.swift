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
