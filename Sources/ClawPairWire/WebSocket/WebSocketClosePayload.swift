/// The body of a close frame (RFC 6455 §5.5.1): an optional status code and a UTF-8 reason.
public struct WebSocketClosePayload: Sendable, Hashable {
    /// The status, or nil when the frame had no body (reported as 1005 locally).
    public var code: WebSocketCloseCode?
    /// The reason, possibly empty; only present with a code.
    public var reason: String

    /// A close frame's payload is a control payload (≤ 125 bytes) less the 2-byte code.
    public static let maximumReasonBytes = 123

    /// A close payload. ``encoded()`` cuts the reason to ``maximumReasonBytes``.
    public init(code: WebSocketCloseCode?, reason: String = "") {
        self.code = code
        self.reason = reason
    }

    /// Reads a received close frame's payload: empty, or a code valid on the wire followed
    /// by UTF-8, at most 125 bytes in all.
    public init(parsing payload: [UInt8]) throws(WebSocketProtocolError) {
        var cursor = ByteCursor(payload)
        guard !cursor.isAtEnd else {
            self.init(code: nil)
            return
        }
        guard payload.count <= WebSocketFrame.maximumControlPayloadSize else {
            throw WebSocketProtocolError(.controlFrameTooLarge, "a close payload of \(payload.count) bytes")
        }
        guard let raw = try? cursor.readUInt16() else {
            throw WebSocketProtocolError(.invalidClosePayload, "a close payload of 1 byte")
        }
        let code = WebSocketCloseCode(rawValue: raw)
        guard code.isValidOnWire else {
            throw WebSocketProtocolError(.invalidCloseCode, "close code \(raw) may not be sent")
        }
        let reason = cursor.readRemaining()
        guard WebSocketUTF8Validator.isValid(reason) else {
            throw WebSocketProtocolError(.invalidUTF8, "the close reason is not UTF-8")
        }
        self.init(code: code, reason: String(decoding: reason, as: UTF8.self))
    }

    /// The payload's bytes: nothing without a code; otherwise the code and the reason, cut at
    /// a character boundary to ``maximumReasonBytes``.
    public func encoded() -> [UInt8] {
        guard let code else { return [] }
        var output = [UInt8(truncatingIfNeeded: code.rawValue >> 8), UInt8(truncatingIfNeeded: code.rawValue)]
        var length = 0
        for character in reason {
            let size = character.utf8.count
            guard length + size <= Self.maximumReasonBytes else { break }
            output += character.utf8
            length += size
        }
        return output
    }
}

extension WebSocketClosePayload: CustomStringConvertible {
    public var description: String {
        guard let code else { return "no status" }
        return reason.isEmpty ? code.description : "\(code): \(reason)"
    }
}
