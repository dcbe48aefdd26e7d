/// The multi-gateway registry (spec/registry.md) in SQLite: entries, focus and bolt set,
/// what each entry owns, and the installation's identity.
///
/// One file, `registry.sqlite3`, in the state directory (0700; the file and its `-wal`/`-shm`
/// 0600), in WAL mode so readers never block the writer. Every change is one `BEGIN
/// IMMEDIATE` transaction, so concurrent `clawpair` processes and the daemon queue on the
/// busy timeout instead of losing an update, and a crash (even `kill -9`) leaves the old or
/// the new state. The invariants are in the schema (``RegistryMigrations``).
///
/// Not thread-safe: one instance per thread (a process may open several).
public final class GatewayRegistry {
    /// The database's file name in the state directory.
    public static let fileName = "registry.sqlite3"

    let connection: SQLiteConnection
    private let nowMs: () -> Int64

    /// Called inside a change's transaction, after its main statement and before it commits,
    /// with the change's name (`forget`, `pair`). Tests use it to kill a process mid-change;
    /// `package`, so no client of the library can.
    package var insideTransactionHook: ((String) -> Void)?

    /// Opens the registry in `stateDirectory`, creating the directory (0700) and the file
    /// (0600) when missing.
    public convenience init(stateDirectory: StateDirectory, nowMs: @escaping () -> Int64 = WallClock.nowMs) throws(ClawPairError) {
        try stateDirectory.ensure()
        try self.init(path: stateDirectory.appending(Self.fileName), nowMs: nowMs)
    }

    /// Opens the registry database at `path`. A damaged file (`REGISTRY_CORRUPT`) or one
    /// written by a newer clawpair (`REGISTRY_TOO_NEW`) is refused before anything is written.
    public convenience init(path: String, nowMs: @escaping () -> Int64 = WallClock.nowMs) throws(ClawPairError) {
        try self.init(path: path, nowMs: nowMs, busyTimeoutMs: SQLiteConnection.busyTimeoutMs)
    }

    init(path: String, nowMs: @escaping () -> Int64, busyTimeoutMs: Int32) throws(ClawPairError) {
        self.nowMs = nowMs
        // Before SQLite creates, follows or changes anything.
        try RegistryFileGuard.requireSafe(database: path)
        connection = try SQLiteConnection(path: path, busyTimeoutMs: busyTimeoutMs)
        // Before anything else: even a refused file must not be checkpointed when we close it.
        try connection.keepWriteAheadLogBetweenProcesses()
        // Reading the header first: a file that is not a database fails here, unmodified.
        let version = try connection.integerPragma("user_version")
        try RegistryMigrations.refuseNewer(version, connection)
        try connection.execute("PRAGMA foreign_keys = ON")
        try connection.enableWriteAheadLog()
        // In WAL mode NORMAL never corrupts and never mixes states; only a power cut may
        // lose the last change, which is the trade-off SQLite recommends for WAL.
        try connection.execute("PRAGMA synchronous = NORMAL")
        try RegistryMigrations.migrate(connection)
        // From here on every change first checks the registry is one reading trusts.
        connection.writeCheck = RegistryIntegrity.requireIntact
        for file in [path, path + "-wal", path + "-shm"] { try? FileIO.setMode(StateDirectory.fileMode, of: file) }
    }

    // MARK: Entries

    /// Whether ``upsert(_:rename:)`` added a new entry or updated an existing one.
    public enum UpsertOutcome: Sendable, Hashable { case inserted, updated }

    /// Adds `entry`, or updates the entry with the same id (the same gateway added twice is
    /// one entry). The existing name is kept unless `rename`; the proven route, Access origin
    /// and last connection are kept when `entry` has none. Names are unique: with `rename`
    /// (a name the user chose) a name another entry has is refused
    /// (``ClawPairError/Code/registryNameInUse``); a new entry's default name (`host:port`)
    /// that is taken becomes `name (2)` (or the next free number).
    @discardableResult
    public func upsert(_ entry: GatewayEntry, rename: Bool = true) throws(ClawPairError) -> UpsertOutcome {
        try Self.validateStorable(name: entry.name)
        return try connection.write { () throws(ClawPairError) in
            var entry = entry
            if rename {
                try requireNameFree(entry.name, for: entry.id)
            } else if try !exists(entry.id) {
                entry.name = try freeName(entry.name, for: entry.id)
            }
            return try upsertInTransaction(entry, rename: rename)
        }
    }

