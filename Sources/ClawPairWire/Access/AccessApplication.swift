/// The Access application in front of an origin, as its metadata JWT describes it
/// (spec/cloudflare-access.md "Finding the application", steps 2 and 3).
///
/// Claims checked: `type == "match"`, `hostname` == the origin's host, `aud` non-empty and at
/// most 512 bytes, `now − 86400 ≤ iat ≤ now + 300`; the issuer is `https://<auth_domain>`
/// and `auth_domain` must be exactly `<team>.cloudflareaccess.com`. The signature is checked
/// separately, with the issuer's keys.
public struct AccessApplication: Sendable, Hashable {
    /// The response header carrying the metadata JWT, and the request header asking for it.
    public static let metadataHeader = "Cf-Access-Metadata"
    public static let metadataRequestHeader = "Cf-Access-Metadata-Request"
    /// How old an `iat` may be, and how far in the future (clock skew).
    public static let maximumAge: Int64 = 86400
    public static let maximumSkew: Int64 = 300
    public static let maximumAudienceBytes = 512
    public static let issuerSuffix = ".cloudflareaccess.com"

    public let origin: AccessOrigin
    /// The application's audience tag.
    public let audience: String
    /// `https://<team>.cloudflareaccess.com`.
    public let issuer: String

    /// The application `token` describes for `origin` at `nowSeconds`; throws
    /// `ACCESS_METADATA_INVALID` or `ACCESS_ISSUER_INVALID`.
    public init(metadata token: JSONWebToken, origin: AccessOrigin, nowSeconds: Int64) throws(ClawPairError) {
        func invalid(_ why: String) -> ClawPairError { ClawPairError(.accessMetadataInvalid, "the Access metadata \(why)") }
        guard token.string("type") == "match" else { throw invalid("is not of type \"match\"") }
        // The origin's host without brackets or port: what Access writes in `hostname`.
        guard let hostname = token.string("hostname"), HTTPToken.lowercased(hostname) == origin.host else {
            throw invalid("names another host than \(origin.host)")
        }
        guard let audience = token.string("aud"), !audience.isEmpty, audience.utf8.count <= Self.maximumAudienceBytes else {
            throw invalid("has no aud, or one longer than \(Self.maximumAudienceBytes) bytes")
        }
        guard let issuedAt = token.seconds("iat"), issuedAt >= nowSeconds - Self.maximumAge, issuedAt <= nowSeconds + Self.maximumSkew
        else { throw invalid("was issued at a time outside the last day (iat)") }
        guard let domain = token.string("auth_domain") else { throw invalid("has no auth_domain") }
        self.origin = origin
        self.audience = audience
        self.issuer = try Self.issuer(authDomain: domain)
    }

    /// `https://<domain>` when `domain` is exactly `<team>.cloudflareaccess.com` (team: 1–63
    /// of `[a-z0-9-]`, no leading or trailing `-`); throws `ACCESS_ISSUER_INVALID` otherwise.
    public static func issuer(authDomain domain: String) throws(ClawPairError) -> String {
        let bytes = Array(domain.utf8)
        let suffix = Array(issuerSuffix.utf8)
        let team = bytes.count > suffix.count && bytes.suffix(suffix.count).elementsEqual(suffix) ? bytes.dropLast(suffix.count) : []
        let isTeamByte = { (byte: UInt8) in (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D }
        guard (1...63).contains(team.count), team.allSatisfy(isTeamByte), team.first != 0x2D, team.last != 0x2D else {
            throw ClawPairError(
                .accessIssuerInvalid,
                "the Access auth_domain \(domain.debugDescription) is not <team>.cloudflareaccess.com; refusing to fetch keys from it")
        }
        return "https://" + domain
    }
}
