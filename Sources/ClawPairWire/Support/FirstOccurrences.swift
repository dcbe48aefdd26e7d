/// Elements in the order first seen, one per key. The "seen already?" check is a set lookup,
/// so keeping n elements is O(n); `contains(where:)` over the list was O(n²) (a setup code
/// with thousands of distinct bad `urls` took seconds to read).
struct FirstOccurrences<Key: Hashable, Element> {
    private(set) var elements: [Element] = []
    private var keys: Set<Key> = []

    /// Appends `element` unless one with `key` came before.
    mutating func append(_ element: @autoclosure () -> Element, key: Key) {
        if keys.insert(key).inserted { elements.append(element()) }
    }
}
