import Foundation
import Glibc
import Testing
@testable import ClawPairKit

/// The registry against real SQLite files in a fresh state directory per test.
@Suite struct GatewayRegistryTests {
    /// A fresh state directory, removed at deinit.
    final class Home: Sendable {
        let path: String
        init() {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-registry-\(UUID().uuidString)").path
        }
        var directory: StateDirectory { StateDirectory(path: path, source: .option) }
        var database: String { path + "/" + GatewayRegistry.fileName }
        func open() throws -> GatewayRegistry { try GatewayRegistry(stateDirectory: directory, nowMs: { 1_780_000_000_000 }) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static func manual(_ host: String, port: Int = 18789, name: String? = nil) throws -> GatewayEntry {
        GatewayEntry.manual(route: try GatewayRoute(host: host, port: port, tls: false), name: name)
    }

    static let pinA = CertificateFingerprint(normalizing: String(repeating: "ab", count: 32))!
    static let pinB = CertificateFingerprint(normalizing: String(repeating: "cd", count: 32))!

    static func pairing(_ entry: GatewayEntry, token: String = "device-token-secret", full: Bool = true, origin: String? = nil) -> GatewayPairing {
        var entry = entry
        entry.accessOrigin = origin
        return GatewayPairing(
            entry: entry,
            credentials: GatewaySecrets(
                sharedToken: Secret("shared-secret"), password: Secret("password-secret"), bootstrapToken: Secret("bootstrap-secret"),
                customHeaders: [CustomHeader(name: "X-Proxy", value: Secret("header-secret"))]),
            pin: pinA,
            deviceTokens: [
                DeviceToken(role: "node", token: Secret(token + "-node"), scopes: [], issuedAtMs: 1),
                DeviceToken(role: "operator", token: Secret(token + "-operator"), scopes: (full ? AccessLevel.full : .limited).operatorScopes, issuedAtMs: 1),
            ])
    }

    /// A registry where `entry` owns a row in every table an entry can own.
    static func fullyOwned(_ registry: GatewayRegistry, _ entry: GatewayEntry, origin: String? = nil) throws {
        try registry.storePairing(pairing(entry, origin: origin))
        try registry.bolt(entry.id)
        try registry.setPreference(entry.id, key: "notifications", value: "on")
        try registry.setCachedData(entry.id, key: "hello", value: [1, 2, 3])
    }

    // MARK: Files

    /// (With a loose umask too: GatewaysCommandTests runs that in a child process, since the
    /// umask is process-wide and other tests run beside this one.)
    @Test func createsDirectory0700AndFiles0600() throws {
        let home = Home()
        let registry = try home.open()
        try registry.upsert(Self.manual("gw.lan"))
        for file in [home.database, home.database + "-wal", home.database + "-shm"] {
            var info = stat()
            #expect(stat(file, &info) == 0, "\(file) missing")
            #expect(info.st_mode & 0o777 == 0o600, "\(file) has mode \(String(info.st_mode & 0o777, radix: 8))")
        }
        var info = stat()
        #expect(stat(home.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
    }

    @Test func usesWALAndTheLatestSchemaVersion() throws {
        let home = Home()
        let registry = try home.open()
        #expect(try registry.connection.statement("PRAGMA journal_mode").first { $0.text(0) } == "wal")
        #expect(try registry.connection.integerPragma("user_version") == RegistryMigrations.latestVersion)
        #expect(try registry.connection.integerPragma("foreign_keys") == 1)
        // Reopening does not migrate again.
        _ = try home.open()
        #expect(try registry.consistencyProblems().isEmpty)
    }

    /// Each clawpair process opens the registry as its first connection and reads the whole
    /// WAL, and SQLite's passive automatic checkpoint never empties it for such processes: the
    /// WAL grew by every change. Changes made one connection after another, as commands make
    /// them, leave it at most the checkpoint length plus one change's pages.
    @Test func theWALStaysShortAcrossCommands() throws {
        let home = Home()
        for index in 0..<300 { try home.open().upsert(Self.manual("gw\(index).lan")) }
        let registry = try home.open()
        let pageBytes = try registry.connection.integerPragma("page_size")
        var info = stat()
        #expect(stat(home.database + "-wal", &info) == 0)
        let frames = (Int64(info.st_size) - 32) / (pageBytes + 24)
        #expect(frames <= Int64(SQLiteConnection.walCheckpointPages) + 16, "the WAL holds \(frames) pages")
        #expect(try registry.list().count == 300)
    }

    @Test func refusesANewerSchemaAndLeavesTheFileAlone() throws {
        let home = Home()
        do {
            let registry = try home.open()
            try registry.upsert(Self.manual("gw.lan"))
            try registry.connection.execute("PRAGMA user_version = 99")
            try registry.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: home.database))
        #expect(throws: ClawPairError(.registryTooNew, "")) { try home.open() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: home.database)) == before)
    }

