/// A credential (bootstrap token, gateway token, password). Its `description` is
/// `<redacted>`, so interpolating one into a message or log cannot leak it; code that must
/// send or show it reads `revealed` on purpose.
public struct Secret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    public let revealed: String

    public init(_ value: String) { revealed = value }

    /// What output shows in place of a secret unless `--show-secrets` is given.
    public static let redactedPlaceholder = "<redacted>"

    public var description: String { Self.redactedPlaceholder }
    public var debugDescription: String { Self.redactedPlaceholder }
}
