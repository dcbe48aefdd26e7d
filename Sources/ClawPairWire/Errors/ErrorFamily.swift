/// One layer's family of errors (``HTTPWireFailure`` for ``HTTPWireError``, ``DNSWireFailure`` for
/// ``DNSWireError`` …): its codes are `ErrorCode<Family>` members, and `Detail` is what its
/// errors record beyond code and reason (a DNS error's offset, a handshake's status).
public protocol ErrorFamily: Sendable {
    /// What an error of the family records beyond code, reason and location.
    associatedtype Detail: Sendable = Void

    /// An error's description: `code: reason`, unless the family has more to say.
    static func describe(_ error: LayerError<Self>) -> String
}

extension ErrorFamily {
    public static func describe(_ error: LayerError<Self>) -> String { "\(error.code): \(error.reason)" }
}
