internal import CClawShims
internal import CSQLite

/// One prepared statement. It is owned by the ``SQLiteConnection`` that prepared it (which
/// caches it by its SQL text) and finalized in `deinit`, before the connection closes.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection
    let sql: String

    init(connection: SQLiteConnection, database: OpaquePointer, sql: String) throws(ClawPairError) {
        var statement: OpaquePointer?
        let status = clawpair_sqlite3_prepare_v3(database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else {
            clawpair_sqlite3_finalize(statement)
            throw connection.preparationError(status, sql)
        }
        self.handle = statement
        self.connection = connection
        self.sql = sql
    }

    deinit { clawpair_sqlite3_finalize(handle) }

    /// A value bound to a `?` parameter.
    enum Value {
        case null
        case integer(Int64)
        case text(String)
        case blob([UInt8])

        static func optional(_ text: String?) -> Value { text.map(Value.text) ?? .null }
        static func optional(_ number: Int64?) -> Value { number.map(Value.integer) ?? .null }
    }

    /// Clears earlier bindings and results, then binds `values` to parameters 1…n.
    func bind(_ values: [Value]) throws(ClawPairError) {
        clawpair_sqlite3_reset(handle)
        clawpair_sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = clawpair_sqlite3_bind_null(handle, index)
            case .integer(let number): status = clawpair_sqlite3_bind_int64(handle, index, number)
            case .text(let text):
                // SQLITE_TRANSIENT: SQLite copies the bytes, which live only during this call.
                status = clawpair_sqlite3_bind_text(handle, index, text, -1, Self.transient)
            case .blob(let bytes) where bytes.isEmpty:
                // A nil pointer would bind NULL, not an empty blob.
                status = clawpair_sqlite3_bind_zeroblob(handle, index, 0)
            case .blob(let bytes):
                status = bytes.withUnsafeBytes { buffer in
                    clawpair_sqlite3_bind_blob(handle, index, buffer.baseAddress, Int32(buffer.count), Self.transient)
                }
            }
            guard status == SQLITE_OK else { throw connection.error(status, "cannot bind parameter \(index) of \(sql)") }
        }
    }

    /// Advances to the next row: true when a row is ready, false when done.
    func step() throws(ClawPairError) -> Bool {
        let status = clawpair_sqlite3_step(handle)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            return false
        default:
            clawpair_sqlite3_reset(handle)
            throw connection.error(status, "cannot run \(sql)")
        }
    }

    /// Runs a statement that returns no rows.
    func run(_ values: [Value] = []) throws(ClawPairError) {
        try bind(values)
        defer { clawpair_sqlite3_reset(handle) }
        while try step() {}
    }

    /// Runs a query and maps every row.
    func rows<T>(_ values: [Value] = [], _ read: (SQLiteStatement) throws(ClawPairError) -> T) throws(ClawPairError) -> [T] {
        try bind(values)
        // Reset on every exit: a statement left mid-result would hold its read snapshot.
        defer { clawpair_sqlite3_reset(handle) }
        var result: [T] = []
        while try step() { result.append(try read(self)) }
        return result
    }

    /// Runs a query and hands every row to `body`, which reads the columns it needs (and
    /// copies what it keeps: borrowed text is valid only until the next row).
    func forEachRow(_ values: [Value] = [], _ body: (SQLiteStatement) throws(ClawPairError) -> Void) throws(ClawPairError) {
        try bind(values)
        defer { clawpair_sqlite3_reset(handle) }
        while try step() { try body(self) }
    }

    /// The first row's mapping, or nil.
    func first<T>(_ values: [Value] = [], _ read: (SQLiteStatement) throws(ClawPairError) -> T) throws(ClawPairError) -> T? {
        try bind(values)
        defer { clawpair_sqlite3_reset(handle) }
        guard try step() else { return nil }
        return try read(self)
    }

    // MARK: Columns of the current row

    func isNull(_ column: Int32) -> Bool { clawpair_sqlite3_column_type(handle, column) == SQLITE_NULL }

    func integer(_ column: Int32) -> Int64 { clawpair_sqlite3_column_int64(handle, column) }

    func optionalInteger(_ column: Int32) -> Int64? { isNull(column) ? nil : integer(column) }

    func text(_ column: Int32) -> String {
        guard let pointer = clawpair_sqlite3_column_text(handle, column) else { return "" }
        let count = Int(clawpair_sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    /// A TEXT column's UTF-8 bytes, for keys that must compare as exact bytes (Swift's
    /// `String` equality would treat canonically equivalent texts as equal).
    func textBytes(_ column: Int32) -> [UInt8] {
        guard let pointer = clawpair_sqlite3_column_text(handle, column) else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(clawpair_sqlite3_column_bytes(handle, column))))
    }

    /// A TEXT column's UTF-8 bytes where SQLite holds them, or nil for NULL: no copy, valid
    /// only until the statement steps or resets. One call for a value (the NULL check
    /// costs a second call only for NULL), since a long listing pays per call.
    func borrowedText(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
        if let pointer = clawpair_sqlite3_column_text(handle, column) {
            return UnsafeBufferPointer(start: pointer, count: Int(clawpair_sqlite3_column_bytes(handle, column)))
        }
        // Not NULL, yet no text: SQLite ran out of memory; ``text(_:)`` reads that as "" too.
        return isNull(column) ? nil : UnsafeBufferPointer(start: nil, count: 0)
    }

    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(clawpair_sqlite3_column_bytes(handle, column))
        guard count > 0, let pointer = clawpair_sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// SQLite's SQLITE_TRANSIENT destructor (a macro Swift cannot import).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
