/// The status line and header fields of an HTTP/1.1 response (RFC 9112 §4, §5).
public struct HTTPResponseHead: Sendable, Hashable {
    /// The version on the status line (1.x).
    public var version: HTTPVersion
    /// The status code, 100–599.
    public var status: Int
    /// The reason phrase, possibly empty; informational only.
    public var reason: String
    /// The header fields, in order, repeated fields kept.
    public var headers: HTTPHeaders

    /// A head; the parser makes these, tests and the simulated gateway build them directly.
    public init(version: HTTPVersion = .http1_1, status: Int, reason: String = "", headers: HTTPHeaders = HTTPHeaders()) {
        self.version = version
        self.status = status
        self.reason = reason
        self.headers = headers
    }

    /// `Location`, for redirects, which clawpair never follows (the caller decides).
    public var location: String? { headers.first(name: "Location") }

    /// True for 1xx statuses other than 101: a final response follows on the same connection.
    public var isInterim: Bool { (100...199).contains(status) && status != 101 }

    /// True for a redirection status (3xx).
    public var isRedirect: Bool { (300...399).contains(status) }
}

extension HTTPResponseHead: CustomStringConvertible {
    /// The head as it would be written, one line per field, without the final empty line.
    public var description: String {
        let statusLine = "\(version) \(status) \(reason)"
        return headers.isEmpty ? statusLine : statusLine + "\n" + headers.description
    }
}
