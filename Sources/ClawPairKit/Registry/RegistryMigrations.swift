/// The registry's schema, as forward migrations. Step *n* takes a database from
/// `PRAGMA user_version` *n* to *n + 1*; a new version appends a step and never edits an old
/// one. A database whose version is higher than `steps.count` was written by a newer
/// clawpair and is refused, untouched.
///
/// The invariants of spec/registry.md live here, in the schema, so every writer (CLI, daemon,
/// pairing) gets them without repeating them:
/// - ids are TEXT compared with BINARY collation: exact bytes, no case folding or
///   Unicode normalisation (spec/discovery.md "Stable ids");
/// - at most one focus: `focus` has one possible row (`slot = 1`);
/// - focus ⇒ bolt: `focus.entry_id` references `bolts`, not `entries`;
/// - no dangling references: everything an entry owns references it `ON DELETE CASCADE`, so
///   forgetting is one DELETE and cannot leave orphans (foreign keys are switched on for
///   every connection).
enum RegistryMigrations {
    static let steps: [String] = [
        // 1: the first schema.
        """
        CREATE TABLE entries (
            id TEXT COLLATE BINARY PRIMARY KEY NOT NULL CHECK (length(id) > 0),
            kind TEXT NOT NULL CHECK (kind IN ('manual', 'discovered')),
            name TEXT NOT NULL CHECK (length(name) > 0),
            host TEXT,
            port INTEGER CHECK (port IS NULL OR port BETWEEN 1 AND 65535),
            tls INTEGER CHECK (tls IS NULL OR tls IN (0, 1)),
            context_path TEXT,
            proven_route TEXT,
            access_origin TEXT,
            last_connected_at_ms INTEGER,
            created_order INTEGER NOT NULL UNIQUE
        );
        CREATE INDEX entries_by_name ON entries (name);
        CREATE INDEX entries_by_access_origin ON entries (access_origin) WHERE access_origin IS NOT NULL;

        CREATE TABLE bolts (
            entry_id TEXT COLLATE BINARY PRIMARY KEY NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
            position INTEGER NOT NULL UNIQUE
        );

        CREATE TABLE focus (
            slot INTEGER PRIMARY KEY NOT NULL CHECK (slot = 1),
            entry_id TEXT COLLATE BINARY NOT NULL UNIQUE REFERENCES bolts (entry_id) ON DELETE CASCADE
        );

        CREATE TABLE secrets (
            entry_id TEXT COLLATE BINARY PRIMARY KEY NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
            shared_token TEXT,
            password TEXT,
            bootstrap_token TEXT
        );

        CREATE TABLE custom_headers (
            entry_id TEXT COLLATE BINARY NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (entry_id, position)
        );

        CREATE TABLE pins (
            entry_id TEXT COLLATE BINARY PRIMARY KEY NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
            fingerprint TEXT NOT NULL CHECK (length(fingerprint) = 64 AND fingerprint NOT GLOB '*[^0-9a-f]*'),
            pinned_at_ms INTEGER NOT NULL
        );

        CREATE TABLE device_tokens (
            entry_id TEXT COLLATE BINARY NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
            role TEXT NOT NULL CHECK (length(role) > 0),
            token TEXT NOT NULL,
            scopes TEXT NOT NULL,
            issued_at_ms INTEGER NOT NULL,
            PRIMARY KEY (entry_id, role)
        );

        CREATE TABLE preferences (
            entry_id TEXT COLLATE BINARY NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (entry_id, key)
        );

        CREATE TABLE entry_cache (
            entry_id TEXT COLLATE BINARY NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            value BLOB NOT NULL,
            PRIMARY KEY (entry_id, key)
        );

        CREATE TABLE access_sessions (
            origin TEXT COLLATE BINARY PRIMARY KEY NOT NULL,
            token TEXT NOT NULL,
            subject TEXT,
            expires_at_ms INTEGER
        );

        CREATE TABLE installation (
            slot INTEGER PRIMARY KEY NOT NULL CHECK (slot = 1),
            instance_id TEXT NOT NULL CHECK (length(instance_id) > 0),
            device_seed BLOB NOT NULL CHECK (typeof(device_seed) = 'blob' AND length(device_seed) = 32),
            created_at_ms INTEGER NOT NULL
        );
        """,
        // 2: what `access status` shows of a session besides its subject and expiry.
        """
        ALTER TABLE access_sessions ADD COLUMN issuer TEXT;
        ALTER TABLE access_sessions ADD COLUMN audience TEXT;
        """,
        // 3: entries by kind, so every change can look for a kind reading refuses (written
        // with check constraints off) with a few index searches instead of a scan of every
        // entry (``RegistryIntegrity``: 3 ms with 10 000 entries, against microseconds).
        """
        CREATE INDEX entries_by_kind ON entries (kind);
        """,
    ]

    /// The schema version this build writes.
    static var latestVersion: Int64 { Int64(steps.count) }

    /// Every table an entry owns rows in (for consistency checks and tests).
    static let entryOwnedTables = ["bolts", "focus", "secrets", "custom_headers", "pins", "device_tokens", "preferences", "entry_cache"]

    /// Brings the database to the version `steps` ends at (``latestVersion``). Runs in one
    /// write transaction and re-reads the version inside it, so two processes opening a
    /// fresh registry at once migrate it once; a failing step leaves the previous version.
    static func migrate(_ connection: SQLiteConnection, steps: [String] = steps) throws(ClawPairError) {
        let latest = Int64(steps.count)
        let seen = try connection.integerPragma("user_version")
        try refuseNewer(seen, connection, latest: latest)
        guard seen < latest else { return }
        try connection.write { () throws(ClawPairError) in
            let current = try connection.integerPragma("user_version")
            try refuseNewer(current, connection, latest: latest)
            for step in steps.dropFirst(Int(current)) { try connection.execute(step) }
            try connection.execute("PRAGMA user_version = \(latest)")
        }
    }

    static func refuseNewer(_ version: Int64, _ connection: SQLiteConnection, latest: Int64 = latestVersion) throws(ClawPairError) {
        guard version > latest else { return }
        throw ClawPairError(
            .registryTooNew,
            "the registry \(connection.path) has schema version \(version), newer than the \(latest) this clawpair knows; it was left as it is",
            remedy: "use the newer clawpair that wrote it")
    }
}