    private func upsertInTransaction(_ entry: GatewayEntry, rename: Bool) throws(ClawPairError) -> UpsertOutcome {
        let existed = try exists(entry.id)
        try connection.statement(
            """
            INSERT INTO entries (id, kind, name, host, port, tls, context_path, proven_route, access_origin,
                                 last_connected_at_ms, created_order)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, (SELECT coalesce(max(created_order), 0) + 1 FROM entries))
            ON CONFLICT (id) DO UPDATE SET
                kind = excluded.kind,
                name = CASE WHEN ?11 THEN excluded.name ELSE name END,
                host = excluded.host, port = excluded.port, tls = excluded.tls, context_path = excluded.context_path,
                proven_route = coalesce(excluded.proven_route, proven_route),
                access_origin = coalesce(excluded.access_origin, access_origin),
                last_connected_at_ms = coalesce(excluded.last_connected_at_ms, last_connected_at_ms)
            """
        ).run([
            .text(entry.id.rawValue), .text(entry.kind.rawValue), .text(entry.name), .optional(entry.host),
            .optional(entry.port.map(Int64.init)), .optional(entry.tls.map { $0 ? 1 : 0 }), .optional(entry.contextPath),
            .optional(entry.provenRoute), .optional(entry.accessOrigin), .optional(entry.lastConnectedAtMs),
            .integer(rename ? 1 : 0),
        ])
        return existed ? .updated : .inserted
    }

    /// Renames an entry.
    public func rename(_ id: GatewayID, to name: String) throws(ClawPairError) {
        try Self.validate(name: name)
        try connection.write { () throws(ClawPairError) in
            try requireExists(id)
            try requireNameFree(name, for: id)
            try connection.statement("UPDATE entries SET name = ?2 WHERE id = ?1").run([.text(id.rawValue), .text(name)])
        }
    }

    /// Records a successful connection: when, and over which route (spec/registry.md: on
    /// every successful connect).
    public func recordConnection(_ id: GatewayID, atMs: Int64, route: String?) throws(ClawPairError) {
        try connection.write { () throws(ClawPairError) in
            try requireExists(id)
            try connection.statement(
                "UPDATE entries SET last_connected_at_ms = ?2, proven_route = coalesce(?3, proven_route) WHERE id = ?1"
            ).run([.text(id.rawValue), .integer(atMs), .optional(route)])
        }
    }

    /// Sets (or with nil clears) the Cloudflare Access origin in front of a gateway.
    public func setAccessOrigin(_ id: GatewayID, _ origin: String?) throws(ClawPairError) {
        try connection.write { () throws(ClawPairError) in
            try requireExists(id)
            try connection.statement("UPDATE entries SET access_origin = ?2 WHERE id = ?1").run([.text(id.rawValue), .optional(origin)])
        }
    }

    // MARK: Focus and bolt

    /// Focuses `id`, bolting it too (focus ⇒ bolt). Returns the previously focused gateway.
    @discardableResult
    public func focus(_ id: GatewayID) throws(ClawPairError) -> GatewayID? {
        try connection.write { () throws(ClawPairError) in
            try requireExists(id)
            let previous = try focusedIDInTransaction()
            try boltInTransaction(id)
            try connection.statement(
                "INSERT INTO focus (slot, entry_id) VALUES (1, ?1) ON CONFLICT (slot) DO UPDATE SET entry_id = excluded.entry_id"
            ).run([.text(id.rawValue)])
            return previous
        }
    }

    /// Adds `id` to the end of the bolt set; false when it was already there.
    @discardableResult
    public func bolt(_ id: GatewayID) throws(ClawPairError) -> Bool {
        try connection.write { () throws(ClawPairError) in
            try requireExists(id)
            return try boltInTransaction(id)
        }
    }

    @discardableResult
    private func boltInTransaction(_ id: GatewayID) throws(ClawPairError) -> Bool {
        try connection.statement(
            "INSERT INTO bolts (entry_id, position) VALUES (?1, (SELECT coalesce(max(position), 0) + 1 FROM bolts)) ON CONFLICT DO NOTHING"
        ).run([.text(id.rawValue)])
        return connection.changes > 0
    }