    /// The remedy's `mv` is pasted as is: a state directory with a space must stay one word.
    @Test func aDamagedRegistrysRemedyQuotesItsPath() {
        let error = SQLiteConnection.error(11 /* SQLITE_CORRUPT */, path: "/home/a b/registry.sqlite3", detail: "malformed", context: "open")
        #expect(error.code == .registryCorrupt)
        #expect(error.remedy?.contains("mv '/home/a b/registry.sqlite3' '/home/a b/registry.sqlite3.damaged'") == true, "\(error.remedy ?? "")")
    }

    @Test func refusesAFileThatIsNotADatabase() throws {
        let home = Home()
        try home.directory.ensure()
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        try garbage.write(to: URL(fileURLWithPath: home.database))
        #expect(throws: ClawPairError(.registryCorrupt, "")) { try home.open() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: home.database)) == garbage)
    }

    /// A registry written by the first schema (before `entries_by_kind`) is brought forward
    /// on open, keeps its entries, and takes writes: its schema is then the one this build makes.
    @Test func aVersionOneRegistryIsMigratedAndTakesWrites() throws {
        let home = Home()
        try home.directory.ensure()
        do {
            let old = try SQLiteConnection(path: home.database)
            try RegistryMigrations.migrate(old, steps: Array(RegistryMigrations.steps.prefix(1)))
            try old.execute("INSERT INTO entries (id, kind, name, created_order) VALUES ('manual|old.lan|18789', 'manual', 'old', 1)")
        }
        let registry = try home.open()
        #expect(try registry.connection.integerPragma("user_version") == RegistryMigrations.latestVersion)
        #expect(try registry.connection.statement("SELECT count(*) FROM sqlite_schema WHERE name = 'entries_by_kind'").first { $0.integer(0) } == 1)
        #expect(try registry.list().map(\.entry.name) == ["old"])
        try registry.upsert(try Self.manual("new.lan"))
        #expect(try registry.list().count == 2)
    }

    /// The integrity check's fast path: a registry the migrations made has the schema cookie
    /// ``RegistryIntegrity/migratedSchemaVersion`` names, and so does the in-memory reference.
    @Test func theMigratedSchemaVersionIsWhatTheStepsMake() throws {
        let registry = try Home().open()
        #expect(try registry.connection.integerPragma("schema_version") == RegistryIntegrity.migratedSchemaVersion)
        let memory = try SQLiteConnection(path: SQLiteConnection.inMemoryPath)
        try RegistryMigrations.migrate(memory)
        #expect(try memory.integerPragma("schema_version") == RegistryIntegrity.migratedSchemaVersion)
        // After a VACUUM the cookie moves on; the full comparison still finds the schema intact.
        try registry.connection.execute("VACUUM")
        #expect(try registry.connection.integerPragma("schema_version") != RegistryIntegrity.migratedSchemaVersion)
        try registry.upsert(try Self.manual("after-vacuum.lan"))
    }

    @Test func migrationsRunForwardOnceAndInOrder() throws {
        let home = Home()
        let registry = try home.open()
        try registry.upsert(Self.manual("gw.lan"))
        let connection = registry.connection
        let next = RegistryMigrations.steps + [
            "ALTER TABLE entries ADD COLUMN note TEXT; UPDATE entries SET note = 'migrated';",
            "CREATE TABLE extra (n INTEGER); INSERT INTO extra VALUES (1);",
        ]
        try RegistryMigrations.migrate(connection, steps: next)
        #expect(try connection.integerPragma("user_version") == RegistryMigrations.latestVersion + 2)
        #expect(try connection.statement("SELECT note FROM entries").first { $0.text(0) } == "migrated")
        // Again: nothing runs twice (a second INSERT would make two rows).
        try RegistryMigrations.migrate(connection, steps: next)
        #expect(try connection.statement("SELECT count(*) FROM extra").first { $0.integer(0) } == 1)
        // A failing step rolls the whole migration back to the previous version.
        #expect(throws: ClawPairError.self) { try RegistryMigrations.migrate(connection, steps: next + ["CREATE TABLE extra (n INTEGER)"]) }
        #expect(try connection.integerPragma("user_version") == RegistryMigrations.latestVersion + 2)
        // This build does not know version latest + 2: opening now refuses.
        #expect(throws: ClawPairError(.registryTooNew, "")) { try home.open() }
    }

