internal import CClawShims
internal import CSQLite

/// The one owner of a `sqlite3*` connection and of every statement prepared on it.
///
/// Opening never modifies a file it cannot use: the header is read (a damaged file fails
/// with `REGISTRY_CORRUPT`) and the schema version checked (a newer one fails with
/// `REGISTRY_TOO_NEW`) before anything is written.
final class SQLiteConnection {
    private let handle: OpaquePointer
    /// The database file, for messages.
    let path: String
    /// How long a lock is waited for (``busyTimeoutMs`` unless a test chose less).
    private let lockWaitMs: Int32
    /// Statements prepared once and reused; finalized before the connection closes.
    private var statements: [String: SQLiteStatement] = [:]

    /// How long a change waits for another process's transaction before failing: long
    /// enough for any real change (they take milliseconds), short enough that a wedged
    /// process is reported rather than waited on forever.
    static let busyTimeoutMs: Int32 = 10_000

    /// SQLite's name for a private database in memory (no file).
    static let inMemoryPath = ":memory:"

    /// Run by ``write(_:)`` first, inside the transaction, so a change can refuse a database
    /// it must not write into (``RegistryIntegrity``). Set once the schema is migrated.
    var writeCheck: ((SQLiteConnection) throws(ClawPairError) -> Void)?

    /// Opens (creating when missing) the database at `path` with owner-only permissions.
    /// `busyTimeoutMs` is a parameter for tests that need a lock wait to end quickly.
    init(path: String, busyTimeoutMs: Int32 = SQLiteConnection.busyTimeoutMs) throws(ClawPairError) {
        try CLibrary.libsqlite3.require()
        self.path = path
        lockWaitMs = busyTimeoutMs
        // Owner-only from the first byte: the database file is made 0600 before SQLite opens
        // it, and SQLite gives -wal and -shm the database file's mode. Not umask(2): it is
        // process-wide, so a child another thread spawns meanwhile (a daemon in the tests)
        // would inherit 077.
        if path != Self.inMemoryPath { try? FileIO.create(path, mode: StateDirectory.fileMode) }
        var database: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let status = clawpair_sqlite3_open_v2(path, &database, flags, nil)
        guard status == SQLITE_OK, let database else {
            let message = database.map { String(cString: clawpair_sqlite3_errmsg($0)) } ?? "out of memory"
            clawpair_sqlite3_close_v2(database)
            throw Self.error(status, path: path, detail: message, context: "cannot open")
        }
        handle = database
        clawpair_sqlite3_busy_timeout(database, busyTimeoutMs)
        clawpair_sqlite3_extended_result_codes(database, 1)
    }

    /// Keeps the WAL file between processes instead of checkpointing and deleting it at every
    /// close: each clawpair command is a short process, and a checkpoint (copy plus fsyncs)
    /// per command would cost more than the change. Instead a commit that leaves
    /// ``walCheckpointPages`` or more in the WAL checkpoints and empties it.
    func keepWriteAheadLogBetweenProcesses() throws(ClawPairError) {
        let status = CClawShims_sqliteDisableCheckpointOnClose(handle)
        guard status == SQLITE_OK else { throw error(status, "cannot configure") }
        var persist: Int32 = 1
        let control = clawpair_sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
        guard control == SQLITE_OK else { throw error(control, "cannot configure") }
        CClawShims_sqliteTruncateWALAt(handle, Int32(Self.walCheckpointPages))
    }

    /// The WAL length, in pages, at which a commit checkpoints and truncates it. Every clawpair
    /// process opens the registry as its first connection and so reads the whole WAL to
    /// rebuild its index: at 128 pages (512 KiB) that stays a fraction of a millisecond, and
    /// the checkpoint comes once every few dozen changes.
    static let walCheckpointPages = 128

    deinit {
        statements.removeAll()
        clawpair_sqlite3_close_v2(handle)
    }

