import ClawPairKit

/// Reads one HTTP/1.1 request (head, and a small fixed-length body) from a client stream:
/// the server half `clawpair sim` needs for its WebSocket upgrade and admin endpoint.
public enum HTTPServerRequestReader {
    /// A request as read: the head, its body, and bytes that followed (the first WebSocket
    /// frames after an upgrade request).
    public struct Request: Sendable {
        public var head: HTTPRequestHead
        public var body: [UInt8]
        public var remainingBytes: [UInt8]
    }

    /// 64 KiB: admin bodies are a few hundred bytes.
    public static let defaultMaximumBodyBytes = 64 * 1024

    /// Reads a request by `deadline`. Returns nil when the client closed before sending a
    /// byte (a port check, a health probe). Throws ``HTTPWireError`` for a malformed head or
    /// a body over `maximumBodyBytes`, ``NetworkError`` from the stream.
    public static func read(
        from stream: any ByteStream, until deadline: ContinuousClock.Instant,
        maximumBodyBytes: Int = defaultMaximumBodyBytes
    ) async throws -> Request? {
        var parser = HTTPRequestHeadParser()
        var received = 0
        while true {
            let bytes = try await stream.read(upTo: 4096, until: deadline)
            if bytes.isEmpty {
                if received == 0 { return nil }
                throw HTTPWireError(.truncated, "the client closed the connection inside the request head")
            }
            received += bytes.count
            parser.append(bytes)
            if let head = try parser.parseHead() {
                var rest = parser.takeRemainingBytes()
                guard let length = head.contentLength else {
                    throw HTTPWireError(.invalidContentLength, "the request body length is not a single Content-Length")
                }
                guard length <= maximumBodyBytes else {
                    throw HTTPWireError(.bodyTooLarge, "a request body of \(length) bytes (at most \(maximumBodyBytes))")
                }
                while rest.count < length {
                    let more = try await stream.read(upTo: max(4096, length - rest.count), until: deadline)
                    guard !more.isEmpty else {
                        throw HTTPWireError(.truncated, "the client closed the connection inside the request body")
                    }
                    rest += more
                }
                return Request(head: head, body: Array(rest.prefix(length)), remainingBytes: Array(rest.dropFirst(length)))
            }
        }
    }

    /// Writes a whole response: `head` with `Content-Length` (and `Connection: close`) set
    /// from `body`, then the body.
    public static func respond(
        on stream: any ByteStream, status: Int, reason: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
        until deadline: ContinuousClock.Instant
    ) async throws {
        var fields = headers
        fields.replaceOrAdd(name: "Content-Length", value: String(body.count))
        fields.replaceOrAdd(name: "Connection", value: "close")
        let head = HTTPResponseHead(status: status, reason: reason, headers: fields)
        try await stream.write(try head.encoded() + body, until: deadline)
    }
}
