/// Strict, typed access to the members of a JSON object received from a peer.
///
/// Unknown members are ignored (newer gateways add fields); a known member of the wrong
/// type is an error naming its path (`payload.ts must be an integer, got a string`). An
/// optional member that is `null` reads as absent, as JavaScript peers write `undefined`
/// fields either way.
public struct JSONObjectReader: Sendable {
    /// Where this object sits in the frame, for error messages (`params.client`).
    public let path: String
    /// The object's members in document order.
    public let members: [(String, JSONValue)]

    /// Reads `value` as an object; anything else is an error.
    public init(_ value: JSONValue, path: String) throws(ClawPairError) {
        guard case .object(let members) = value else {
            throw Self.typeError(path, expected: "an object", got: value)
        }
        self.path = path
        self.members = members
    }

    /// The member called `name` (the last one if repeated, as `JSON.parse` does), nil when
    /// absent or `null`.
    public subscript(name: String) -> JSONValue? {
        guard let value = members.last(where: { $0.0 == name })?.1, !value.isNull else { return nil }
        return value
    }

    private func required(_ name: String) throws(ClawPairError) -> JSONValue {
        guard let value = self[name] else {
            throw ClawPairError(.gatewayProtocolError, "\(path).\(name) is missing")
        }
        return value
    }

    // MARK: Strings

    public func optionalString(_ name: String) throws(ClawPairError) -> String? {
        guard let value = self[name] else { return nil }
        guard case .string(let text) = value else { throw Self.typeError("\(path).\(name)", expected: "a string", got: value) }
        return text
    }

    public func string(_ name: String) throws(ClawPairError) -> String {
        let value = try required(name)
        guard case .string(let text) = value else { throw Self.typeError("\(path).\(name)", expected: "a string", got: value) }
        return text
    }

    /// A required string that must not be empty (the gateway's `NonEmptyString`).
    public func nonEmptyString(_ name: String) throws(ClawPairError) -> String {
        let text = try string(name)
        guard !text.isEmpty else { throw ClawPairError(.gatewayProtocolError, "\(path).\(name) is empty") }
        return text
    }

    public func optionalStringArray(_ name: String) throws(ClawPairError) -> [String]? {
        guard let value = self[name] else { return nil }
        guard case .array(let elements) = value else {
            throw Self.typeError("\(path).\(name)", expected: "an array of strings", got: value)
        }
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw Self.typeError("\(path).\(name)[\(index)]", expected: "a string", got: element)
            }
            strings.append(text)
        }
        return strings
    }

    public func stringArray(_ name: String) throws(ClawPairError) -> [String] {
        _ = try required(name)
        return try optionalStringArray(name) ?? []
    }

    // MARK: Numbers and booleans

    /// An integer member. An integral double (`5.0`, `1e3`) counts, as JavaScript has only
    /// one number type; a fraction, a string or a boolean does not.
    public func optionalInteger(_ name: String) throws(ClawPairError) -> Int64? {
        guard let value = self[name] else { return nil }
        switch value {
        case .integer(let integer): return integer
        case .double(let double) where double.rounded() == double && abs(double) < 9.007_199_254_740_992e15:
            return Int64(double)
        case .double:
            throw ClawPairError(.gatewayProtocolError, "\(path).\(name) must be an integer, got a fraction")
        default:
            throw Self.typeError("\(path).\(name)", expected: "an integer", got: value)
        }
    }

    public func integer(_ name: String) throws(ClawPairError) -> Int64 {
        _ = try required(name)
        return try optionalInteger(name)!
    }

    /// A required integer ≥ `minimum`.
    public func integer(_ name: String, atLeast minimum: Int64) throws(ClawPairError) -> Int64 {
        let value = try integer(name)
        guard value >= minimum else {
            throw ClawPairError(.gatewayProtocolError, "\(path).\(name) must be at least \(minimum), got \(value)")
        }
        return value
    }

    /// An optional integer ≥ `minimum`.
    public func optionalInteger(_ name: String, atLeast minimum: Int64) throws(ClawPairError) -> Int64? {
        guard let value = try optionalInteger(name) else { return nil }
        guard value >= minimum else {
            throw ClawPairError(.gatewayProtocolError, "\(path).\(name) must be at least \(minimum), got \(value)")
        }
        return value
    }

    public func optionalBool(_ name: String) throws(ClawPairError) -> Bool? {
        guard let value = self[name] else { return nil }
        guard case .bool(let flag) = value else { throw Self.typeError("\(path).\(name)", expected: "a boolean", got: value) }
        return flag
    }

    public func bool(_ name: String) throws(ClawPairError) -> Bool {
        _ = try required(name)
        return try optionalBool(name)!
    }

    // MARK: Objects

    public func optionalObject(_ name: String) throws(ClawPairError) -> JSONObjectReader? {
        guard let value = self[name] else { return nil }
        return try JSONObjectReader(value, path: "\(path).\(name)")
    }

    public func object(_ name: String) throws(ClawPairError) -> JSONObjectReader {
        try JSONObjectReader(try required(name), path: "\(path).\(name)")
    }

    // MARK: Errors

    static func typeError(_ path: String, expected: String, got value: JSONValue) -> ClawPairError {
        ClawPairError(.gatewayProtocolError, "\(path) must be \(expected), got \(value.kindName)")
    }
}

extension JSONValue {
    /// "a string", "an object", … for error messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
