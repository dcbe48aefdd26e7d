import Synchronization

/// The client end of an open WebSocket connection (RFC 6455) over any ``ByteStream``.
/// Made by ``WebSocketUpgrade/perform(on:until:nonce:)``.
///
/// - ``receive(until:)`` delivers whole text and binary messages (fragments assembled, at
///   most ``maximumMessageSize`` bytes), answers pings with pongs on the way, and returns the
///   peer's close frame as `.close` (after echoing it). One reader at a time: a second,
///   concurrent `receive` throws ``WebSocketClientError/Code/concurrentReceive``.
/// - Sends may come from any task; frames are written whole and in call order, each masked
///   with a fresh random key (§5.3).
/// - ``close(code:reason:)`` runs the closing handshake, bounded by
///   ``closingHandshakeTimeout``, then ends the transport (close_notify over TLS, then a
///   socket shutdown), so the peer sees EOF when `close` returns, not when this object goes.
///
/// No task is started: the connection only moves while a caller awaits one of these.
public final class WebSocketClient: Sendable {
    /// 10 s: a write only waits for socket buffer space; a peer that takes longer to drain
    /// a frame is gone, and the caller's receive deadline cannot bound a send.
    public static let writeTimeout: Duration = .seconds(10)
    /// 2 s: how long ``close(code:reason:)`` waits for the peer's close frame. RFC 6455 §7.1.1
    /// lets the client close the TCP connection itself when the server does not; the
    /// gateway answers in milliseconds, so waiting longer only delays shutdown.
    public static let closingHandshakeTimeout: Duration = .seconds(2)
    /// The largest message (all fragments) ``receive(until:)`` accepts; a bigger one fails
    /// with ``WebSocketProtocolError/Code/messageTooBig`` and close code 1009.
    public let maximumMessageSize: Int

    private let stream: any ByteStream
    private let writeGate = WebSocketWriteGate()
    /// Taken out (nil) while a `receive` or `close` reads.
    private let reader: Mutex<WebSocketReader?>
    private let maskKeys: @Sendable () -> WebSocketMaskKey

    /// A client over `stream`, already upgraded; `initialBytes` are those that followed the
    /// `101` head in the same read (the first frames, if the server was quick).
    init(
        stream: any ByteStream, initialBytes: [UInt8], maximumMessageSize: Int,
        maskKeys: @escaping @Sendable () -> WebSocketMaskKey
    ) {
        self.stream = stream
        self.maximumMessageSize = maximumMessageSize
        self.maskKeys = maskKeys
        reader = Mutex(
            WebSocketReader(role: .client, maximumMessageSize: maximumMessageSize, initialBytes: initialBytes, keepingUnconsumed: false))
    }

    /// A mask key from the system's cryptographic generator: §5.3 requires keys the server
    /// (or a proxy it controls) cannot predict.
    @Sendable static func randomMaskKey() -> WebSocketMaskKey {
        var generator = SystemRandomNumberGenerator()
        return WebSocketMaskKey(generator.next() as UInt32)
    }

    // MARK: Sending

    /// Sends a text message in one frame.
    public func send(text: String) async throws {
        try await sendFrame(WebSocketFrame(fin: true, opcode: .text, payload: Array(text.utf8)))
    }

    /// Sends a binary message in one frame.
    public func send(binary: [UInt8]) async throws {
        try await sendFrame(WebSocketFrame(fin: true, opcode: .binary, payload: binary))
    }

    /// Sends a ping; its pong is consumed by ``receive(until:)``. `payload` is at most 125 bytes.
    public func ping(payload: [UInt8] = []) async throws {
        guard payload.count <= WebSocketFrame.maximumControlPayloadSize else {
            throw WebSocketClientError(.controlPayloadTooLarge, "a ping payload of \(payload.count) bytes (at most 125)")
        }
        try await sendFrame(WebSocketFrame(fin: true, opcode: .ping, payload: payload))
    }

    /// Masks and writes one frame under the write gate. Throws
    /// ``WebSocketClientError/Code/closed`` once a close frame was sent.
    private func sendFrame(_ frame: WebSocketFrame, isClose: Bool = false) async throws {
        var frame = frame
        frame.maskKey = maskKeys()
        let bytes = frame.encoded()
        try await writeGate.write(bytes, isClose: isClose, to: stream, timeout: Self.writeTimeout)
    }

    // MARK: Receiving

    /// The next text or binary message, or `.close` with the peer's code and reason (after
    /// which every call throws ``WebSocketClientError/Code/closed``). Pings are answered and
    /// pongs dropped on the way, so `.ping` and `.pong` are never returned.
    ///
    /// Throws ``NetworkError`` (``NetworkError/Code/timedOut`` when no whole message came by
    /// `deadline`, which leaves the connection usable; ``NetworkError/Code/closedByPeer`` when
    /// the stream ended without a close frame), ``WebSocketProtocolError`` when the peer broke
    /// the protocol (a close frame with its close code is sent first), or
    /// ``WebSocketClientError``.
    public func receive(until deadline: ContinuousClock.Instant) async throws -> WebSocketMessage {
        var state = try reader.takeReader()
        defer { reader.withLock { [state] in $0 = state } }
        guard !state.finished else {
            throw WebSocketClientError(.closed, "the connection is closed")
        }
        return try await nextMessage(&state, until: deadline)
    }

    private func nextMessage(_ state: inout WebSocketReader, until deadline: ContinuousClock.Instant) async throws -> WebSocketMessage {
        try await state.nextMessage(from: stream, until: deadline, closingTimeout: Self.closingHandshakeTimeout) { frame, isClose in
            try await sendFrame(frame, isClose: isClose)
        }
    }

    // MARK: Closing

    /// Sends a close frame with `code` and `reason` (at most 123 bytes of UTF-8), waits up to
    /// ``closingHandshakeTimeout`` for the peer's close frame (dropping messages that arrive
    /// first), then ends the stream: the peer sees EOF once this returns, even while the
    /// client object lives on. Best effort: never throws. Returns the peer's close
    /// payload, or nil when none came (or another task was reading and gets it instead).
    /// `until` ends the wait sooner (a command past its deadline closes within a grace).
    @discardableResult
    public func close(
        code: WebSocketCloseCode = .normalClosure, reason: String = "", until: ContinuousClock.Instant? = nil
    ) async -> WebSocketClosePayload? {
        let handshakeEnd = ContinuousClock.now + Self.closingHandshakeTimeout
        let deadline = until.map { min($0, handshakeEnd) } ?? handshakeEnd
        try? await sendFrame(.close(WebSocketClosePayload(code: code, reason: reason)), isClose: true)
        var answer: WebSocketClosePayload?
        if var state = try? reader.takeReader() {
            while !state.finished {
                guard let message = try? await nextMessage(&state, until: deadline) else { break }
                if case .close(let payload) = message { answer = payload }
            }
            state.finished = true
            reader.withLock { [state] in $0 = state }
        }
        await stream.close(until: deadline)
        return answer
    }
}