    @Test func aChangeBlockedPastTheBusyTimeoutIsAStorageError() throws {
        let home = Home()
        let holder = try home.open()
        try holder.upsert(Self.manual("gw.lan"))
        try holder.connection.execute("BEGIN IMMEDIATE")
        defer { try? holder.connection.execute("ROLLBACK") }
        let other = try GatewayRegistry(path: home.database, nowMs: { 0 }, busyTimeoutMs: 50)
        #expect(try other.list().count == 1)  // readers are not blocked
        let error = try #require(throws: ClawPairError.self) { try other.bolt(GatewayID(rawValue: "manual|gw.lan|18789")) }
        #expect(error.code == .registryBusy && error.code.category == .internal)
    }

    // MARK: Invariants

    @Test func theSameGatewayAddedTwiceIsOneEntry() throws {
        let registry = try Home().open()
        #expect(try registry.upsert(Self.manual("GW.lan", name: "first")) == .inserted)
        #expect(try registry.upsert(Self.manual("gw.lan"), rename: false) == .updated)
        let entries = try registry.list()
        #expect(entries.count == 1)
        #expect(entries[0].entry.name == "first")
        #expect(entries[0].entry.id.rawValue == "manual|gw.lan|18789")
        try registry.upsert(Self.manual("gw.lan", name: "second"))
        #expect(try registry.list().map(\.entry.name) == ["second"])
    }

    /// `rename` refuses what `pair --name` refuses: the registry's one check of a chosen name.
    @Test(arguments: ["", "  ", "red\u{1B}[31m", "two\nlines", "bell\u{07}", String(repeating: "x", count: 257)])
    func renameRefusesWhatPairNameRefuses(name: String) throws {
        let registry = try Home().open()
        try registry.upsert(Self.manual("gw.lan", name: "good"))
        #expect(throws: ClawPairError(.registryInvalid, "")) { try GatewayRegistry.validate(name: name) }
        #expect(throws: ClawPairError(.registryInvalid, "")) { try registry.rename(try registry.resolve("good"), to: name) }
        #expect(try registry.list().map(\.entry.name) == ["good"])
    }

    @Test func idsCompareAsExactBytes() throws {
        let registry = try Home().open()
        let composed = GatewayID.discovered(domain: "local.", instanceName: "Caf\u{E9}")
        let decomposed = GatewayID.discovered(domain: "local.", instanceName: "Cafe\u{301}")
        let upper = GatewayID.discovered(domain: "local.", instanceName: "CAF\u{C9}")
        for id in [composed, decomposed, upper] {
            try registry.upsert(GatewayEntry(id: id, kind: .discovered, name: id.rawValue))
        }
        #expect(try registry.list().count == 3)
        // Swift's String == would call the first two equal; the registry must not.
        #expect(composed.rawValue == decomposed.rawValue)
        #expect(try registry.resolve(composed.rawValue) == composed)
        // State belongs to the exact bytes too.
        try registry.bolt(composed)
        try registry.trust(decomposed, pin: Self.pinA)
        let bytes = { (summary: GatewaySummary) in Array(summary.entry.id.rawValue.utf8) }
        let listed = try registry.list()
        #expect(listed.filter(\.bolted).map(bytes) == [Array(composed.rawValue.utf8)])
        #expect(listed.filter(\.pinned).map(bytes) == [Array(decomposed.rawValue.utf8)])
        try registry.focus(composed)
        #expect(try registry.record(decomposed)?.focused == false)
        #expect(try registry.record(composed)?.focused == true)
        #expect(try registry.unbolt(upper) == false)  // not refused: only `composed` is focused
        try registry.bolt(decomposed)
        #expect(try registry.unbolt(decomposed))
        try registry.focus(upper)
        try registry.forget(decomposed)
        #expect(try registry.list().map(\.entry.id.rawValue.utf8.count).sorted() == [composed.rawValue.utf8.count, upper.rawValue.utf8.count].sorted())
    }

