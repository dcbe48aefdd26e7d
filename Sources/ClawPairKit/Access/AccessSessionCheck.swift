/// How a stored Access session is reported before a connection (probe's `access` stage, pair,
/// the daemon): still valid, expired, or refused by Access (revoked), with the one remedy —
/// `clawpair access login` again. Nothing here opens a browser.
public enum AccessSessionCheck {
    /// The session's facts for a report; never the token.
    public static func detail(_ session: AccessSession, nowMs: Int64) -> JSONValue {
        var members: [(String, JSONValue)] = [("origin", .string(session.origin)), ("subject", JSONValue(session.subject))]
        members.append(("expiresAtMs", JSONValue(session.expiresAtMs)))
        members.append(("summary", .string(summary(session, nowMs: nowMs))))
        return .object(members)
    }

    /// "session for <subject>, expires in 5 h" or "…, expired 2 h ago".
    public static func summary(_ session: AccessSession, nowMs: Int64) -> String {
        let who = "session for \(session.subject ?? "an unknown user")"
        guard let expiresAtMs = session.expiresAtMs else { return who }
        let left = expiresAtMs - nowMs
        return left > 0 ? "\(who), expires in \(roughly(left))" : "\(who), expired \(roughly(-left)) ago"
    }

    /// `ACCESS_SESSION_EXPIRED` for a session past its expiry.
    public static func expiredError(_ session: AccessSession, url: String) -> ClawPairError {
        ClawPairError(
            .accessSessionExpired, "the Cloudflare Access session for \(session.origin) has expired: sign in again",
            remedy: ProbeRemedy.accessLogin(url))
    }

    /// `ACCESS_SESSION_EXPIRED` for a token Access refused (a challenge despite it).
    public static func revokedError(_ session: AccessSession, url: String) -> ClawPairError {
        ClawPairError(
            .accessSessionExpired, "Cloudflare Access refused the session for \(session.origin) (revoked or expired early): sign in again",
            remedy: ProbeRemedy.accessLogin(url))
    }

    /// Seconds, minutes, hours or days, rounded down; at least "1 s".
    static func roughly(_ milliseconds: Int64) -> String {
        let seconds = max(milliseconds / 1000, 1)
        if seconds < 120 { return "\(seconds) s" }
        if seconds < 7200 { return "\(seconds / 60) min" }
        if seconds < 172_800 { return "\(seconds / 3600) h" }
        return "\(seconds / 86400) days"
    }
}
