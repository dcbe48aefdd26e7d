import ClawPairWire

/// An incremental reader of HTTP/1.1 request heads (RFC 9112 §2–§5), for the small servers
/// clawpair runs (`clawpair sim`'s WebSocket upgrade and admin endpoint). Fed bytes as they
/// arrive; knows nothing about sockets.
///
/// Decisions, as in ``HTTPResponseParser``: a bare LF ends a line; a CR not followed by LF,
/// obsolete line folding and whitespace before a colon are errors. The head is bounded by
/// ``maximumHeadBytes`` and ``maximumHeaderCount`` before the bytes are kept, so a hostile
/// client costs at most that much memory. The body is the caller's business:
/// ``takeRemainingBytes()`` hands over what followed the head.
public struct HTTPRequestHeadParser: Sendable {
    /// 16 KiB, as common servers cap request heads.
    public static let defaultMaximumHeadBytes = 16 * 1024
    /// 100 fields: real upgrade requests carry about 10.
    public static let defaultMaximumHeaderCount = 100

    public let maximumHeadBytes: Int
    public let maximumHeaderCount: Int

    private var buffer: [UInt8] = []
    /// Where the search for the end of the head resumes.
    private var scanIndex = 0
    private var headLength: Int?

    /// A parser with the given bounds.
    public init(maximumHeadBytes: Int = defaultMaximumHeadBytes, maximumHeaderCount: Int = defaultMaximumHeaderCount) {
        self.maximumHeadBytes = maximumHeadBytes
        self.maximumHeaderCount = maximumHeaderCount
    }

    /// Adds bytes received from the client.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The head once all of it arrived, nil while more is needed. Throws
    /// ``HTTPWireError`` for a malformed or oversized head.
    public mutating func parseHead() throws(HTTPWireError) -> HTTPRequestHead? {
        guard let end = try findEnd() else { return nil }
        headLength = end
        return try parse(buffer[..<end])
    }

    /// The bytes that followed the head (the start of a body), after ``parseHead()``
    /// returned a head.
    public mutating func takeRemainingBytes() -> [UInt8] {
        guard let headLength else { return [] }
        defer { buffer = []; scanIndex = 0; self.headLength = nil }
        return Array(buffer[headLength...])
    }

    /// The index just past the empty line that ends the head, or nil.
    private mutating func findEnd() throws(HTTPWireError) -> Int? {
        var index = max(scanIndex, 0)
        while index < buffer.count {
            if buffer[index] == 0x0A {
                // An empty line: LF right after the previous line's LF (with an optional CR).
                if index >= 1, buffer[index - 1] == 0x0A { return index + 1 }
                if index >= 2, buffer[index - 1] == 0x0D, buffer[index - 2] == 0x0A { return index + 1 }
                if index == 0 || (index == 1 && buffer[0] == 0x0D) {
                    throw HTTPWireError(.invalidStatusLine, "the request starts with an empty line")
                }
            }
            index += 1
            if index > maximumHeadBytes {
                throw HTTPWireError(.headerSectionTooLarge, "the request head is longer than \(maximumHeadBytes) bytes")
            }
        }
        scanIndex = index
        return nil
    }

    private func parseLines(_ head: ArraySlice<UInt8>) throws(HTTPWireError) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        for index in head.indices where head[index] == 0x0A {
            var line = head[start..<index]
            if line.last == 0x0D { line = line.dropLast() }
            if line.contains(0x0D) { throw HTTPWireError(.bareCarriageReturn, "a CR not followed by LF in the request head") }
            lines.append(line)
            start = index + 1
        }
        // The last entry is the empty line that ended the head.
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    private func parse(_ head: ArraySlice<UInt8>) throws(HTTPWireError) -> HTTPRequestHead {
        let lines = try parseLines(head)
        guard let requestLine = lines.first else { throw HTTPWireError(.invalidStatusLine, "the request has no request line") }
        let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, let method = String(validating: parts[0], as: UTF8.self), HTTPToken.isToken(method),
            !parts[1].isEmpty, parts[1].allSatisfy({ (0x21...0x7E).contains($0) }),
            let target = String(validating: parts[1], as: UTF8.self)
        else {
            throw HTTPWireError(.invalidStatusLine, "the request line is not `METHOD target HTTP/1.x`")
        }
        let version = Array(parts[2])
        guard version.count == 8, version.starts(with: Array("HTTP/".utf8)), (0x30...0x39).contains(version[5]),
            version[6] == UInt8(ascii: "."), (0x30...0x39).contains(version[7])
        else {
            throw HTTPWireError(.invalidStatusLine, "the request line does not end with HTTP/1.x")
        }
        guard version[5] == UInt8(ascii: "1") else {
            throw HTTPWireError(.unsupportedVersion, "HTTP/\(version[5] - 0x30).\(version[7] - 0x30) is not HTTP/1.x")
        }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard headers.count < maximumHeaderCount else {
                throw HTTPWireError(.tooManyHeaders, "more than \(maximumHeaderCount) header fields")
            }
            if line.first == 0x20 || line.first == 0x09 {
                throw HTTPWireError(.obsoleteLineFolding, "a header line starts with whitespace (obsolete line folding)")
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
                let name = String(validating: line[..<colon], as: UTF8.self), HTTPToken.isToken(name)
            else {
                throw HTTPWireError(.invalidHeaderName, "a header line without a token name and a colon")
            }
            var value = line[(colon + 1)...]
            while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
            while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
            guard value.allSatisfy(HTTPToken.isFieldValueByte) else {
                throw HTTPWireError(.invalidHeaderValue, "the value of \(name) holds a control byte")
            }
            headers.add(name: name, value: String(decoding: value, as: UTF8.self))
        }
        return HTTPRequestHead(
            method: HTTPMethod(rawValue: method), target: target,
            version: HTTPVersion(major: 1, minor: Int(version[7] - 0x30)), headers: headers)
    }
}