    /// Removes `id` from the bolt set; false when it was not bolted. The focused gateway
    /// cannot be unbolted (`REGISTRY_FOCUSED`): its node session must keep an owner, so the
    /// user focuses another gateway first.
    @discardableResult
    public func unbolt(_ id: GatewayID) throws(ClawPairError) -> Bool {
        try connection.write { () throws(ClawPairError) in
            try requireExists(id)
            if try isFocused(id) {
                throw ClawPairError(
                    .registryFocused, "\(id) is the focused gateway, and the focused gateway is always bolted",
                    remedy: "focus another gateway first (clawpair gateways focus ID), then unbolt this one")
            }
            try connection.statement("DELETE FROM bolts WHERE entry_id = ?1").run([.text(id.rawValue)])
            return connection.changes > 0
        }
    }

    /// The focused gateway, if any.
    public func focusedID() throws(ClawPairError) -> GatewayID? { try focusedIDInTransaction() }

    /// Whether `id` is focused, compared in SQL as exact bytes (`GatewayID`'s `==` compares
    /// Swift strings, which equate canonically equivalent texts).
    private func isFocused(_ id: GatewayID) throws(ClawPairError) -> Bool {
        try connection.statement("SELECT 1 FROM focus WHERE slot = 1 AND entry_id = ?1").first([.text(id.rawValue)]) { _ in true } ?? false
    }

    private func focusedIDInTransaction() throws(ClawPairError) -> GatewayID? {
        try connection.statement("SELECT entry_id FROM focus WHERE slot = 1").first { GatewayID(rawValue: $0.text(0)) }
    }

    /// The bolt set in the order gateways were bolted.
    public func boltedIDs() throws(ClawPairError) -> [GatewayID] {
        try connection.statement("SELECT entry_id FROM bolts ORDER BY position").rows { GatewayID(rawValue: $0.text(0)) }
    }

    // MARK: Forget

    /// Deletes `id` and everything it owns in one transaction (spec/registry.md "Forget"):
    /// bolt membership and focus (no new focus is chosen), credentials, custom headers, pin,
    /// preferences, device tokens, cached data, and its Access session when no other entry
    /// uses the same origin. The installation and other entries are kept.
    @discardableResult
    public func forget(_ id: GatewayID) throws(ClawPairError) -> ForgetReport {
        try connection.write { () throws(ClawPairError) in
            guard let entry = try entryInTransaction(id) else { throw Self.notFound(id.rawValue) }
            let wasFocused = try isFocused(id)
            // Everything else the entry owns goes with it: ON DELETE CASCADE.
            try connection.statement("DELETE FROM entries WHERE id = ?1").run([.text(id.rawValue)])
            insideTransactionHook?("forget")
            var removedSession = false
            if let origin = entry.accessOrigin {
                try connection.statement(
                    "DELETE FROM access_sessions WHERE origin = ?1 AND NOT EXISTS (SELECT 1 FROM entries WHERE access_origin = ?1)"
                ).run([.text(origin)])
                removedSession = connection.changes > 0
            }
            return ForgetReport(entry: entry, wasFocused: wasFocused, removedAccessSession: removedSession)
        }
    }

    // MARK: Pairing results and trust

