import ClawPairWire

/// The request line and header fields of an HTTP/1.1 request as a server reads it
/// (RFC 9112 §3, §5). The server side of ``HTTPRequest``.
public struct HTTPRequestHead: Sendable, Hashable {
    /// The method token, case-sensitive.
    public var method: HTTPMethod
    /// The request target as sent (origin form for everything clawpair serves).
    public var target: String
    /// The version on the request line (1.x).
    public var version: HTTPVersion
    /// The header fields, in order, repeated fields kept.
    public var headers: HTTPHeaders

    /// A head; ``HTTPRequestHeadParser`` makes these, tests build them directly.
    public init(method: HTTPMethod, target: String, version: HTTPVersion = .http1_1, headers: HTTPHeaders = HTTPHeaders()) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
    }

    /// The target's path: everything before `?`.
    public var path: Substring { target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }

    /// The body length announced by `Content-Length`: 0 when absent, nil when it is not a
    /// decimal number, repeated with different values, or chunked coding is asked for
    /// (the servers that use this read only small fixed-length bodies).
    public var contentLength: Int? {
        if headers.contains(name: "Transfer-Encoding") { return nil }
        let values = headers["Content-Length"]
        guard let first = values.first else { return 0 }
        guard values.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 15,
            first.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let length = Int(first)
        else { return nil }
        return length
    }
}
