/// What every change to the registry checks first, inside its write transaction: that the
/// database is one reading trusts. A registry `gateways list` refuses must not take a write
/// that commits into it (issue 16, item 4): the check fails the change, the transaction rolls
/// back, and the file keeps every byte.
///
/// Two things, cheap enough for every write (well under a millisecond with 10 000 entries; a
/// page-level `quick_check` costs tens):
/// - the schema is exactly the one ``RegistryMigrations`` makes (no table dropped, altered or
///   added), compared with the schema the same steps make in an in-memory database;
/// - the value `list` decodes from every row is valid: the entry's `kind`
///   (``GatewayRegistry/listing()`` refuses an unknown one), which a writer with check
///   constraints off could have left. A malformed pin is refused where one entry is read
///   (``GatewayRegistry/record(_:)``): checking all of them costs 7 ms with 5 000 pins.
enum RegistryIntegrity {
    /// Throws `REGISTRY_CORRUPT` when the registry on `connection` is not one reading trusts.
    static func requireIntact(_ connection: SQLiteConnection) throws(ClawPairError) {
        if try connection.integerPragma("schema_version") != migratedSchemaVersion {
            let expected = try expectedSchema.get()
            let found = try schema(connection)
            if found != expected {
                throw SQLiteConnection.damaged(connection.path, difference(found: found, expected: expected))
            }
        }
        let invalid = try connection.statement(Self.invalidKindSQL).first { $0.text(0) }
        if let id = invalid {
            throw SQLiteConnection.damaged(connection.path, "the entry \(id) has an invalid kind")
        }
    }

    /// One schema object as `sqlite_schema` lists it (its SQL text as the migration wrote it).
    struct SchemaObject: Sendable, Hashable {
        let type: String
        let name: String
        let sql: String?
    }

    /// `PRAGMA schema_version` of a registry the migrations made and no one changed since:
    /// SQLite adds one for every schema statement, so dropping, altering or adding anything
    /// moves it on for good. At this value the schema is the migrations' and the comparison
    /// with ``expectedSchema`` (about 1 ms, most of a change's cost) is skipped; at any other
    /// (a damaged schema, or merely a VACUUM) the schemas are compared in full. A test keeps
    /// it equal to what ``RegistryMigrations/steps`` make: one more per new statement.
    static let migratedSchemaVersion: Int64 = 16

    /// The schema the migrations make, computed once per process.
    static let expectedSchema: Result<[SchemaObject], ClawPairError> = Result(catching: { () throws(ClawPairError) in
        let memory = try SQLiteConnection(path: SQLiteConnection.inMemoryPath)
        try RegistryMigrations.migrate(memory)
        return try schema(memory)
    })

    /// Every object but SQLite's own (`sqlite_autoindex_…` follow from the tables; a
    /// `sqlite_stat1` from `ANALYZE` is no damage).
    private static func schema(_ connection: SQLiteConnection) throws(ClawPairError) -> [SchemaObject] {
        try connection.statement(
            "SELECT type, name, sql FROM sqlite_schema WHERE substr(name, 1, 7) != 'sqlite_' ORDER BY type, name"
        ).rows { SchemaObject(type: $0.text(0), name: $0.text(1), sql: $0.optionalText(2)) }
    }

    private static func difference(found: [SchemaObject], expected: [SchemaObject]) -> String {
        let foundNames = Dictionary(found.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let expectedNames = Set(expected.map(\.name))
        var differences: [String] = []
        for object in expected {
            switch foundNames[object.name] {
            case nil: differences.append("the \(object.type) \(object.name) is missing")
            case let other? where other != object: differences.append("the \(object.type) \(object.name) is not the one clawpair made")
            default: break
            }
        }
        for object in found where !expectedNames.contains(object.name) {
            differences.append("it has a \(object.type) \(object.name) clawpair did not make")
        }
        return differences.isEmpty ? "its schema is not the one clawpair made" : differences.joined(separator: ", ")
    }

    /// An entry whose kind is none of ``GatewayEntry/Kind``'s: NULL, or in a gap between the
    /// known kinds in SQLite's order (text sorts before blob), each gap one search of
    /// `entries_by_kind`. `NOT IN` would scan every entry.
    private static let invalidKindSQL: String = {
        let kinds = GatewayEntry.Kind.allCases.map { "'\($0.rawValue)'" }.sorted()
        var gaps = ["kind IS NULL", "kind < \(kinds[0])"]
        for (lower, upper) in zip(kinds, kinds.dropFirst()) { gaps.append("kind > \(lower) AND kind < \(upper)") }
        gaps.append("kind > \(kinds[kinds.count - 1])")
        return gaps.map { "SELECT id FROM entries WHERE \($0)" }.joined(separator: " UNION ALL ") + " LIMIT 1"
    }()
}