    /// A cached prepared statement for `sql`.
    func statement(_ sql: String) throws(ClawPairError) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        let statement = try SQLiteStatement(connection: self, database: handle, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Runs one or more statements that return nothing (schema, pragmas, BEGIN/COMMIT).
    func execute(_ sql: String) throws(ClawPairError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = clawpair_sqlite3_exec(handle, sql, nil, nil, &message)
        defer { clawpair_sqlite3_free(message) }
        guard status == SQLITE_OK else {
            throw Self.error(status, path: path, detail: message.map { String(cString: $0) } ?? "", context: "cannot run \(sql)")
        }
    }

    /// Puts the database in WAL mode (a no-op once it is). On a registry several processes
    /// create at once, the switch — it needs the only lock on the file — answers SQLITE_BUSY
    /// at once to every process but the one switching, without the busy wait other statements
    /// get (SQLite skips the handler where waiting could deadlock); that is what made one of
    /// eight first `gateways add`s fail with "locked for 10 s" in no time. The winner's switch
    /// takes milliseconds and leaves nothing to do, so a busy switch is tried again, within
    /// the same busy timeout as any lock wait.
    func enableWriteAheadLog() throws(ClawPairError) {
        let deadline = ContinuousClock.now + .milliseconds(Int(lockWaitMs))
        while true {
            do {
                try execute("PRAGMA journal_mode = WAL")
                return
            } catch where error.code == .registryBusy && ContinuousClock.now < deadline {
                Syscalls.sleep(for: Self.busyRetryPause)
            }
        }
    }

    /// Between two tries of a switch another process holds: about what the switch takes.
    static let busyRetryPause: Duration = .milliseconds(5)

    /// The single integer a pragma such as `user_version` returns.
    func integerPragma(_ name: String) throws(ClawPairError) -> Int64 {
        try statement("PRAGMA \(name)").first { $0.integer(0) } ?? 0
    }

    /// Runs `body` as one write transaction. `BEGIN IMMEDIATE` takes the write lock up front,
    /// so two processes changing the registry queue on the busy timeout instead of failing
    /// when a read lock cannot be upgraded. Any error rolls the whole change back.
    func write<T>(_ body: () throws(ClawPairError) -> T) throws(ClawPairError) -> T {
        try transaction("BEGIN IMMEDIATE") { () throws(ClawPairError) in
            try writeCheck?(self)
            return try body()
        }
    }

    /// Runs `body` in one read transaction, so several queries see the same snapshot.
    func read<T>(_ body: () throws(ClawPairError) -> T) throws(ClawPairError) -> T {
        try transaction("BEGIN DEFERRED", body)
    }

    private func transaction<T>(_ begin: String, _ body: () throws(ClawPairError) -> T) throws(ClawPairError) -> T {
        try execute(begin)
        do throws(ClawPairError) {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(clawpair_sqlite3_changes(handle)) }

    /// The error for a failed call on this connection, with SQLite's own message and code.
    func error(_ status: Int32, _ context: String) -> ClawPairError {
        Self.error(status, path: path, detail: String(cString: clawpair_sqlite3_errmsg(handle)), context: context)
    }

    /// The error for a statement that does not prepare. The registry's statements are fixed
    /// text, so on a migrated file a missing table or column means someone changed the schema:
    /// the file is damaged, not the program.
    func preparationError(_ status: Int32, _ sql: String) -> ClawPairError {
        let detail = String(cString: clawpair_sqlite3_errmsg(handle))
        if status == SQLITE_ERROR, detail.hasPrefix("no such table") || detail.hasPrefix("no such column") {
            return Self.damaged(path, detail)
        }
        return Self.error(status, path: path, detail: detail, context: "cannot prepare \(sql)")
    }

    static func error(_ status: Int32, path: String, detail: String, context: String) -> ClawPairError {
        let code = "SQLite code \(status)"
        switch status & 0xFF {
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return damaged(path, "\(detail), \(code)")
        case SQLITE_BUSY, SQLITE_LOCKED:
            return ClawPairError(
                .registryBusy, "the registry \(path) stayed locked by another process for \(busyTimeoutMs / 1000) s (\(detail))",
                remedy: "retry; if it persists, look for a hung clawpair process")
        case SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH:
            return ClawPairError(
                .registryStorage, "\(context) the registry \(path): \(detail) (\(code))",
                remedy: "check that the state directory is yours and writable, or choose another with --home")
        default:
            return ClawPairError(.registryStorage, "registry \(path): \(context): \(detail) (\(code))")
        }
    }

    /// `REGISTRY_CORRUPT` for the registry at `path`, `detail` saying what is wrong.
    static func damaged(_ path: String, _ detail: String) -> ClawPairError {
        ClawPairError(
            .registryCorrupt, "the registry \(path) is damaged (\(detail)); it was left as it is",
            remedy: "move it away (mv \(ShellQuoting.quote(path)) \(ShellQuoting.quote(path + ".damaged"))) to start an empty registry, "
                + "or restore a backup")
    }
}