    /// Stores what pairing learned in one transaction: the entry (added or updated), its
    /// credentials and custom headers, its pin and its device tokens, each replacing what the
    /// entry held before, and the focus when nothing is focused yet. Either all of it is
    /// stored or, on any error, none of it. The gateway has issued its tokens by now, so a
    /// name another entry has does not lose them: the entry is stored as `name (2)` (or the
    /// next free number); the name it got is returned.
    @discardableResult
    public func storePairing(_ pairing: GatewayPairing) throws(ClawPairError) -> String {
        try Self.validateStorable(name: pairing.entry.name)
        for token in pairing.deviceTokens where token.role.isEmpty || token.scopes.contains(where: { $0.contains(" ") || $0.isEmpty }) {
            throw ClawPairError(.registryInvalid, "a device token has an empty role or a malformed scope")
        }
        return try connection.write { () throws(ClawPairError) -> String in
            let id = pairing.entry.id
            let key = SQLiteStatement.Value.text(id.rawValue)
            var entry = pairing.entry
            entry.name = try freeName(entry.name, for: id)
            _ = try upsertInTransaction(entry, rename: true)
            let credentials = pairing.credentials
            try connection.statement("DELETE FROM secrets WHERE entry_id = ?1").run([key])
            if credentials.sharedToken != nil || credentials.password != nil || credentials.bootstrapToken != nil {
                try connection.statement("INSERT INTO secrets (entry_id, shared_token, password, bootstrap_token) VALUES (?1, ?2, ?3, ?4)")
                    .run([
                        key, .optional(credentials.sharedToken?.revealed), .optional(credentials.password?.revealed),
                        .optional(credentials.bootstrapToken?.revealed),
                    ])
            }
            try connection.statement("DELETE FROM custom_headers WHERE entry_id = ?1").run([key])
            for (position, header) in credentials.customHeaders.enumerated() {
                try connection.statement("INSERT INTO custom_headers (entry_id, position, name, value) VALUES (?1, ?2, ?3, ?4)")
                    .run([key, .integer(Int64(position)), .text(header.name), .text(header.value.revealed)])
            }
            try setPinInTransaction(id, pairing.pin)
            try connection.statement("DELETE FROM device_tokens WHERE entry_id = ?1").run([key])
            for token in pairing.deviceTokens {
                try connection.statement(
                    "INSERT INTO device_tokens (entry_id, role, token, scopes, issued_at_ms) VALUES (?1, ?2, ?3, ?4, ?5)"
                ).run([key, .text(token.role), .text(token.token.revealed), .text(token.scopes.joined(separator: " ")), .integer(token.issuedAtMs)])
            }
            insideTransactionHook?("pair")
            if pairing.focusIfNone, try focusedIDInTransaction() == nil {
                try boltInTransaction(id)
                try connection.statement("INSERT INTO focus (slot, entry_id) VALUES (1, ?1)").run([key])
            }
            return entry.name
        }
    }

    /// Replaces (or with nil removes) the entry's TLS pin, an explicit user action
    /// (spec/routes-and-tls.md). Returns the pin it replaced.
    @discardableResult
    public func trust(_ id: GatewayID, pin: CertificateFingerprint?) throws(ClawPairError) -> CertificateFingerprint? {
        try connection.write { () throws(ClawPairError) in
            try requireExists(id)
            let old = try pinInTransaction(id)?.pin
            try setPinInTransaction(id, pin)
            return old
        }
    }

    private func setPinInTransaction(_ id: GatewayID, _ pin: CertificateFingerprint?) throws(ClawPairError) {
        if let pin {
            try connection.statement(
                """
                INSERT INTO pins (entry_id, fingerprint, pinned_at_ms) VALUES (?1, ?2, ?3)
                ON CONFLICT (entry_id) DO UPDATE SET fingerprint = excluded.fingerprint, pinned_at_ms = excluded.pinned_at_ms
                """
            ).run([.text(id.rawValue), .text(pin.hex), .integer(nowMs())])
        } else {
            try connection.statement("DELETE FROM pins WHERE entry_id = ?1").run([.text(id.rawValue)])
        }
    }

    private func pinInTransaction(_ id: GatewayID) throws(ClawPairError) -> (pin: CertificateFingerprint, atMs: Int64)? {
        try connection.statement("SELECT fingerprint, pinned_at_ms FROM pins WHERE entry_id = ?1").first([.text(id.rawValue)]) {
            row throws(ClawPairError) in
            guard let pin = CertificateFingerprint(normalizing: row.text(0)) else { throw Self.corruptValue("pin of \(id)", connection) }
            return (pin, row.integer(1))
        }
    }

    // MARK: Preferences

    /// Sets (or with nil removes) one per-gateway preference.
    public func setPreference(_ id: GatewayID, key: String, value: String?) throws(ClawPairError) {
        try connection.write { () throws(ClawPairError) in
            try requireExists(id)
            if let value {
                try connection.statement(
                    "INSERT INTO preferences (entry_id, key, value) VALUES (?1, ?2, ?3) ON CONFLICT (entry_id, key) DO UPDATE SET value = excluded.value"
                ).run([.text(id.rawValue), .text(key), .text(value)])
            } else {
                try connection.statement("DELETE FROM preferences WHERE entry_id = ?1 AND key = ?2").run([.text(id.rawValue), .text(key)])
            }
        }
    }

