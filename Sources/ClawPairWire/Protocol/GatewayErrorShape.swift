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
    /// A refusal of a device the gateway has not approved (or no longer knows); the
    /// details' code says which (`PAIRING_REQUIRED`, `PAIRING_REJECTED` …).
    public static let notPairedCode = "NOT_PAIRED"

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
