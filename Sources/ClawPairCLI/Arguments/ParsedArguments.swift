/// What the parser found: flags given, option values in order, and positional arguments.
struct ParsedArguments: Sendable {
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var positionals: [String] = []

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for `name`.
    func value(_ name: String) -> String? { values[name]?.last }

    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of `name` as an integer in `range`, or a usage error that says so.
    func integer(_ name: String, in range: ClosedRange<Int64>) throws(UsageError) -> Int64? {
        guard let text = value(name) else { return nil }
        guard let number = Int64(text), range.contains(number) else {
            throw UsageError("--\(name) takes an integer from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }
}

/// A mistake in how the command was called (exit 2).
struct UsageError: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
