/// A whole response: head, de-chunked body and trailers.
public struct HTTPResponse: Sendable, Hashable {
    /// The status line and headers of the final response.
    public var head: HTTPResponseHead
    /// The body; empty after a 101, which hands the connection to another protocol.
    public var body: [UInt8]
    /// Trailer fields of a chunked body; empty otherwise.
    public var trailers: HTTPHeaders

    /// A response from its parts.
    public init(head: HTTPResponseHead, body: [UInt8] = [], trailers: HTTPHeaders = HTTPHeaders()) {
        self.head = head
        self.body = body
        self.trailers = trailers
    }

    /// Reads one response from everything the server sent before it closed the connection.
    ///
    /// The end of `bytes` is the end of the input: a body delimited by the close ends there,
    /// and a response cut short is ``HTTPWireError/Code/truncated``. Bytes after the end of
    /// the response (a second response, or a 101's new protocol) are ignored.
    public init(
        parsing bytes: some Sequence<UInt8>, requestMethod: HTTPMethod = .get,
        limits: HTTPResponseParser.Limits = HTTPResponseParser.Limits()
    ) throws(HTTPWireError) {
        var parser = HTTPResponseParser(requestMethod: requestMethod, limits: limits)
        parser.append(bytes)
        parser.finishInput()
        var head: HTTPResponseHead?
        var body: [UInt8] = []
        while let part = try parser.nextPart() {
            switch part {
            case .head(let received):
                head = received
                if parser.isUpgraded {
                    self.init(head: received)
                    return
                }
            case .body(let bytes):
                body += bytes
            case .end(let trailers):
                guard let head else { break }
                self.init(head: head, body: body, trailers: trailers)
                return
            }
        }
        // nextPart() only returns nil at the end of input after a 101 (handled above) or a
        // close, which throws first; this is for completeness.
        throw HTTPWireError(.truncated, "the input ended inside the response")
    }
}
