internal import CClawShims

/// What the state tables (bolts, pins, device tokens) say about each entry, keyed by the
/// entry id's exact bytes, for ``GatewayRegistry/listing()``.
///
/// An open-addressing hash table over one byte buffer of keys: an insert hashes the bytes
/// SQLite lends for the current row and copies them once per new id, a lookup compares in
/// place; no key is allocated per row as a `Set<[UInt8]>` would need.
struct EntryStateTable {
    /// One state bit per fact; an entry's value is the union.
    struct State: OptionSet {
        let rawValue: UInt8
        static let bolted = State(rawValue: 1 << 0)
        static let pinned = State(rawValue: 1 << 1)
        /// Holds a device token of any role.
        static let paired = State(rawValue: 1 << 2)
        /// Holds an operator token.
        static let `operator` = State(rawValue: 1 << 3)
        /// The operator token's scopes include `operator.admin`.
        static let admin = State(rawValue: 1 << 4)
    }

    private struct Slot {
        var start: Int32
        /// -1 for an empty slot.
        var count: Int32
        var hash: UInt32
        var state: State
        static let empty = Slot(start: 0, count: -1, hash: 0, state: [])
    }

    private var keys: [UInt8] = []
    private var slots: [Slot]
    private var used = 0
    /// ``processSeed``, read once per table rather than once per hash.
    private let seed = EntryStateTable.processSeed

    /// A table sized for `entries` ids at most (the registry's entries), so that it rarely
    /// grows: each doubling copies the table and touches fresh memory, whose page faults cost
    /// more than the lookups (bench/registry). Keys get room for ids of 32 bytes; reserved
    /// memory that is not written costs nothing.
    init(entries: Int) {
        // Half full when half the entries have a state, as in a registry of paired gateways.
        var count = 64
        while count < entries { count *= 2 }
        slots = [Slot](repeating: .empty, count: count)
        keys.reserveCapacity(entries * 32)
    }

    /// Adds `state` to the entry `id`'s.
    mutating func insert(_ id: UnsafeBufferPointer<UInt8>, _ state: State) {
        let hash = Self.hash(id, seed)
        var index = slotIndex(id, hash)
        if slots[index].count < 0 {
            if (used + 1) * 2 > slots.count {
                grow()
                index = slotIndex(id, hash)
            }
            slots[index] = Slot(start: Int32(keys.count), count: Int32(id.count), hash: hash, state: [])
            keys.append(contentsOf: id)
            used += 1
        }
        slots[index].state.formUnion(state)
    }

    /// The states of `count` entries, ids `id(0)` to `id(count - 1)`, handed to `body` in
    /// that order (empty for an id no table names). All hashes come first, then each lookup
    /// asks for the slot of the one ``prefetchDistance`` places ahead: the slots are
    /// scattered, so their cache misses overlap instead of following one another
    /// (bench/registry: half the time of looking each id up as its row is read).
    func states(count: Int, id: (Int) -> UnsafeBufferPointer<UInt8>, _ body: (Int, State) -> Void) {
        let hashes = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count { buffer[index] = Self.hash(id(index), seed) }
            initialized = count
        }
        slots.withUnsafeBufferPointer { slotMemory in
            let mask = slotMemory.count - 1
            for index in 0..<count {
                if index + Self.prefetchDistance < count {
                    CClawShims_prefetch(slotMemory.baseAddress! + (Int(hashes[index + Self.prefetchDistance]) & mask))
                }
                let slot = slotMemory[slotIndex(id(index), hashes[index])]
                body(index, slot.count < 0 ? [] : slot.state)
            }
        }
    }

    /// How many lookups ahead ``states(count:id:_:)`` asks for a slot: enough to cover a miss
    /// to memory, few enough that what it asked for is still in the cache when it gets there.
    private static let prefetchDistance = 8

    /// The slot holding `id`, or the empty slot where it would go (linear probing; the table
    /// is at most half full, so an empty slot always ends the search).
    private func slotIndex(_ id: UnsafeBufferPointer<UInt8>, _ hash: UInt32) -> Int {
        let mask = slots.count - 1
        var index = Int(hash) & mask
        return keys.withUnsafeBufferPointer { keyBytes in
            while true {
                let slot = slots[index]
                if slot.count < 0 { return index }
                if slot.hash == hash, Int(slot.count) == id.count,
                    id.isEmpty || CMemory.equal(keyBytes.baseAddress! + Int(slot.start), id.baseAddress!, count: id.count)
                {
                    return index
                }
                index = (index + 1) & mask
            }
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: .empty, count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.count >= 0 {
            var index = Int(slot.hash) & mask
            while slots[index].count >= 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// A multiply-and-fold hash over eight bytes at a time, seeded per process: a tenth of
    /// `Hasher`'s cost for these short keys, which matters at tens of thousands of lookups.
    /// The seed keeps colliding ids from being prepared in advance; the worst a collision
    /// can do is slow this table down.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ seed: UInt64) -> UInt32 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var state = seed ^ UInt64(bytes.count)
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        while index + 8 <= raw.count {
            state = (state ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* multiplier
            state ^= state >> 29
            index += 8
        }
        var tail: UInt64 = 0
        while index < raw.count {
            tail = tail << 8 | UInt64(raw[index])
            index += 1
        }
        state = (state ^ tail) &* multiplier
        state ^= state >> 32
        return UInt32(truncatingIfNeeded: state)
    }

    private static let processSeed = UInt64.random(in: .min ... .max)
}
