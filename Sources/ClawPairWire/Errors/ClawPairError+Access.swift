// Error codes of Cloudflare Access sign-in and use (spec/cloudflare-access.md). Every one is
// an authorization failure (exit 6) except a custom header the rules refuse (exit 3).

extension ClawPairError.Code {
    /// The metadata HEAD had no usable `Cf-Access-Metadata` JWT, or its claims break the rules
    /// (type, hostname, aud, iat).
    public static let accessMetadataInvalid = Self("ACCESS_METADATA_INVALID", .authorization)
    /// The metadata's `auth_domain` is not `<team>.cloudflareaccess.com`.
    public static let accessIssuerInvalid = Self("ACCESS_ISSUER_INVALID", .authorization)
    /// The issuer's JWKS could not be read, is oversized, or has no usable key for the `kid`.
    public static let accessKeysInvalid = Self("ACCESS_KEYS_INVALID", .authorization)
    /// A JWT is malformed, uses another algorithm than RS256, or its signature does not verify.
    public static let accessTokenInvalid = Self("ACCESS_TOKEN_INVALID", .authorization)
    /// The app token's claims are wrong: iss, aud, type, sub, exp (expired) or nbf (not yet valid).
    public static let accessTokenClaimsInvalid = Self("ACCESS_TOKEN_CLAIMS_INVALID", .authorization)
    /// The transfer service answered with a redirect (abort) or a server error.
    public static let accessTransferFailed = Self("ACCESS_TRANSFER_FAILED", .authorization)
    /// The transfer service had no token within the poll budget.
    public static let accessTransferTimedOut = Self("ACCESS_TRANSFER_TIMED_OUT", .authorization)
    /// The transfer envelope or the service key is malformed, or the box does not open (bad MAC).
    public static let accessEnvelopeInvalid = Self("ACCESS_ENVELOPE_INVALID", .authorization)
    /// `get-identity` did not confirm the token's subject.
    public static let accessIdentityMismatch = Self("ACCESS_IDENTITY_MISMATCH", .authorization)
    /// The stored session is past its expiry, or Access challenged a request that carried it
    /// (revoked): sign in again.
    public static let accessSessionExpired = Self("ACCESS_SESSION_EXPIRED", .authorization)
    /// `access status|logout` for an origin with no stored session.
    public static let accessNoSession = Self("ACCESS_NO_SESSION", .notFound)
    /// An Access service (edge, issuer, transfer service) sent a response that is not valid
    /// HTTP or is larger than its cap, or ended the connection early.
    public static let accessResponseInvalid = Self("ACCESS_RESPONSE_INVALID", .authorization)
    /// An Access service did not answer within the request's timeout (15 s; a poll 60 s).
    public static let accessTimedOut = Self("ACCESS_TIMED_OUT", .authorization)
    /// `access` was given a target that is not behind an `https`/`wss` origin.
    public static let accessTargetInvalid = Self("ACCESS_TARGET_INVALID", .invalidInput)
    /// A custom header name or value the rules refuse (forbidden name, control characters).
    public static let headerInvalid = Self("HEADER_INVALID", .invalidInput)
}
