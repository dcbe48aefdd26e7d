/// An HTTP version as written on a status line (`HTTP/1.1`, RFC 9112 §2.3).
public struct HTTPVersion: Sendable, Hashable {
    /// The major version; the parser accepts only 1.
    public let major: Int
    /// The minor version, 0–9.
    public let minor: Int

    /// A version; use the static members for the usual ones.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// HTTP/1.0.
    public static let http1_0 = Self(major: 1, minor: 0)
    /// HTTP/1.1, the version clawpair sends.
    public static let http1_1 = Self(major: 1, minor: 1)
}

extension HTTPVersion: CustomStringConvertible {
    public var description: String { "HTTP/\(major).\(minor)" }
}
