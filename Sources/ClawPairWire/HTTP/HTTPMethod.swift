/// A request method (RFC 9110 §9). A struct over the token, so any method is representable.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable {
    /// The method token, case-sensitive (`GET`).
    public let rawValue: String

    /// A method; ``HTTPRequest/encoded()`` refuses one that is not a token.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `GET`.
    public static let get = Self(rawValue: "GET")
    /// `HEAD`: its response never has a body (RFC 9112 §6.3), so the parser must know it.
    public static let head = Self(rawValue: "HEAD")
    /// `POST`.
    public static let post = Self(rawValue: "POST")
    /// `PUT`.
    public static let put = Self(rawValue: "PUT")
    /// `DELETE`.
    public static let delete = Self(rawValue: "DELETE")
}

extension HTTPMethod: CustomStringConvertible {
    public var description: String { rawValue }
}