    /// Caches opaque data for an entry (removed with it).
    public func setCachedData(_ id: GatewayID, key: String, value: [UInt8]) throws(ClawPairError) {
        try connection.write { () throws(ClawPairError) in
            try requireExists(id)
            try connection.statement(
                "INSERT INTO entry_cache (entry_id, key, value) VALUES (?1, ?2, ?3) ON CONFLICT (entry_id, key) DO UPDATE SET value = excluded.value"
            ).run([.text(id.rawValue), .text(key), .blob(value)])
        }
    }

    // MARK: Reading

    /// Every entry, the focused one first, then in the order they were added.
    ///
    /// One snapshot; the state tables are read whole into sets keyed by the ids' bytes
    /// rather than looked up once per entry, which costs several index searches per row
    /// (about 4 µs a row with 10 000 entries, against well under 1 µs this way).
    public func list() throws(ClawPairError) -> [GatewaySummary] {
        try connection.read { () throws(ClawPairError) in
            let focused = try focusedIDInTransaction().map { IDBytes(Array($0.rawValue.utf8)) }
            let bolted = Set(try connection.statement("SELECT entry_id FROM bolts").rows { IDBytes($0.textBytes(0)) })
            let pinned = Set(try connection.statement("SELECT entry_id FROM pins").rows { IDBytes($0.textBytes(0)) })
            var paired = Set<IDBytes>()
            var access: [IDBytes: AccessLevel] = [:]
            let tokens = try connection.statement(
                "SELECT entry_id, role = '\(DeviceToken.operatorRole)', instr(' ' || scopes || ' ', ' \(AccessLevel.adminScope) ') > 0 FROM device_tokens"
            ).rows { (IDBytes($0.textBytes(0)), $0.integer(1) != 0, $0.integer(2) != 0) }
            for (id, isOperator, isAdmin) in tokens {
                paired.insert(id)
                if isOperator { access[id] = isAdmin ? .full : .limited }
            }
            var summaries = try connection.statement("SELECT \(Self.entryColumns) FROM entries e ORDER BY e.created_order").rows {
                row throws(ClawPairError) in
                let key = IDBytes(row.textBytes(0))
                return GatewaySummary(
                    entry: try Self.entry(row, connection), focused: key == focused, bolted: bolted.contains(key),
                    pinned: pinned.contains(key), paired: paired.contains(key), access: access[key])
            }
            // The focused entry first: moved here rather than sorted in SQL.
            if let index = summaries.firstIndex(where: \.focused), index > 0 {
                summaries.insert(summaries.remove(at: index), at: 0)
            }
            return summaries
        }
    }

    /// One entry as ``list()`` shows it, or nil.
    public func summary(_ id: GatewayID) throws(ClawPairError) -> GatewaySummary? {
        try connection.statement(Self.summarySQL + " WHERE e.id = ?1").first([.text(id.rawValue)]) { row throws(ClawPairError) in
            try Self.summary(row, connection)
        }
    }

    /// An entry with its state; `access` is decided in SQL from the operator token's scopes.
    private static let summarySQL = """
        SELECT \(entryColumns),
               f.entry_id IS NOT NULL, b.entry_id IS NOT NULL, p.entry_id IS NOT NULL,
               EXISTS (SELECT 1 FROM device_tokens d WHERE d.entry_id = e.id),
               CASE WHEN o.scopes IS NULL THEN NULL
                    ELSE instr(' ' || o.scopes || ' ', ' \(AccessLevel.adminScope) ') > 0 END
        FROM entries e
        LEFT JOIN focus f ON f.entry_id = e.id
        LEFT JOIN bolts b ON b.entry_id = e.id
        LEFT JOIN pins p ON p.entry_id = e.id
        LEFT JOIN device_tokens o ON o.entry_id = e.id AND o.role = '\(DeviceToken.operatorRole)'
        """

    private static func summary(_ row: SQLiteStatement, _ connection: SQLiteConnection) throws(ClawPairError) -> GatewaySummary {
        GatewaySummary(
            entry: try entry(row, connection), focused: row.integer(11) != 0, bolted: row.integer(12) != 0,
            pinned: row.integer(13) != 0, paired: row.integer(14) != 0,
            access: row.optionalInteger(15).map { $0 != 0 ? .full : .limited })
    }

