/// Every registry entry as `gateways list` shows it, stored flat: the texts of all rows back
/// to back in one UTF-8 buffer and one small fixed-size row each, so ten thousand entries
/// cost two allocations rather than a dozen Strings and a model per entry. The same content
/// as ``GatewayRegistry/list()`` (a test compares them), in the same order: the focused
/// entry first, then the others in the order they were added.
public struct GatewayListing: Sendable {
    /// Where one text lies in ``text``.
    public struct TextRange: Sendable, Hashable {
        // 32 bits each: three ranges are most of a row, and ten thousand rows are ten thousand
        // times whatever a row weighs. ``appendText(_:)`` refuses a text beyond 4 GiB.
        private let offset: UInt32
        private let length: UInt32
        public var start: Int { Int(offset) }
        public var count: Int { Int(length) }

        fileprivate init(start: Int, count: Int) throws(ClawPairError) {
            guard let offset = UInt32(exactly: start), let length = UInt32(exactly: start + count).map({ $0 - offset }) else {
                throw ClawPairError(
                    .registryStorage, "the registry holds more than 4 GiB of names and addresses, more than one listing holds",
                    remedy: "forget the gateways you no longer use (clawpair gateways forget ID)")
            }
            self.offset = offset
            self.length = length
        }
    }

    /// One entry: what the table and the JSON of `gateways list` show.
    public struct Row: Sendable, Hashable {
        public let id: TextRange
        public let name: TextRange
        /// ``GatewayEntry/displayURL``: the route that last worked, else the configured one.
        public let url: TextRange?
        public let kind: GatewayEntry.Kind
        public let focused: Bool
        // Set after the rows are read (``setStates(from:)``).
        public internal(set) var bolted = false
        public internal(set) var pinned = false
        /// Holds a device token.
        public internal(set) var paired = false
        /// The operator token's access, or nil without one.
        public internal(set) var access: AccessLevel? = nil
        public let lastConnectedAtMs: Int64?

        init(id: TextRange, name: TextRange, url: TextRange?, kind: GatewayEntry.Kind, focused: Bool, lastConnectedAtMs: Int64?) {
            self.id = id
            self.name = name
            self.url = url
            self.kind = kind
            self.focused = focused
            self.lastConnectedAtMs = lastConnectedAtMs
        }
    }

    /// The UTF-8 bytes of every row's id, name and URL.
    public private(set) var text: [UInt8] = []
    /// The focused entry first, then in the order they were added.
    public private(set) var rows: [Row] = []

    /// The bytes of `range` in ``text``.
    public func bytes(_ range: TextRange) -> ArraySlice<UInt8> { text[range.start..<(range.start + range.count)] }

    /// The text of `range` as a String (invalid UTF-8 repaired as ``SQLiteStatement`` does).
    public func string(_ range: TextRange) -> String { String(decoding: bytes(range), as: UTF8.self) }

    // MARK: Building (GatewayRegistry)

    init() {}

    mutating func reserve(rows count: Int) {
        rows.reserveCapacity(count)
        text.reserveCapacity(count * 64)
    }

    /// Copies `bytes` into ``text``.
    mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) throws(ClawPairError) -> TextRange {
        let start = text.count
        text.append(contentsOf: bytes)
        return try TextRange(start: start, count: bytes.count)
    }

    /// Appends what `write` writes to ``text``.
    mutating func appendText(writing write: (inout [UInt8]) -> Void) throws(ClawPairError) -> TextRange {
        let start = text.count
        write(&text)
        return try TextRange(start: start, count: text.count - start)
    }

    mutating func appendRow(_ row: Row) { rows.append(row) }

    /// Sets every row's bolt, pin and pairing from what `table` holds for its id, all rows at
    /// once (``EntryStateTable/states(count:id:_:)``).
    mutating func setStates(from table: EntryStateTable) {
        text.withUnsafeBufferPointer { text in
            rows.withUnsafeMutableBufferPointer { rows in
                let id = { (index: Int) in
                    let range = rows[index].id
                    return UnsafeBufferPointer(rebasing: text[range.start..<(range.start + range.count)])
                }
                table.states(count: rows.count, id: id) { index, state in
                    rows[index].bolted = state.contains(.bolted)
                    rows[index].pinned = state.contains(.pinned)
                    rows[index].paired = state.contains(.paired)
                    rows[index].access = state.contains(.operator) ? (state.contains(.admin) ? .full : .limited) : nil
                }
            }
        }
    }

    /// Moves the focused row to the front; the others keep their order.
    mutating func moveFocusedFirst() {
        if let index = rows.firstIndex(where: \.focused), index > 0 { rows.insert(rows.remove(at: index), at: 0) }
    }
}
