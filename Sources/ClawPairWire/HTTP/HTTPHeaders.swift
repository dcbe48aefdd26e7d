/// Header (or trailer) fields in the order received, names compared ignoring ASCII case.
///
/// Repeated fields are kept as separate entries, never merged: `Set-Cookie` and
/// `WWW-Authenticate` cannot be joined with commas safely.
public struct HTTPHeaders: Sendable, Hashable {
    private var storage: [Field]

    private struct Field: Sendable, Hashable {
        var name: String
        var value: String
    }

    /// No fields.
    public init() { storage = [] }

    /// The given fields, in order.
    public init(_ fields: [(name: String, value: String)]) {
        storage = fields.map { Field(name: $0.name, value: $0.value) }
    }

    /// Every field as `(name, value)`, in order, names as received.
    public var fields: [(name: String, value: String)] { storage.map { ($0.name, $0.value) } }

    /// How many fields there are.
    public var count: Int { storage.count }

    /// True when there are no fields.
    public var isEmpty: Bool { storage.isEmpty }

    /// Appends a field, keeping any others of the same name.
    public mutating func add(name: String, value: String) {
        storage.append(Field(name: name, value: value))
    }

    /// Removes every field named `name` and appends one with `value`.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    /// Removes every field named `name` (any case).
    public mutating func remove(name: String) {
        storage.removeAll { HTTPToken.equalsIgnoringCase($0.name, name) }
    }

    /// The values of every field named `name` (any case), in order.
    public subscript(name: String) -> [String] {
        storage.filter { HTTPToken.equalsIgnoringCase($0.name, name) }.map(\.value)
    }

    /// The value of the first field named `name`, if any.
    public func first(name: String) -> String? {
        storage.first { HTTPToken.equalsIgnoringCase($0.name, name) }?.value
    }

    /// True when a field named `name` is present.
    public func contains(name: String) -> Bool {
        storage.contains { HTTPToken.equalsIgnoringCase($0.name, name) }
    }

    /// The elements of the comma-separated lists in every field named `name`, trimmed, in
    /// order (RFC 9110 §5.6.1), for token lists such as `Connection` and `Upgrade`.
    public func listElements(name: String) -> [String] {
        self[name].flatMap { HTTPToken.listElements($0).map(String.init) }
    }

    /// True when a token list field (`Connection: keep-alive, Upgrade`) holds `token`,
    /// ignoring ASCII case.
    public func containsToken(_ token: String, inField name: String) -> Bool {
        listElements(name: name).contains { HTTPToken.equalsIgnoringCase($0, token) }
    }
}

extension HTTPHeaders: Sequence {
    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        storage.lazy.map { (name: $0.name, value: $0.value) }.makeIterator()
    }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    /// Fields in literal order; a repeated name is kept twice, not merged.
    public init(dictionaryLiteral elements: (String, String)...) {
        storage = elements.map { Field(name: $0.0, value: $0.1) }
    }
}

extension HTTPHeaders: CustomStringConvertible {
    /// One `Name: value` line per field.
    public var description: String {
        storage.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}
