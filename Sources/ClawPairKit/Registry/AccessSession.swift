/// A Cloudflare Access session: the app token for one origin, shared by every registry entry
/// behind it (spec/cloudflare-access.md "Session transfer" step 7). Stored 0600 in the
/// registry; the token is a ``Secret`` and never printed.
public struct AccessSession: Sendable, Hashable {
    /// `https://host[:port]`.
    public var origin: String
    public var token: Secret
    /// `https://<team>.cloudflareaccess.com`; nil for a session stored before it was kept.
    public var issuer: String?
    /// The application's audience tag.
    public var audience: String?
    /// The user (`sub`).
    public var subject: String?
    /// `exp` in Unix ms.
    public var expiresAtMs: Int64?

    public init(
        origin: String, token: Secret, issuer: String? = nil, audience: String? = nil, subject: String? = nil, expiresAtMs: Int64? = nil
    ) {
        self.origin = origin
        self.token = token
        self.issuer = issuer
        self.audience = audience
        self.subject = subject
        self.expiresAtMs = expiresAtMs
    }

    /// Whether the token may still be sent at `nowMs` (`exp > now`; no expiry: yes).
    public func isValid(atMs nowMs: Int64) -> Bool {
        expiresAtMs.map { $0 > nowMs } ?? true
    }
}
