/// An incremental reader of WebSocket frames (RFC 6455 §5.2), fed bytes as they arrive.
///
/// A value-type state machine: ``append(_:)`` adds bytes, ``parseStep()`` reads a frame
/// header (``Step/continueParsing``) or, once its payload is complete, the frame
/// (``Step/result(_:)``), and says ``Step/insufficientData`` otherwise. Any prefix of a valid
/// stream is just insufficient data.
///
/// Every check that can be made from the header is made before the payload is awaited or
/// memory reserved for it:
/// - RSV1–3 must be clear: no extension is ever negotiated;
/// - a control frame must have FIN set and at most 125 bytes of payload (§5.5);
/// - a 64-bit length must have its most significant bit clear (§5.2); a non-minimal length
///   encoding is accepted (the MUST is on the sender);
/// - a length past ``maximumFrameSize`` fails with close 1009 at once;
/// - frames from a server must not be masked, frames from a client must be (§5.1).
///
/// Opcodes and fragmentation are checked by ``WebSocketMessageAssembler``. After an error
/// the parser stays failed and throws the same error again.
public struct WebSocketFrameParser: Sendable {
    /// Which end of the connection this parser runs at.
    public enum Role: Sendable, Hashable {
        /// We are the client: frames come from the server, unmasked.
        case client
        /// We are the server (`clawpair sim`): frames come from a client, masked.
        case server
    }

    /// What one ``parseStep()`` did.
    public enum Step: Sendable, Hashable {
        /// Nothing more can be read until more bytes are appended.
        case insufficientData
        /// A frame header was read; call again for its payload.
        case continueParsing
        /// A whole frame, payload unmasked.
        case result(WebSocketFrame)
    }

    /// 16 MiB: far above the gateway's 64 KiB pre-authentication frame limit
    /// (spec/gateway-protocol.md) and the snapshots that follow; a session lowers it to the
    /// `policy.maxPayload` of hello-ok. Bounds what a hostile peer can make us buffer.
    public static let defaultMaximumFrameSize = 16 * 1024 * 1024

    /// The side we are on.
    public let role: Role
    /// The largest payload accepted in one frame.
    public let maximumFrameSize: Int

    private var buffer: [UInt8] = []
    private var readIndex = 0
    private var state: State = .header

    private enum State: Sendable {
        case header
        case payload(Header)
        case failed(WebSocketProtocolError)
    }

    private struct Header: Sendable {
        var fin: Bool
        var rsv1: Bool
        var rsv2: Bool
        var rsv3: Bool
        var opcode: WebSocketOpcode
        var maskKey: WebSocketMaskKey?
        var length: Int
    }

    /// A parser for the frames `role`'s peer sends.
    public init(role: Role, maximumFrameSize: Int = defaultMaximumFrameSize) {
        self.role = role
        self.maximumFrameSize = maximumFrameSize
    }

    /// Adds received bytes.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Bytes appended but not yet consumed (a frame header already read is consumed).
    public var bufferedByteCount: Int { buffer.count - readIndex }

    /// Steps until a frame is complete; nil when more input is needed.
    public mutating func nextFrame() throws(WebSocketProtocolError) -> WebSocketFrame? {
        while true {
            switch try parseStep() {
            case .insufficientData: return nil
            case .continueParsing: continue
            case .result(let frame): return frame
            }
        }
    }

    /// Makes one step: reads a frame header, or a frame's payload.
    public mutating func parseStep() throws(WebSocketProtocolError) -> Step {
        switch state {
        case .failed(let error):
            throw error
        case .header:
            do throws(WebSocketProtocolError) {
                guard let header = try readHeader() else { return .insufficientData }
                state = .payload(header)
                return .continueParsing
            } catch {
                state = .failed(error)
                throw error
            }
        case .payload(let header):
            guard bufferedByteCount >= header.length else { return .insufficientData }
            var payload = Array(buffer[readIndex..<readIndex + header.length])
            readIndex += header.length
            header.maskKey?.apply(to: &payload)
            state = .header
            return .result(
                WebSocketFrame(
                    fin: header.fin, rsv1: header.rsv1, rsv2: header.rsv2, rsv3: header.rsv3, opcode: header.opcode,
                    maskKey: header.maskKey, payload: payload))
        }
    }

    /// Reads a whole header, or nothing (nil) when it has not all arrived. Errors are raised
    /// as soon as the bytes that show them are present.
    private mutating func readHeader() throws(WebSocketProtocolError) -> Header? {
        var cursor = ByteCursor(buffer)
        guard (try? cursor.seek(to: readIndex)) != nil,
            let first = try? cursor.readUInt8(), let second = try? cursor.readUInt8()
        else { return nil }

        let opcode = WebSocketOpcode(encodedWebSocketOpcode: first & 0x0F) ?? .continuation  // 4 bits always fit.
        let fin = first & 0x80 != 0
        let masked = second & 0x80 != 0
        let shortLength = Int(second & 0x7F)
        guard first & 0x70 == 0 else {
            throw WebSocketProtocolError(.reservedBitsSet, "RSV bits 0x\(String(first & 0x70, radix: 16)) set without an extension")
        }
        if opcode.isControl {
            guard fin else { throw WebSocketProtocolError(.fragmentedControlFrame, "a \(opcode) frame without FIN") }
            guard shortLength <= WebSocketFrame.maximumControlPayloadSize else {
                throw WebSocketProtocolError(.controlFrameTooLarge, "a \(opcode) frame longer than 125 bytes")
            }
        }
        switch (role, masked) {
        case (.client, true): throw WebSocketProtocolError(.maskedServerFrame, "the server sent a masked \(opcode) frame")
        case (.server, false): throw WebSocketProtocolError(.unmaskedClientFrame, "a client sent an unmasked \(opcode) frame")
        default: break
        }

        let length: UInt64
        switch shortLength {
        case 126:
            guard let value = try? cursor.readUInt16() else { return nil }
            length = UInt64(value)
        case 127:
            guard let high = try? cursor.readUInt32(), let low = try? cursor.readUInt32() else { return nil }
            length = UInt64(high) << 32 | UInt64(low)
            guard length >> 63 == 0 else {
                throw WebSocketProtocolError(.invalidLength, "a 64-bit payload length with the most significant bit set")
            }
        default:
            length = UInt64(shortLength)
        }
        guard length <= UInt64(max(0, maximumFrameSize)) else {
            throw WebSocketProtocolError(.messageTooBig, "a \(length)-byte frame; the limit is \(maximumFrameSize)")
        }

        var maskKey: WebSocketMaskKey?
        if masked {
            guard let bytes = try? cursor.readBytes(4) else { return nil }
            maskKey = WebSocketMaskKey(bytes)
        }
        readIndex = cursor.offset
        return Header(
            fin: fin, rsv1: false, rsv2: false, rsv3: false, opcode: opcode, maskKey: maskKey, length: Int(length))
    }

    /// Drops consumed bytes once they are most of the buffer, keeping copies amortised O(1).
    private mutating func compact() {
        guard readIndex > 4096, readIndex * 2 > buffer.count else { return }
        buffer.removeFirst(readIndex)
        readIndex = 0
    }
}