    /// An entry with everything it owns, or nil.
    public func record(_ id: GatewayID) throws(ClawPairError) -> GatewayRecord? {
        try connection.read { () throws(ClawPairError) in
            guard let entry = try entryInTransaction(id) else { return nil }
            let key = SQLiteStatement.Value.text(id.rawValue)
            let pin = try pinInTransaction(id)
            let tokens = try connection.statement("SELECT role, token, scopes, issued_at_ms FROM device_tokens WHERE entry_id = ?1 ORDER BY role")
                .rows([key]) { DeviceToken(role: $0.text(0), token: Secret($0.text(1)), scopes: Self.scopes($0.text(2)), issuedAtMs: $0.integer(3)) }
            var credentials = try connection.statement("SELECT shared_token, password, bootstrap_token FROM secrets WHERE entry_id = ?1")
                .first([key]) {
                    GatewaySecrets(
                        sharedToken: $0.optionalText(0).map(Secret.init), password: $0.optionalText(1).map(Secret.init),
                        bootstrapToken: $0.optionalText(2).map(Secret.init))
                } ?? GatewaySecrets()
            credentials.customHeaders = try connection.statement("SELECT name, value FROM custom_headers WHERE entry_id = ?1 ORDER BY position")
                .rows([key]) { CustomHeader(name: $0.text(0), value: Secret($0.text(1))) }
            var preferences: [String: String] = [:]
            for (name, value) in try connection.statement("SELECT key, value FROM preferences WHERE entry_id = ?1").rows([key], { ($0.text(0), $0.text(1)) }) {
                preferences[name] = value
            }
            let focused = try isFocused(id)
            let bolted = try connection.statement("SELECT 1 FROM bolts WHERE entry_id = ?1").first([key]) { _ in true } ?? false
            return GatewayRecord(
                entry: entry, focused: focused, bolted: bolted, pin: pin?.pin, pinnedAtMs: pin?.atMs, deviceTokens: tokens,
                credentials: credentials, preferences: preferences)
        }
    }

    /// ``resolve(_:)`` for a target that may name something else (a host, an instance): nil
    /// when no entry matches, but several entries are still `REGISTRY_AMBIGUOUS`, never a
    /// guess at the other meaning.
    public func resolveIfKnown(_ argument: String) throws(ClawPairError) -> GatewayID? {
        do {
            return try resolve(argument)
        } catch where error.code == .registryNotFound {
            return nil
        }
    }

    /// Finds the entry an ID argument names (spec/cli.md): the exact stable id, else an
    /// exact name, else a unique prefix of a stable id. Unknown (`REGISTRY_NOT_FOUND`) and
    /// ambiguous (`REGISTRY_AMBIGUOUS`, listing the candidates) arguments are exit 3.
    public func resolve(_ argument: String) throws(ClawPairError) -> GatewayID {
        guard !argument.isEmpty else { throw Self.notFound(argument) }
        return try connection.read { () throws(ClawPairError) in
            if try exists(GatewayID(rawValue: argument)) { return GatewayID(rawValue: argument) }
            let limit = Int64(Self.candidateLimit + 1)
            let named = try connection.statement("SELECT id, name FROM entries WHERE name = ?1 ORDER BY created_order LIMIT ?2")
                .rows([.text(argument), .integer(limit)]) { (GatewayID(rawValue: $0.text(0)), $0.text(1)) }
            if named.count == 1 { return named[0].0 }
            if named.count > 1 { throw Self.ambiguous(argument, named, what: "name") }
            let prefixed = try connection.statement(
                "SELECT id, name FROM entries WHERE substr(id, 1, length(?1)) = ?1 ORDER BY created_order LIMIT ?2"
            ).rows([.text(argument), .integer(limit)]) { (GatewayID(rawValue: $0.text(0)), $0.text(1)) }
            if prefixed.count == 1 { return prefixed[0].0 }
            if prefixed.count > 1 { throw Self.ambiguous(argument, prefixed, what: "id prefix") }
            throw Self.notFound(argument)
        }
    }

    // MARK: Installation

