extension GatewayRegistry {
    /// Every entry with its state, as `gateways list` shows it: ``list()``'s content, flat
    /// (``GatewayListing``), for the command that reads all of a large registry.
    ///
    /// One snapshot and four plain scans. The state tables are read whole into an
    /// ``EntryStateTable`` keyed by the ids' bytes, and every row's state is looked up there
    /// once all rows are read; joining them to `entries` in SQL costs an index search per
    /// entry and table (about twice the time of these scans with 10 000 entries). Columns
    /// are read where SQLite holds them and copied once into the listing; the access level
    /// is decided from the scopes' bytes.
    public func listing() throws(ClawPairError) -> GatewayListing {
        // Only for this read: a mapped file turns an I/O error into a signal, a risk worth
        // taking for one scan, not for the connection's later writes.
        let mapBytes = try connection.integerPragma("mmap_size")
        try connection.execute("PRAGMA mmap_size = \(Self.listingMapBytes)")
        defer { try? connection.execute("PRAGMA mmap_size = \(mapBytes)") }
        // Read once here rather than once per row: each read of a static is a call.
        let (operatorRole, adminScope) = (Self.operatorRoleBytes, Self.adminScopeBytes)
        let (manualKind, discoveredKind) = (Self.manualKindBytes, Self.discoveredKindBytes)
        return try connection.read { () throws(ClawPairError) in
            let entryCount = Int(try connection.statement("SELECT count(*) FROM entries").first { $0.integer(0) } ?? 0)
            var states = EntryStateTable(entries: entryCount)
            try connection.statement("SELECT entry_id FROM bolts").forEachRow { row in
                if let id = row.borrowedText(0) { states.insert(id, .bolted) }
            }
            try connection.statement("SELECT entry_id FROM pins").forEachRow { row in
                if let id = row.borrowedText(0) { states.insert(id, .pinned) }
            }
            try connection.statement("SELECT entry_id, role, scopes FROM device_tokens").forEachRow { row in
                guard let id = row.borrowedText(0) else { return }
                var state: EntryStateTable.State = .paired
                if let role = row.borrowedText(1), Self.same(role, operatorRole) {
                    state.insert(.operator)
                    if let scopes = row.borrowedText(2), Self.scopesInclude(scopes, adminScope) { state.insert(.admin) }
                }
                states.insert(id, state)
            }
            let focused = try connection.statement("SELECT entry_id FROM focus WHERE slot = 1").first { $0.textBytes(0) }

            var listing = GatewayListing()
            listing.reserve(rows: entryCount)
            let entries = try connection.statement(
                "SELECT id, kind, name, host, port, tls, context_path, proven_route, last_connected_at_ms FROM entries ORDER BY created_order")
            try entries.forEachRow { row throws(ClawPairError) in
                let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
                let idBytes = row.borrowedText(0) ?? empty
                let kind: GatewayEntry.Kind
                switch row.borrowedText(1) {
                case let text? where Self.same(text, manualKind): kind = .manual
                case let text? where Self.same(text, discoveredKind): kind = .discovered
                default: throw Self.corruptValue("kind of \(row.text(0))", connection)
                }
                let id = try listing.appendText(idBytes)
                let name = try listing.appendText(row.borrowedText(2) ?? empty)
                let url: GatewayListing.TextRange?
                if let proven = row.borrowedText(7) {
                    url = try listing.appendText(proven)
                } else if let host = row.borrowedText(3), let port = row.optionalInteger(4), let tls = row.optionalInteger(5) {
                    let contextPath = row.borrowedText(6)
                    url = try listing.appendText { text in
                        GatewayEntry.appendConfiguredURL(host: host, port: port, tls: tls != 0, contextPath: contextPath, to: &text)
                    }
                } else {
                    url = nil
                }
                listing.appendRow(
                    GatewayListing.Row(
                        id: id, name: name, url: url, kind: kind, focused: focused.map { Self.same(idBytes, $0) } ?? false,
                        lastConnectedAtMs: row.optionalInteger(8)))
            }
            listing.setStates(from: states)
            listing.moveFocusedFirst()
            return listing
        }
    }

    /// How much of the database file ``listing()`` reads through a memory map instead of
    /// `pread` into SQLite's page cache: no copy, no allocation and no system call per page.
    static let listingMapBytes = 256 << 20

    /// Whether the space-separated `scopes` include `scope`, as
    /// `instr(' ' || scopes || ' ', ' scope ') > 0` decides it in SQL.
    static func scopesInclude(_ scopes: UnsafeBufferPointer<UInt8>, _ scope: [UInt8]) -> Bool {
        var start = 0
        for end in 0...scopes.count where end == scopes.count || scopes[end] == UInt8(ascii: " ") {
            if same(UnsafeBufferPointer(rebasing: scopes[start..<end]), scope) { return true }
            start = end + 1
        }
        return false
    }

    /// Exact byte equality, by memcmp (``CMemory/equal(_:_:count:)``): the generic `elementsEqual` costs more per byte than
    /// these comparisons are worth, tens of thousands of times per listing.
    static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ expected: [UInt8]) -> Bool {
        bytes.count == expected.count && (bytes.isEmpty || expected.withUnsafeBufferPointer { CMemory.equal(bytes.baseAddress!, $0.baseAddress!, count: bytes.count) })
    }

    static let operatorRoleBytes = Array(DeviceToken.operatorRole.utf8)
    static let adminScopeBytes = Array(AccessLevel.adminScope.utf8)
    static let manualKindBytes = Array(GatewayEntry.Kind.manual.rawValue.utf8)
    static let discoveredKindBytes = Array(GatewayEntry.Kind.discovered.rawValue.utf8)
}
