/// The claims of an Access app token that make it a session for one application
/// (spec/cloudflare-access.md "Session transfer" step 6): `iss` == the issuer, `aud` (a
/// string or an array of at most 16) contains the app's audience, `type == "app"`, `sub`
/// non-empty and at most 512 bytes, `exp > now`, `nbf ≤ now` when present.
public struct AccessAppToken: Sendable, Hashable {
    public static let maximumAudiences = 16
    public static let maximumSubjectBytes = 512

    /// The user's id; `get-identity` must answer it as `user_uuid`.
    public let subject: String
    /// `exp`, in seconds since the epoch.
    public let expiresAt: Int64

    /// Checks `token` (already signature-verified) for `application` at `nowSeconds`; throws
    /// `ACCESS_TOKEN_CLAIMS_INVALID` naming the claim.
    public init(_ token: JSONWebToken, application: AccessApplication, nowSeconds: Int64) throws(ClawPairError) {
        func invalid(_ why: String) -> ClawPairError { ClawPairError(.accessTokenClaimsInvalid, "the Access app token \(why)") }
        guard token.string("iss") == application.issuer else { throw invalid("was issued by another issuer than \(application.issuer)") }
        let audiences: [String]
        switch token.claims["aud"] {
        case .string(let one)?: audiences = [one]
        case .array(let many)? where many.count <= Self.maximumAudiences: audiences = many.compactMap(\.stringValue)
        default: audiences = []
        }
        guard audiences.contains(application.audience) else { throw invalid("is for another application (aud)") }
        guard token.string("type") == "app" else { throw invalid("is not of type \"app\"") }
        guard let subject = token.string("sub"), !subject.isEmpty, subject.utf8.count <= Self.maximumSubjectBytes else {
            throw invalid("has no subject (sub)")
        }
        guard let expiresAt = token.seconds("exp") else { throw invalid("has no expiry (exp)") }
        guard expiresAt > nowSeconds else { throw invalid("has expired") }
        if token.claims["nbf"] != nil {
            guard let notBefore = token.seconds("nbf"), notBefore <= nowSeconds else { throw invalid("is not valid yet (nbf)") }
        }
        self.subject = subject
        self.expiresAt = expiresAt
    }
}
