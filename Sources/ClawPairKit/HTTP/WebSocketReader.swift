import Synchronization

/// The receiving half that both ends of a WebSocket connection share (``WebSocketClient``,
/// ``WebSocketServerConnection``): frames parsed and assembled into whole messages, pings
/// answered, the peer's close frame echoed, and a protocol error answered with its close
/// code before it is thrown (RFC 6455 §5.5, §7.1.7).
///
/// A value: each connection keeps one in a `Mutex` slot and takes it out for the length of
/// a read (``Synchronization/Mutex/takeReader()``), so two tasks never read at once.
package struct WebSocketReader: Sendable {
    /// 16 KiB per read: a TLS record's worth; larger frames arrive over several reads.
    package static let readChunkBytes = 16 * 1024

    package var parser: WebSocketFrameParser
    package var assembler: WebSocketMessageAssembler
    /// Bytes appended to the parser and not consumed yet, kept only while not nil (the
    /// server keeps them until it raises its limit: the parser does not hand them back, and
    /// a new parser needs them).
    package var unconsumed: [UInt8]?
    /// The peer's close frame was received, the stream ended, or the peer broke the
    /// protocol: nothing more will be read.
    package var finished = false

    package init(role: WebSocketFrameParser.Role, maximumMessageSize: Int, initialBytes: [UInt8], keepingUnconsumed: Bool) {
        parser = WebSocketFrameParser(role: role, maximumFrameSize: maximumMessageSize)
        assembler = WebSocketMessageAssembler(maximumMessageSize: maximumMessageSize)
        parser.append(initialBytes)
        unconsumed = keepingUnconsumed ? initialBytes : nil
    }

    /// The next text, binary or close message from `stream`. `send` writes a frame (and
    /// whether it is a close frame) the way this end writes them; after a close or an error
    /// the stream is ended within `closingTimeout`.
    package mutating func nextMessage(
        from stream: any ByteStream, until deadline: ContinuousClock.Instant, closingTimeout: Duration,
        send: (WebSocketFrame, _ isClose: Bool) async throws -> Void
    ) async throws -> WebSocketMessage {
        while true {
            let frame: WebSocketFrame?
            let message: WebSocketMessage?
            do throws(WebSocketProtocolError) {
                frame = try parser.nextFrame()
                if let kept = unconsumed { unconsumed = Array(kept.suffix(parser.bufferedByteCount)) }
                message = try frame.flatMap { frame throws(WebSocketProtocolError) in try assembler.append(frame) }
            } catch {
                finished = true
                // §7.1.7: fail the connection, telling the peer why while we still can.
                try? await send(.close(WebSocketClosePayload(code: error.closeCode, reason: error.code.rawValue)), true)
                await stream.close(until: .now + closingTimeout)
                throw error
            }
            switch message {
            case .ping(let payload)?:
                // §5.5.2: answer with the same payload. A failed pong (our close frame is out
                // already) is not the reader's error.
                try? await send(WebSocketFrame(fin: true, opcode: .pong, payload: payload), false)
            case .pong?:
                continue
            case .close(let payload)?:
                finished = true
                // §5.5.1: echo the status code; `try?` because our own close may be out already.
                let echo = payload.code.map { WebSocketClosePayload(code: $0) } ?? WebSocketClosePayload(code: nil)
                try? await send(.close(echo), true)
                await stream.close(until: .now + closingTimeout)
                return .close(payload)
            case let message?:
                return message
            case nil where frame != nil:
                continue  // A non-final fragment: more frames may already be buffered.
            case nil:
                let bytes = try await stream.read(upTo: Self.readChunkBytes, until: deadline)
                guard !bytes.isEmpty else {
                    finished = true
                    throw NetworkError(.closedByPeer, "the WebSocket stream ended without a close frame")
                }
                parser.append(bytes)
                unconsumed?.append(contentsOf: bytes)
            }
        }
    }
}

extension Mutex where Value == WebSocketReader? {
    /// Takes the reader out for one read; put it back with `withLock { $0 = reader }`.
    package func takeReader() throws(WebSocketClientError) -> WebSocketReader {
        let taken = withLock { slot -> WebSocketReader? in
            defer { slot = nil }
            return slot
        }
        guard let taken else {
            throw WebSocketClientError(.concurrentReceive, "another task is already reading this connection")
        }
        return taken
    }
}
