/// A decoded, validated setup code, deep link or gateway URL: everything needed to reach and
/// pair with a gateway (spec/setup-codes.md). Make one with `SetupCodeReader.read`.
public struct SetupCode: Sendable, Hashable {
    /// What the input was.
    public enum Form: String, Sendable, Hashable {
        case setupCode = "setup-code"
        case deepLink = "deep-link"
        case url
    }

    /// A candidate route the code named but that cannot be used, and why.
    public struct IgnoredRoute: Sendable, Hashable {
        public let url: String
        public let error: ClawPairError.Code
        public let reason: String
    }

    public var form: Form
    /// The first valid route; the one `tlsFingerprint` pins.
    public var primary: GatewayRoute
    /// Further routes in order, de-duplicated; they do not inherit the pin.
    public var fallbacks: [GatewayRoute]
    public var auth: SetupAuth
    /// Unix ms after which the gateway refuses the code, if it said.
    public var expiresAtMs: Int64?
    /// Lowercase hex SHA-256 of the primary route's leaf certificate.
    public var tlsFingerprint: String?
    /// A display name, when the input carried one (`openclaw://gateway/add?name=…`).
    public var name: String?
    /// Candidates that were skipped, so the user learns why a route is missing.
    public var ignoredRoutes: [IgnoredRoute]

    public var routes: [GatewayRoute] { [primary] + fallbacks }

    public var access: AccessLevel { AccessLevel(routes: routes) }
}
