/// One piece of a response, in the order ``HTTPResponseParser`` produces them: a head, zero
/// or more body pieces, then the end.
public enum HTTPResponsePart: Sendable, Hashable {
    /// The status line and headers of the final response (interim 1xx responses are skipped).
    case head(HTTPResponseHead)
    /// Body bytes, already de-chunked; pieces follow the input, not the chunk boundaries.
    case body([UInt8])
    /// The end of the response, with the trailer fields of a chunked body (empty otherwise).
    case end(trailers: HTTPHeaders)
}
