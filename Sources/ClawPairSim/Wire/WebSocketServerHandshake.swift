import ClawPairWire

/// The server's side of the opening handshake (RFC 6455 §4.2): checks a client's upgrade
/// request and makes the `101` answer, or says which error status to send instead.
public enum WebSocketServerHandshake {
    /// Why an upgrade request was refused, with the status to answer it with.
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// 400 for a malformed upgrade, 426 for an unsupported version (§4.2.2 item 4),
        /// 405 for a method other than GET.
        public let status: Int
        /// One sentence naming the field and what was wrong.
        public let reason: String

        public init(status: Int, reason: String) {
            self.status = status
            self.reason = reason
        }

        public var description: String { "\(status): \(reason)" }

        /// The response head to send: with `Sec-WebSocket-Version: 13` for a 426, so the
        /// client learns which version to use.
        public var responseHead: HTTPResponseHead {
            var headers: HTTPHeaders = ["Connection": "close", "Content-Length": "0"]
            if status == 426 { headers.add(name: "Sec-WebSocket-Version", value: WebSocketHandshake.version) }
            let phrase = switch status {
            case 405: "Method Not Allowed"
            case 426: "Upgrade Required"
            default: "Bad Request"
            }
            return HTTPResponseHead(status: status, reason: phrase, headers: headers)
        }
    }

    /// The `101 Switching Protocols` head for `request`, or a ``Refusal``. Requires (§4.2.1):
    /// GET over HTTP/1.1 or later, `Upgrade` holding `websocket` and `Connection` holding
    /// `upgrade` (token lists, any case), `Sec-WebSocket-Version: 13`, and exactly one
    /// `Sec-WebSocket-Key` that is the base64 of 16 bytes. No extension or subprotocol is
    /// chosen.
    public static func accept(_ request: HTTPRequestHead) throws(Refusal) -> HTTPResponseHead {
        guard request.method == .get else {
            throw Refusal(status: 405, reason: "the upgrade uses \(request.method), not GET")
        }
        guard request.version.minor >= 1 else {
            throw Refusal(status: 400, reason: "the upgrade is \(request.version), not HTTP/1.1")
        }
        guard request.headers.containsToken("websocket", inField: "Upgrade") else {
            throw Refusal(status: 400, reason: "Upgrade does not hold websocket")
        }
        guard request.headers.containsToken("upgrade", inField: "Connection") else {
            throw Refusal(status: 400, reason: "Connection does not list upgrade")
        }
        let versions = request.headers["Sec-WebSocket-Version"]
        guard versions.count == 1, versions[0] == WebSocketHandshake.version else {
            throw Refusal(status: 426, reason: "Sec-WebSocket-Version is not 13")
        }
        let keys = request.headers["Sec-WebSocket-Key"]
        guard keys.count == 1, let key = keys.first, isValidKey(key) else {
            throw Refusal(status: 400, reason: "Sec-WebSocket-Key is missing, repeated or not 16 bytes of base64")
        }
        return HTTPResponseHead(
            status: 101, reason: "Switching Protocols",
            headers: [
                "Upgrade": "websocket",
                "Connection": "Upgrade",
                "Sec-WebSocket-Accept": WebSocketHandshake.acceptValue(forKey: key),
            ])
    }

    /// True for 24 characters of standard base64 ending `==` that decode to 16 bytes.
    static func isValidKey(_ key: String) -> Bool {
        guard key.utf8.count == 24, key.hasSuffix("==") else { return false }
        let body = key.dropLast(2)
        guard body.utf8.allSatisfy({ byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
        }) else { return false }
        let urlSafe = String(body.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
        return Base64URL.decode(urlSafe)?.count == 16
    }
}
