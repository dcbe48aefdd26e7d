/// A code of one ``ErrorFamily`` (``HTTPWireFailure``, ``NetworkFailure`` …): a string with static
/// members, so a family can gain codes — in this module or, for Kit's families, in Kit —
/// without breaking a caller that switches on them (swift-certificates'
/// `CertificateError.ErrorCode`; NIO's `NIOSSLExtraError` says why an enum would not do).
///
/// `Family` only keeps the sets apart: `DNSWireError.Code.truncated` and
/// `HTTPWireError.Code.truncated` are different constants of different types. Declare a
/// family's codes in `extension ErrorCode where Family == ThatFailure`.
/// ``ClawPairError/Code`` is the one user-facing set (each code with its exit category);
/// these are the layers' own, finer codes behind it.
public struct ErrorCode<Family>: Sendable, Hashable, CustomStringConvertible {
    /// The code as text (`invalidStatusLine`).
    public let rawValue: String

    /// A code; use the family's static members.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}
