/// Builds a JSON object in a fixed key order, leaving out absent optional members.
public struct JSONObjectBuilder: Sendable {
    public private(set) var members: [(String, JSONValue)] = []

    public init() {}

    public mutating func set(_ name: String, _ value: String?) { if let value { members.append((name, .string(value))) } }
    public mutating func set(_ name: String, _ value: Int64?) { if let value { members.append((name, .integer(value))) } }
    public mutating func set(_ name: String, _ value: Bool?) { if let value { members.append((name, .bool(value))) } }
    public mutating func set(_ name: String, _ value: [String]?) {
        if let value { members.append((name, .array(value.map(JSONValue.string)))) }
    }
    public mutating func set(_ name: String, json value: JSONValue?) { if let value { members.append((name, value)) } }

    public var json: JSONValue { .object(members) }
}