    @Test func focusBoltsAndThereIsAtMostOneFocus() throws {
        let registry = try Home().open()
        let a = try Self.manual("a.lan"), b = try Self.manual("b.lan")
        try registry.upsert(a)
        try registry.upsert(b)
        #expect(try registry.focusedID() == nil)
        #expect(try registry.focus(a.id) == nil)
        #expect(try registry.boltedIDs() == [a.id])
        #expect(try registry.focus(b.id) == a.id)
        #expect(try registry.focusedID() == b.id)
        // Changing focus does not unbolt the previous focus.
        #expect(try registry.boltedIDs() == [a.id, b.id])
        #expect(try registry.list().filter(\.focused).map(\.entry.id) == [b.id])
        #expect(try registry.list().first?.entry.id == b.id)
        // The schema itself refuses a second focus row and a focus outside the bolt set.
        #expect(throws: ClawPairError.self) { try registry.connection.execute("INSERT INTO focus (slot, entry_id) VALUES (2, '\(a.id.rawValue)')") }
        try registry.unbolt(a.id)
        #expect(throws: ClawPairError.self) { try registry.connection.execute("UPDATE focus SET entry_id = '\(a.id.rawValue)'") }
        #expect(try registry.consistencyProblems().isEmpty)
    }

    @Test func theFocusedGatewayCannotBeUnbolted() throws {
        let registry = try Home().open()
        let a = try Self.manual("a.lan")
        try registry.upsert(a)
        try registry.focus(a.id)
        #expect(throws: ClawPairError(.registryFocused, "")) { try registry.unbolt(a.id) }
        #expect(try registry.boltedIDs() == [a.id])
        #expect(try registry.focusedID() == a.id)
    }

    @Test func boltSetKeepsOrderAndHasNoDuplicates() throws {
        let registry = try Home().open()
        let ids = try ["c", "a", "b"].map { try Self.manual("\($0).lan") }
        for entry in ids { try registry.upsert(entry) }
        for entry in ids { #expect(try registry.bolt(entry.id)) }
        #expect(try registry.bolt(ids[0].id) == false)
        #expect(try registry.boltedIDs() == ids.map(\.id))
        #expect(try registry.unbolt(ids[1].id))
        #expect(try registry.unbolt(ids[1].id) == false)
        try registry.bolt(ids[1].id)
        #expect(try registry.boltedIDs() == [ids[0].id, ids[2].id, ids[1].id])
    }

    @Test func noDanglingReferencesCanBeWritten() throws {
        let registry = try Home().open()
        let ghost = GatewayID(rawValue: "manual|ghost|1")
        #expect(throws: ClawPairError(.registryNotFound, "")) { try registry.bolt(ghost) }
        #expect(throws: ClawPairError(.registryNotFound, "")) { try registry.focus(ghost) }
        #expect(throws: ClawPairError(.registryNotFound, "")) { try registry.trust(ghost, pin: Self.pinA) }
        #expect(throws: ClawPairError(.registryNotFound, "")) { try registry.setPreference(ghost, key: "k", value: "v") }
        #expect(throws: ClawPairError.self) {
            try registry.connection.execute("INSERT INTO pins (entry_id, fingerprint, pinned_at_ms) VALUES ('nobody', '\(Self.pinA.hex)', 0)")
        }
        #expect(try registry.rowCounts().values.allSatisfy { $0 == 0 })
    }

    // MARK: Pairing results

    @Test func aPairingUnderAnotherEntrysNameIsStoredUnderTheNextFreeNumber() throws {
        let registry = try Home().open()
        let a = try Self.manual("a.lan", name: "Studio"), b = try Self.manual("b.lan", name: "Studio"), c = try Self.manual("c.lan", name: "Studio")
        #expect(try registry.storePairing(Self.pairing(a)) == "Studio")
        // The gateway has issued its tokens: they are kept, under a name no one else has.
        #expect(try registry.storePairing(Self.pairing(b)) == "Studio (2)")
        #expect(try registry.storePairing(Self.pairing(c)) == "Studio (3)")
        #expect(try registry.record(b.id)?.deviceToken(role: "node") != nil)
        // Re-pairing keeps an entry's own name.
        #expect(try registry.storePairing(Self.pairing(a)) == "Studio")
        #expect(try registry.resolve("Studio") == a.id && registry.resolve("Studio (2)") == b.id)
        #expect(throws: ClawPairError(.registryNameInUse, "")) { try registry.rename(c.id, to: "Studio") }
    }

