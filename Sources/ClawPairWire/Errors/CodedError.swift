/// The shape clawpair's error structs share (swift-certificates' `CertificateError`): a
/// stable code to switch on, one sentence for a person, and where the error was made.
///
/// Conforming types compare by ``code`` only, so a test can write the expected error
/// directly (`#expect(throws: HTTPWireError(.truncated, ""))`). The layers' errors are one
/// struct, ``LayerError``, over each layer's ``ErrorFamily``: what a family knows beyond code
/// and reason is its detail (a DNS error's `offset`, a WebSocket violation's `closeCode`, a
/// handshake's `status`, a socket failure's `systemError`). ``ClawPairError``, the one
/// user-facing error, adds a remedy.
public protocol CodedError: Error, Sendable, Equatable, CustomStringConvertible {
    associatedtype Code: Hashable, Sendable, CustomStringConvertible

    /// What went wrong, as a stable code.
    var code: Code { get }
    /// One sentence naming what was being read or done and what was wrong with it.
    var reason: String { get }
    /// `fileID:line` of the place that made the error, for bug reports.
    var location: String { get }
}

extension CodedError {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    /// `code: reason`; families with more to say (an offset, a close code) say it in their own.
    public var description: String { "\(code): \(reason)" }
}
