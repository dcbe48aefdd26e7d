// Custom headers per entry (`gateways headers`): service tokens and the like, sent on every
// request to that gateway (spec/cloudflare-access.md "Using it"). Values are secrets.

extension GatewayRegistry {
    /// Sets `name` (any case matches an existing one, which keeps its place) to `value` for
    /// `id`; throws `HEADER_INVALID` (exit 3) for a name or value ``CustomHeaderRules`` refuse,
    /// storing nothing.
    public func setCustomHeader(_ id: GatewayID, name: String, value: Secret) throws(ClawPairError) {
        if let problem = CustomHeaderRules.problem(name: name, value: value.revealed) { throw ClawPairError(.headerInvalid, problem) }
        try connection.write { () throws(ClawPairError) in
            try requireExists(id)
            let key = SQLiteStatement.Value.text(id.rawValue)
            let existing = try connection.statement("SELECT position, name FROM custom_headers WHERE entry_id = ?1").rows([key]) {
                ($0.integer(0), $0.text(1))
            }
            if let match = existing.first(where: { HTTPToken.equalsIgnoringCase($0.1, name) }) {
                try connection.statement("UPDATE custom_headers SET name = ?3, value = ?4 WHERE entry_id = ?1 AND position = ?2")
                    .run([key, .integer(match.0), .text(name), .text(value.revealed)])
            } else {
                let next = (existing.map(\.0).max() ?? -1) + 1
                try connection.statement("INSERT INTO custom_headers (entry_id, position, name, value) VALUES (?1, ?2, ?3, ?4)")
                    .run([key, .integer(next), .text(name), .text(value.revealed)])
            }
        }
    }

    /// Removes `name` (any case) from `id`'s headers; true when there was one.
    @discardableResult
    public func removeCustomHeader(_ id: GatewayID, name: String) throws(ClawPairError) -> Bool {
        try connection.write { () throws(ClawPairError) in
            try requireExists(id)
            let rows = try connection.statement("SELECT position, name FROM custom_headers WHERE entry_id = ?1").rows([.text(id.rawValue)]) {
                ($0.integer(0), $0.text(1))
            }
            var removed = false
            for (position, stored) in rows where HTTPToken.equalsIgnoringCase(stored, name) {
                try connection.statement("DELETE FROM custom_headers WHERE entry_id = ?1 AND position = ?2").run([.text(id.rawValue), .integer(position)])
                removed = true
            }
            return removed
        }
    }
}