    @Test func storePairingKeepsEverythingAndFocusesTheFirstGateway() throws {
        let registry = try Home().open()
        let a = try Self.manual("a.lan"), b = try Self.manual("b.lan")
        try registry.storePairing(Self.pairing(a))
        try registry.storePairing(Self.pairing(b, full: false))
        #expect(try registry.focusedID() == a.id)
        let record = try #require(try registry.record(b.id))
        #expect(record.pin == Self.pinA)
        #expect(record.deviceToken(role: "operator")?.scopes == AccessLevel.limited.operatorScopes)
        #expect(record.deviceToken(role: "node")?.token.revealed == "device-token-secret-node")
        #expect(record.credentials.customHeaders.map(\.value.revealed) == ["header-secret"])
        #expect(try registry.list().map(\.access) == [.full, .limited])
        #expect(try registry.list().allSatisfy { $0.paired && $0.pinned })
    }

    @Test func newCredentialsReplaceOldOnesAllOrNothing() throws {
        let registry = try Home().open()
        let a = try Self.manual("a.lan")
        try registry.storePairing(Self.pairing(a, token: "old"))
        // A bad token in the middle of a re-pairing: nothing of it may be stored.
        var broken = Self.pairing(a, token: "new")
        broken.pin = Self.pinB
        broken.deviceTokens.append(DeviceToken(role: "node", token: Secret("duplicate-role"), scopes: [], issuedAtMs: 2))
        #expect(throws: ClawPairError.self) { try registry.storePairing(broken) }
        let kept = try #require(try registry.record(a.id))
        #expect(kept.pin == Self.pinA)
        #expect(kept.deviceTokens.map(\.token.revealed).sorted() == ["old-node", "old-operator"])
        // A complete re-pairing replaces every token and drops roles no longer issued.
        var fresh = Self.pairing(a, token: "new")
        fresh.deviceTokens.removeAll { $0.role == "node" }
        fresh.credentials = GatewaySecrets()
        try registry.storePairing(fresh)
        let replaced = try #require(try registry.record(a.id))
        #expect(replaced.deviceTokens.map(\.token.revealed) == ["new-operator"])
        #expect(replaced.credentials.isEmpty)
        #expect(try registry.rowCounts()["secrets"] == 0)
    }

    @Test func recordsConnectionsAndTrust() throws {
        let registry = try Home().open()
        let a = try Self.manual("a.lan")
        try registry.upsert(a)
        try registry.recordConnection(a.id, atMs: 42, route: "ws://10.0.0.2:18789")
        var entry = try #require(try registry.record(a.id)).entry
        #expect(entry.lastConnectedAtMs == 42)
        #expect(entry.displayURL == "ws://10.0.0.2:18789")
        try registry.recordConnection(a.id, atMs: 43, route: nil)
        entry = try #require(try registry.record(a.id)).entry
        #expect(entry.provenRoute == "ws://10.0.0.2:18789")
        #expect(try registry.trust(a.id, pin: Self.pinA) == nil)
        #expect(try registry.trust(a.id, pin: Self.pinB) == Self.pinA)
        #expect(try registry.record(a.id)?.pin == Self.pinB)
    }

    @Test(arguments: ["ws://gw.lan:18789", "wss://[fe80::1%25eth0]:443/claw", "ws://[fd00::1]:9000", "wss://a.ts.net:443/x%20y"])
    func configuredURLMatchesTheParsedRoute(url: String) throws {
        let route = try GatewayRoute(url: url)
        let entry = GatewayEntry.manual(route: route)
        #expect(entry.configuredURL == route.url)
        #expect(entry.configuredRoute?.url == route.url)
    }

    // MARK: Resolving ID arguments

