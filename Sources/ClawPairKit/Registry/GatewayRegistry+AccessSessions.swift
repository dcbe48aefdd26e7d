// Access sessions: one per origin, shared by the entries whose `access_origin` it is
// (spec/registry.md "Forget"; spec/cloudflare-access.md "Using it").

extension GatewayRegistry {
    /// Stores (or replaces) the session of `session.origin`.
    public func storeAccessSession(_ session: AccessSession) throws(ClawPairError) {
        try connection.write { () throws(ClawPairError) in try insertAccessSession(session) }
    }

    private func insertAccessSession(_ session: AccessSession) throws(ClawPairError) {
            try connection.statement(
                """
                INSERT INTO access_sessions (origin, token, subject, expires_at_ms, issuer, audience) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT (origin) DO UPDATE SET token = excluded.token, subject = excluded.subject,
                    expires_at_ms = excluded.expires_at_ms, issuer = excluded.issuer, audience = excluded.audience
                """
            ).run([
                .text(session.origin), .text(session.token.revealed), .optional(session.subject), .optional(session.expiresAtMs),
                .optional(session.issuer), .optional(session.audience),
            ])
    }

    /// Stores the session of `origin` with only a subject and expiry.
    public func storeAccessSession(origin: String, token: Secret, subject: String?, expiresAtMs: Int64?) throws(ClawPairError) {
        try storeAccessSession(AccessSession(origin: origin, token: token, subject: subject, expiresAtMs: expiresAtMs))
    }

    /// Stores `session` and marks every entry in `entries` as behind its origin, in one
    /// transaction: what a successful `access login` leaves.
    public func storeAccessSession(_ session: AccessSession, for entries: [GatewayID]) throws(ClawPairError) {
        try connection.write { () throws(ClawPairError) in
            try insertAccessSession(session)
            for id in entries {
                try connection.statement("UPDATE entries SET access_origin = ?2 WHERE id = ?1").run([.text(id.rawValue), .text(session.origin)])
            }
        }
    }

    /// The session stored for `origin`.
    public func accessSession(origin: String) throws(ClawPairError) -> AccessSession? {
        try connection.statement(
            "SELECT origin, token, issuer, audience, subject, expires_at_ms FROM access_sessions WHERE origin = ?1"
        ).first([.text(origin)], Self.session)
    }

    /// Every stored session, by origin.
    public func accessSessions() throws(ClawPairError) -> [AccessSession] {
        try connection.statement(
            "SELECT origin, token, issuer, audience, subject, expires_at_ms FROM access_sessions ORDER BY origin"
        ).rows([], Self.session)
    }

    /// The entries behind `origin`, in the order they were added.
    public func entries(accessOrigin origin: String) throws(ClawPairError) -> [GatewayID] {
        try connection.statement("SELECT id FROM entries WHERE access_origin = ?1 ORDER BY created_order").rows([.text(origin)]) {
            GatewayID(rawValue: $0.text(0))
        }
    }

    /// Removes the session of `origin` (sign-out: for every entry on that host); true when
    /// there was one. The entries keep their origin, so the next request asks for a sign-in.
    @discardableResult
    public func removeAccessSession(origin: String) throws(ClawPairError) -> Bool {
        try connection.write { () throws(ClawPairError) in
            try connection.statement("DELETE FROM access_sessions WHERE origin = ?1").run([.text(origin)])
            return connection.changes > 0
        }
    }

    /// Every session stored in `directory`'s registry; none when there is no registry (it is
    /// not created) or it cannot be read: a command that only sends tokens must not fail
    /// for want of them.
    public static func storedAccessSessions(in directory: StateDirectory) -> [AccessSession] {
        let path = directory.appending(fileName)
        guard FileAccess.exists(path), let registry = try? GatewayRegistry(path: path) else { return [] }
        return (try? registry.accessSessions()) ?? []
    }

    private static func session(_ row: SQLiteStatement) -> AccessSession {
        AccessSession(
            origin: row.text(0), token: Secret(row.text(1)), issuer: row.optionalText(2), audience: row.optionalText(3),
            subject: row.optionalText(4), expiresAtMs: row.optionalInteger(5))
    }
}