    /// The installation's identity, created on first use: a random instance id and the
    /// device seed `makeDeviceSeed` returns (32 raw Ed25519 private-key bytes). Creation is
    /// one transaction that re-checks inside the write lock, so two processes starting at
    /// once agree on one identity; `makeDeviceSeed` is not called when one exists.
    public func installation(makeDeviceSeed: () throws -> [UInt8]) throws(ClawPairError) -> Installation {
        if let existing = try installationRow() { return existing }
        return try connection.write { () throws(ClawPairError) in
            if let existing = try installationRow() { return existing }
            let seed: [UInt8]
            do { seed = try makeDeviceSeed() } catch {
                throw ClawPairError(.internalError, "cannot make the device identity: \(error)")
            }
            guard seed.count == 32 else {
                throw ClawPairError(.internalError, "a device seed must be 32 bytes, not \(seed.count)")
            }
            var generator = SystemRandomNumberGenerator()
            let instanceID = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }.lowercaseHex
            try connection.statement("INSERT INTO installation (slot, instance_id, device_seed, created_at_ms) VALUES (1, ?1, ?2, ?3)")
                .run([.text(instanceID), .blob(seed), .integer(nowMs())])
            return Installation(instanceID: instanceID, deviceSeed: seed)
        }
    }

    private func installationRow() throws(ClawPairError) -> Installation? {
        try connection.statement("SELECT instance_id, device_seed FROM installation WHERE slot = 1").first {
            Installation(instanceID: $0.text(0), deviceSeed: $0.blob(1))
        }
    }

    /// SQLite's `data_version`: it changes when another connection (another process)
    /// commits, so the daemon re-reads the registry only after someone else changed it.
    public func dataVersion() throws(ClawPairError) -> Int64 { try connection.integerPragma("data_version") }

    // MARK: Consistency

    /// Problems found by SQLite's `integrity_check` and `foreign_key_check` and by the
    /// registry's invariants; empty when the registry is consistent.
    public func consistencyProblems() throws(ClawPairError) -> [String] {
        try connection.read { () throws(ClawPairError) in
            var problems = try connection.statement("PRAGMA integrity_check").rows { $0.text(0) }.filter { $0 != "ok" }
            problems += try connection.statement("PRAGMA foreign_key_check").rows { "dangling reference in \($0.text(0)) (row \($0.integer(1)))" }
            let focusCount = try connection.statement("SELECT count(*) FROM focus").first { $0.integer(0) } ?? 0
            if focusCount > 1 { problems.append("\(focusCount) focused gateways") }
            let unbolted = try connection.statement("SELECT count(*) FROM focus WHERE entry_id NOT IN (SELECT entry_id FROM bolts)").first { $0.integer(0) } ?? 0
            if unbolted > 0 { problems.append("the focused gateway is not bolted") }
            return problems
        }
    }

    /// Rows per table, for tests that check what a change touched.
    func rowCounts() throws(ClawPairError) -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in ["entries", "access_sessions", "installation"] + RegistryMigrations.entryOwnedTables {
            counts[table] = Int(try connection.statement("SELECT count(*) FROM \(table)").first { $0.integer(0) } ?? 0)
        }
        return counts
    }

    // MARK: Helpers

    private static let entryColumns =
        "e.id, e.kind, e.name, e.host, e.port, e.tls, e.context_path, e.proven_route, e.access_origin, e.last_connected_at_ms, e.created_order"

    /// At most this many candidates are listed for an ambiguous argument.
    static let candidateLimit = 10

    /// The longest name accepted, in bytes: a name is a label, not a document.
    public static let maximumNameBytes = 256

    /// The check of a name a person gives (`rename`, `pair --name`, `gateways add --name`):
    /// storable, and without control characters (a name is printed in tables and terminals).
    public static func validate(name: String) throws(ClawPairError) {
        try validateStorable(name: name)
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ClawPairError(.registryInvalid, "a gateway name must not contain control characters")
        }
    }

    /// What every stored name is: not empty, at most ``maximumNameBytes``. A name from the
    /// network (a code's `name`, a TXT display name) may hold control characters: it is kept
    /// as sent, and every output escapes it.
    static func validateStorable(name: String) throws(ClawPairError) {
        guard !name.allSatisfy(\.isWhitespace) else { throw ClawPairError(.registryInvalid, "a gateway name must not be empty") }
        guard name.utf8.count <= maximumNameBytes else {
            throw ClawPairError(.registryInvalid, "a gateway name must be at most \(maximumNameBytes) bytes, not \(name.utf8.count)")
        }
    }

    /// The entry other than `id` named `name`, if any.
    private func nameHolder(_ name: String, other id: GatewayID) throws(ClawPairError) -> GatewayID? {
        try connection.statement("SELECT id FROM entries WHERE name = ?1 AND id != ?2 LIMIT 1")
            .first([.text(name), .text(id.rawValue)]) { GatewayID(rawValue: $0.text(0)) }
    }

    private func requireNameFree(_ name: String, for id: GatewayID) throws(ClawPairError) {
        guard let holder = try nameHolder(name, other: id) else { return }
        throw ClawPairError(
            .registryNameInUse, "the name '\(name)' is already \(holder)'s: names in the registry are unique",
            remedy: "choose another name, or rename that gateway first: clawpair gateways rename \(ShellQuoting.quote(holder.rawValue)) NEW_NAME")
    }

    /// `name`, or `name (2)`, `name (3)`, … whichever no other entry has.
    private func freeName(_ name: String, for id: GatewayID) throws(ClawPairError) -> String {
        guard try nameHolder(name, other: id) != nil else { return name }
        var number = 2
        while try nameHolder("\(name) (\(number))", other: id) != nil { number += 1 }
        return "\(name) (\(number))"
    }

    private func exists(_ id: GatewayID) throws(ClawPairError) -> Bool {
        try connection.statement("SELECT 1 FROM entries WHERE id = ?1").first([.text(id.rawValue)]) { _ in true } ?? false
    }

    func requireExists(_ id: GatewayID) throws(ClawPairError) {
        guard try exists(id) else { throw Self.notFound(id.rawValue) }
    }

    private func entryInTransaction(_ id: GatewayID) throws(ClawPairError) -> GatewayEntry? {
        try connection.statement("SELECT \(Self.entryColumns) FROM entries e WHERE e.id = ?1").first([.text(id.rawValue)]) {
            row throws(ClawPairError) in try Self.entry(row, connection)
        }
    }

    private static func entry(_ row: SQLiteStatement, _ connection: SQLiteConnection) throws(ClawPairError) -> GatewayEntry {
        guard let kind = GatewayEntry.Kind(rawValue: row.text(1)) else { throw corruptValue("kind of \(row.text(0))", connection) }
        return GatewayEntry(
            id: GatewayID(rawValue: row.text(0)), kind: kind, name: row.text(2), host: row.optionalText(3),
            port: row.optionalInteger(4).map { Int($0) }, tls: row.optionalInteger(5).map { $0 != 0 }, contextPath: row.optionalText(6),
            provenRoute: row.optionalText(7), accessOrigin: row.optionalText(8), lastConnectedAtMs: row.optionalInteger(9))
    }

    private static func scopes(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

    /// Not "forget that gateway": a damaged registry takes no writes (``RegistryIntegrity``).
    static func corruptValue(_ what: String, _ connection: SQLiteConnection) -> ClawPairError {
        SQLiteConnection.damaged(connection.path, "it holds an invalid \(what)")
    }

    /// The error for an ID argument no entry matches (exit 3).
    public static func notFound(_ argument: String) -> ClawPairError {
        ClawPairError(.registryNotFound, "no gateway in the registry matches '\(argument)'", remedy: "clawpair gateways list shows the ids and names")
    }

    private static func ambiguous(_ argument: String, _ candidates: [(GatewayID, String)], what: String) -> ClawPairError {
        var list = candidates.prefix(candidateLimit).map { "\($0.0) (\($0.1))" }
        if candidates.count > candidateLimit { list.append("…") }
        return ClawPairError(
            .registryAmbiguous, "'\(argument)' matches several gateways by \(what): \(list.joined(separator: ", "))",
            remedy: "give the full id or a longer prefix")
    }
}

/// An id's UTF-8 bytes as a set or dictionary key: compared as exact bytes, and hashed in
/// one call rather than byte by byte as `[UInt8]` would be.
private struct IDBytes: Hashable {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
}
