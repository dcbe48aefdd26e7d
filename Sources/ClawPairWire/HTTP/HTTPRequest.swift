/// An HTTP/1.1 request as the client writes it (RFC 9112 §3).
///
/// The encoder owns the framing: it writes `Host` from ``host`` first and `Content-Length`
/// from ``body``, so ``headers`` may not carry `Host`, `Content-Length` or
/// `Transfer-Encoding`.
public struct HTTPRequest: Sendable, Hashable {
    /// The method.
    public var method: HTTPMethod
    /// The request target in origin form (`/path?query`).
    public var target: String
    /// The `Host` field value: the URL's host (IPv6 bracketed) and port unless default.
    public var host: String
    /// Further fields, written in order after `Host`.
    public var headers: HTTPHeaders
    /// The body, sent with a `Content-Length`.
    public var body: [UInt8]

    /// A request.
    public init(
        method: HTTPMethod = .get, target: String, host: String, headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = []
    ) {
        self.method = method
        self.target = target
        self.host = host
        self.headers = headers
        self.body = body
    }

    /// The request's bytes. Throws when a part would break the message's framing or let a
    /// header value inject another field: a method that is not a token, a target with
    /// whitespace or controls, a field name that is not a token, a value with CR, LF or
    /// another control byte, or a framing field in ``headers``.
    public func encoded() throws(HTTPWireError) -> [UInt8] {
        guard HTTPToken.isToken(method.rawValue) else {
            throw HTTPWireError(.invalidMethod, "the method is not a token")
        }
        guard !target.isEmpty, target.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw HTTPWireError(.invalidTarget, "the request target is empty or holds whitespace, controls or non-ASCII")
        }
        guard !host.isEmpty, host.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw HTTPWireError(.invalidHeaderValue, "the Host value is empty or holds whitespace or controls")
        }
        var output: [UInt8] = []
        output.reserveCapacity(256 + body.count)
        output += "\(method.rawValue) \(target) HTTP/1.1\r\nHost: \(host)\r\n".utf8
        for (name, value) in headers {
            guard HTTPToken.isToken(name) else {
                throw HTTPWireError(.invalidHeaderName, "the field name \(name.debugDescription) is not a token")
            }
            for reserved in ["Host", "Content-Length", "Transfer-Encoding"] where HTTPToken.equalsIgnoringCase(name, reserved) {
                throw HTTPWireError(.invalidHeaderName, "\(reserved) is written by the encoder, not given as a header")
            }
            guard value.utf8.allSatisfy(HTTPToken.isFieldValueByte) else {
                throw HTTPWireError(.invalidHeaderValue, "the value of \(name) holds CR, LF or another control byte")
            }
            output += "\(name): \(value)\r\n".utf8
        }
        // RFC 9110 §8.6: a length is sent when there is a body, or when the method
        // anticipates one (so the server does not wait for it).
        if !body.isEmpty || method == .post || method == .put {
            output += "Content-Length: \(body.count)\r\n".utf8
        }
        output += "\r\n".utf8
        output += body
        return output
    }
}