    @Test func resolvesExactIdNameAndUniquePrefix() throws {
        let registry = try Home().open()
        let studio = try Self.manual("studio.lan", name: "Studio")
        let studio2 = try Self.manual("studio2.lan", name: "Office")
        let other = try Self.manual("other.lan", name: "manual|studio.lan|18789x")
        for entry in [studio, studio2, other] { try registry.upsert(entry) }
        #expect(try registry.resolve("manual|studio.lan|18789") == studio.id)
        #expect(try registry.resolve("Studio") == studio.id)
        #expect(try registry.resolve("manual|o") == other.id)
        #expect(try registry.resolve("manual|studio2") == studio2.id)
        #expect(try registry.resolve("manual|studio.lan|18789x") == other.id)
        do {
            _ = try registry.resolve("manual|studio")
            Issue.record("an ambiguous prefix resolved")
        } catch {
            #expect(error.code == .registryAmbiguous)
            #expect(error.message.contains(studio.id.rawValue) && error.message.contains(studio2.id.rawValue))
        }
        #expect(throws: ClawPairError(.registryNotFound, "")) { try registry.resolve("nothing") }
        #expect(throws: ClawPairError(.registryNotFound, "")) { try registry.resolve("") }
        // Names are unique now (upsert refuses "Studio" again), but a registry written before
        // may hold two: the name is then ambiguous, never a guess.
        try registry.upsert(try Self.manual("x.lan", name: "X"))
        try registry.connection.statement("UPDATE entries SET name = 'Studio' WHERE name = 'X'").run([])
        #expect(throws: ClawPairError(.registryAmbiguous, "")) { try registry.resolve("Studio") }
    }

    // MARK: Forget

