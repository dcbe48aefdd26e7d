/// A mistake in how the command was called (exit 2).
struct UsageError: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
