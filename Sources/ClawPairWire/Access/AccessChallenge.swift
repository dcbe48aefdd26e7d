/// A Cloudflare Access challenge: the response says the origin sits behind Access and this
/// client has no valid session (spec/cloudflare-access.md "Detecting a challenge").
///
/// A response is a challenge only when all of these hold:
/// - its status is 301, 302, 303, 307, 308, 401 or 403 (redirects are never followed, so
///   the response is the origin's own);
/// - a `WWW-Authenticate` field of at most 8192 bytes has a challenge with scheme
///   `Cloudflare-Access` or `Bearer` (any case) and exactly one `resource_metadata`
///   parameter;
/// - that parameter is an `https` URL with the request's origin, no userinfo, query or
///   fragment, whose path is ``resourceMetadataPath`` or below it (no dot segments).
///
/// So a bare `403` from `Server: cloudflare`, metadata on a foreign host, or the right
/// header on a `200` is not a challenge. Fields over the size limit or that do not parse
/// are skipped; another field may still make the response a challenge.
public struct AccessChallenge: Sendable, Hashable {
    /// The origin the request went to.
    public let origin: AccessOrigin
    /// The response status.
    public let status: Int
    /// The auth scheme as the server wrote it (`Cloudflare-Access` or `Bearer`).
    public let scheme: String
    /// The protected-resource metadata URL from `resource_metadata`.
    public let resourceMetadata: String
    /// `Location`, when the response had one: the Access sign-in page for a redirect.
    public let location: String?
    /// The sign-in host from `Location` (`<team>.cloudflareaccess.com`), lowercased; the
    /// origin's host for a relative `Location`; nil without one, or when it is not a URL.
    public let loginHost: String?

    /// Statuses an Access challenge can have.
    public static let statuses: Set<Int> = [301, 302, 303, 307, 308, 401, 403]
    /// Longest `WWW-Authenticate` field considered; real ones are about 150 bytes.
    public static let maximumAuthenticateFieldBytes = 8192
    /// The protected-resource metadata path, per RFC 9728 §3's well-known suffix.
    public static let resourceMetadataPath = "/.well-known/cloudflare-access-protected-resource"

    /// The challenge in the response to a request for `requestURL` (an `https` or `wss`
    /// URL), or nil when the response is not one or the URL has no Access origin.
    public static func detect(requestURL: String, head: HTTPResponseHead) -> AccessChallenge? {
        guard let origin = AccessOrigin(url: requestURL) else { return nil }
        return detect(origin: origin, head: head)
    }

    /// The challenge in a response from `origin`, or nil when it is not one.
    public static func detect(origin: AccessOrigin, head: HTTPResponseHead) -> AccessChallenge? {
        guard statuses.contains(head.status) else { return nil }
        for field in head.headers["WWW-Authenticate"] where field.utf8.count <= maximumAuthenticateFieldBytes {
            guard let challenges = try? HTTPAuthenticationChallenge.parse(field) else { continue }
            for challenge in challenges where challenge.hasScheme("Cloudflare-Access") || challenge.hasScheme("Bearer") {
                guard let metadata = challenge.parameter("resource_metadata"), isResourceMetadata(metadata, of: origin) else {
                    continue
                }
                return AccessChallenge(
                    origin: origin, status: head.status, scheme: challenge.scheme, resourceMetadata: metadata,
                    location: head.location, loginHost: head.location.flatMap { loginHost(location: $0, origin: origin) })
            }
        }
        return nil
    }

    /// The failure the probe reports (`HTTP_ACCESS_CHALLENGE`, exit 6).
    public var clawPairError: ClawPairError {
        let signIn = loginHost.map { " (sign-in at \($0))" } ?? ""
        return ClawPairError(
            .httpAccessChallenge, "\(origin) is behind Cloudflare Access and this machine has no valid session\(signIn)",
            remedy: "run `clawpair access login` for this gateway")
    }

    // MARK: Rules

    static func isResourceMetadata(_ text: String, of origin: AccessOrigin) -> Bool {
        guard let url = AccessURL(text), url.scheme == "https", AccessOrigin(url) == origin else { return false }
        let path = url.path
        guard path == resourceMetadataPath || path.hasPrefix(resourceMetadataPath + "/") else { return false }
        // "At or below" must mean it after resolution too: no `.`/`..` segments, plain or
        // percent-encoded, and no encoded slash that a server might decode into a new segment.
        let lowered = HTTPToken.lowercased(path)
        guard !lowered.contains("%2f"), !lowered.contains("%5c") else { return false }
        let segments = lowered.replacingPercentEncodedDots().split(separator: "/", omittingEmptySubsequences: false)
        return !segments.contains { $0 == "." || $0 == ".." }
    }

    static func loginHost(location: String, origin: AccessOrigin) -> String? {
        if location.hasPrefix("/") && !location.hasPrefix("//") { return origin.host }
        guard let url = AccessURL(location), url.scheme == "https" || url.scheme == "http" else { return nil }
        return url.host
    }
}

extension String {
    /// `%2e` (already lowercased) as `.`, so encoded dot segments are seen as dot segments.
    fileprivate func replacingPercentEncodedDots() -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: "%2e") {
            result += rest[..<range.lowerBound]
            result += "."
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
