import ClawPairKit
import Synchronization

/// The server end of an open WebSocket connection (RFC 6455) over any ``ByteStream``: what
/// `clawpair sim` talks to each client through. Made by ``WebSocketServerUpgrade``.
///
/// The mirror of ``WebSocketClient``: client frames must be masked, ours are not (§5.1).
/// ``receive(until:)`` delivers whole messages (at most ``maximumMessageSize`` bytes, which
/// starts small for the gateway's pre-authentication limit and may be raised once with
/// ``raiseMaximumMessageSize(to:)``), answers pings, and returns the client's close frame
/// as `.close` after echoing it. Sends may come from any task and are written whole, in
/// call order. No task is started.
public final class WebSocketServerConnection: Sendable {
    /// 10 s, as the client's: a client that cannot take a frame in that long is gone.
    public static let writeTimeout: Duration = .seconds(10)
    /// 2 s to wait for the client's answer to our close frame before dropping the socket.
    public static let closingHandshakeTimeout: Duration = .seconds(2)

    /// The peer's TCP address.
    public let remoteAddress: SocketAddress

    private let stream: any ByteStream
    private let writeGate = WebSocketWriteGate()
    /// Taken out (nil) while a `receive` reads. Keeps the unconsumed bytes until the limit
    /// is raised.
    private let reader: Mutex<WebSocketReader?>

    /// A connection over `stream`, already upgraded; `initialBytes` followed the request head.
    init(stream: any ByteStream, remoteAddress: SocketAddress, initialBytes: [UInt8], maximumMessageSize: Int) {
        self.stream = stream
        self.remoteAddress = remoteAddress
        reader = Mutex(
            WebSocketReader(role: .server, maximumMessageSize: maximumMessageSize, initialBytes: initialBytes, keepingUnconsumed: true))
    }

    /// The current message limit.
    public var maximumMessageSize: Int { reader.withLock { $0?.assembler.maximumMessageSize } ?? 0 }

    /// Raises the message limit (after authentication), once, between messages. Returns
    /// false when it cannot (already raised, a read in progress, or mid-message).
    @discardableResult
    public func raiseMaximumMessageSize(to limit: Int) -> Bool {
        reader.withLock { state in
            guard var current = state, let unconsumed = current.unconsumed, !current.assembler.isAssembling,
                current.parser.bufferedByteCount == unconsumed.count
            else { return false }
            current.parser = WebSocketFrameParser(role: .server, maximumFrameSize: limit)
            current.parser.append(unconsumed)
            current.assembler = WebSocketMessageAssembler(maximumMessageSize: limit)
            current.unconsumed = nil
            state = current
            return true
        }
    }

    // MARK: Sending

    /// Sends a text message in one frame.
    public func send(text: String) async throws {
        try await sendFrame(WebSocketFrame(fin: true, opcode: .text, payload: Array(text.utf8)))
    }

    /// Sends a ping; its pong is consumed by ``receive(until:)``.
    public func ping(payload: [UInt8] = []) async throws {
        try await sendFrame(WebSocketFrame(fin: true, opcode: .ping, payload: Array(payload.prefix(125))))
    }

    private func sendFrame(_ frame: WebSocketFrame, isClose: Bool = false) async throws {
        let bytes = frame.encoded()
        try await writeGate.write(bytes, isClose: isClose, to: stream, timeout: Self.writeTimeout)
    }

    // MARK: Receiving

    /// The next text or binary message, or `.close` with the client's code and reason (after
    /// which every call throws ``WebSocketClientError/Code/closed``). Throws ``NetworkError``
    /// (`timedOut` when nothing whole came by `deadline`, which leaves the connection usable;
    /// `closedByPeer` when the stream ended without a close frame) or
    /// ``WebSocketProtocolError`` (after sending the matching close frame, e.g. 1009 for a
    /// message over the limit).
    public func receive(until deadline: ContinuousClock.Instant) async throws -> WebSocketMessage {
        var state = try reader.takeReader()
        defer { reader.withLock { [state] in $0 = state } }
        guard !state.finished else { throw WebSocketClientError(.closed, "the connection is closed") }
        return try await state.nextMessage(from: stream, until: deadline, closingTimeout: Self.closingHandshakeTimeout) {
            frame, isClose in try await sendFrame(frame, isClose: isClose)
        }
    }

    // MARK: Closing

    /// Sends a close frame with `code` and `reason` (cut to 123 bytes on a character
    /// boundary). The caller's reader sees the client's answer; ``drop()`` ends the stream.
    public func sendClose(code: WebSocketCloseCode, reason: String) async {
        var cut = ""
        for character in reason where cut.utf8.count + String(character).utf8.count <= WebSocketClosePayload.maximumReasonBytes {
            cut.append(character)
        }
        try? await sendFrame(.close(WebSocketClosePayload(code: code, reason: cut)), isClose: true)
    }

    /// Sends a close frame, waits up to ``closingHandshakeTimeout`` for the client's (when
    /// no other task is reading), then ends the stream. Never throws.
    public func close(code: WebSocketCloseCode, reason: String = "") async {
        await sendClose(code: code, reason: reason)
        let deadline = ContinuousClock.now + Self.closingHandshakeTimeout
        while true {
            do {
                if case .close = try await receive(until: deadline) { break }
            } catch {
                break
            }
        }
        await stream.close(until: deadline)
    }

    /// Ends the connection at once (TLS close_notify when over TLS, then the socket is
    /// shut down), so a read waiting in another task ends too.
    public func drop() async {
        await stream.close(until: .now + Self.closingHandshakeTimeout)
        if let tcp = stream as? TCPConnection { tcp.shutdown() }
        if let tls = stream as? TLSServerSession { tls.transport.shutdown() }
    }
}