    @Test func forgetRemovesEverythingItOwnsAndNothingElse() throws {
        let home = Home()
        let registry = try home.open()
        let installation = try registry.installation { Array(repeating: 7, count: 32) }
        let a = try Self.manual("a.lan"), b = try Self.manual("b.lan"), c = try Self.manual("c.lan")
        try Self.fullyOwned(registry, a, origin: "https://shared.example")
        try Self.fullyOwned(registry, b, origin: "https://shared.example")
        try Self.fullyOwned(registry, c, origin: "https://own.example")
        try registry.storeAccessSession(origin: "https://shared.example", token: Secret("jwt-shared"), subject: "me", expiresAtMs: nil)
        try registry.storeAccessSession(origin: "https://own.example", token: Secret("jwt-own"), subject: nil, expiresAtMs: nil)
        try registry.focus(a.id)
        let before = try registry.rowCounts()
        #expect(before["entries"] == 3 && before["focus"] == 1 && before["bolts"] == 3)

        let report = try registry.forget(a.id)
        #expect(report.wasFocused && !report.removedAccessSession)
        let after = try registry.rowCounts()
        let expectedDrop = [
            "entries": 1, "bolts": 1, "focus": 1, "secrets": 1, "custom_headers": 1, "pins": 1, "device_tokens": 2,
            "preferences": 1, "entry_cache": 1, "access_sessions": 0, "installation": 0,
        ]
        for (table, count) in before { #expect(count - after[table]! == expectedDrop[table], "table \(table)") }
        #expect(try registry.focusedID() == nil)  // no new focus is chosen
        #expect(try registry.record(b.id)?.deviceTokens.count == 2)

        // The last entry of an origin takes its Access session with it.
        #expect(try registry.forget(c.id).removedAccessSession)
        #expect(try registry.accessSession(origin: "https://own.example") == nil)
        #expect(try registry.accessSession(origin: "https://shared.example")?.token.revealed == "jwt-shared")
        #expect(try registry.forget(b.id).removedAccessSession)
        let empty = try registry.rowCounts()
        #expect(empty.filter { $0.key != "installation" }.values.allSatisfy { $0 == 0 })
        #expect(try registry.installation { Issue.record("made a second identity"); return [] }.deviceSeed == installation.deviceSeed)
        #expect(try registry.consistencyProblems().isEmpty)

        // Re-pairing the same gateway afterwards starts clean.
        try registry.upsert(a)
        let fresh = try #require(try registry.record(a.id))
        #expect(fresh.pin == nil && fresh.deviceTokens.isEmpty && fresh.credentials.isEmpty && fresh.preferences.isEmpty && !fresh.bolted)
    }

    @Test func forgetOfAnUnknownIdChangesNothing() throws {
        let registry = try Home().open()
        try Self.fullyOwned(registry, try Self.manual("a.lan"))
        let before = try registry.rowCounts()
        #expect(throws: ClawPairError(.registryNotFound, "")) { try registry.forget(GatewayID(rawValue: "manual|a.lan")) }
        #expect(try registry.rowCounts() == before)
    }

    // MARK: Installation

    @Test func installationIsCreatedOnceAndKeptAcrossOpens() throws {
        let home = Home()
        let seed = (0..<32).map { UInt8($0) }
        let first = try home.open().installation { seed }
        #expect(first.deviceSeed == seed)
        #expect(first.instanceID.count == 32)
        let again = try home.open().installation { Issue.record("seed made twice"); return [] }
        #expect(again.instanceID == first.instanceID && again.deviceSeed == seed)
        #expect(throws: ClawPairError.self) { try Home().open().installation { [1, 2, 3] } }
    }

    // MARK: Damage

    /// Every write of the library, pairing's store and the installation's creation among
    /// them, refuses a registry that reading refuses (`REGISTRY_CORRUPT`) and commits nothing:
    /// the database file and its WAL keep every byte.
    @Test(arguments: [
        "PRAGMA ignore_check_constraints = ON; UPDATE entries SET kind = 'weird'",
        "DROP TABLE device_tokens",
        "DROP INDEX entries_by_name",
        "CREATE TABLE extra (x)",
    ])
    func aDamagedRegistryTakesNoWrite(damage: String) throws {
        let home = Home()
        let id = try Self.manual("a.lan").id
        do {
            let registry = try home.open()
            try registry.upsert(try Self.manual("a.lan"))
            try registry.trust(id, pin: Self.pinA)
            try registry.connection.execute(damage)
        }
        func files() throws -> [[UInt8]] {
            try [home.database, home.database + "-wal"].map { path in
                FileManager.default.fileExists(atPath: path) ? try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) : []
            }
        }
        let before = try files()
        let registry = try home.open()
        let pairing = GatewayPairing(
            entry: try Self.manual("b.lan"), credentials: GatewaySecrets(sharedToken: Secret("s")), pin: Self.pinB,
            deviceTokens: [DeviceToken(role: "node", token: Secret("t"), scopes: [], issuedAtMs: 1)])
        let writes: [(String, () throws(ClawPairError) -> Void)] = [
            ("upsert", { () throws(ClawPairError) in try registry.upsert(try! Self.manual("b.lan")) }),
            ("rename", { () throws(ClawPairError) in try registry.rename(id, to: "x") }),
            ("recordConnection", { () throws(ClawPairError) in try registry.recordConnection(id, atMs: 5, route: nil) }),
            ("setAccessOrigin", { () throws(ClawPairError) in try registry.setAccessOrigin(id, "https://a.example") }),
            ("focus", { () throws(ClawPairError) in try registry.focus(id) }),
            ("bolt", { () throws(ClawPairError) in try registry.bolt(id) }),
            ("unbolt", { () throws(ClawPairError) in try registry.unbolt(id) }),
            ("forget", { () throws(ClawPairError) in try registry.forget(id) }),
            ("storePairing", { () throws(ClawPairError) in try registry.storePairing(pairing) }),
            ("trust", { () throws(ClawPairError) in try registry.trust(id, pin: Self.pinB) }),
            ("setPreference", { () throws(ClawPairError) in try registry.setPreference(id, key: "k", value: "v") }),
            ("setCachedData", { () throws(ClawPairError) in try registry.setCachedData(id, key: "k", value: [1]) }),
            ("storeAccessSession", { () throws(ClawPairError) in
                try registry.storeAccessSession(origin: "https://a.example", token: Secret("j"), subject: nil, expiresAtMs: nil)
            }),
            ("installation", { () throws(ClawPairError) in _ = try registry.installation { [UInt8](repeating: 7, count: 32) } }),
        ]
        for (name, write) in writes {
            do {
                try write()
                Issue.record("\(name) wrote to a damaged registry (\(damage))")
            } catch {
                #expect(error.code == .registryCorrupt, "\(name): \(error)")
            }
            #expect(try files() == before, "\(name) changed the file (\(damage))")
        }
    }

    // MARK: Concurrency

    @Test func twoConnectionsChangingAtOnceLoseNothing() async throws {
        let home = Home()
        _ = try home.open()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    let registry = try! home.open()
                    for index in 0..<25 {
                        try! registry.upsert(try! Self.manual("w\(worker)-\(index).lan"))
                        try! registry.bolt(GatewayID.manual(host: "w\(worker)-\(index).lan", port: 18789))
                    }
                }
            }
        }
        let registry = try home.open()
        #expect(try registry.list().count == 100)
        #expect(Set(try registry.boltedIDs()).count == 100)
        #expect(try registry.consistencyProblems().isEmpty)
    }
}
