/// One WebSocket frame (RFC 6455 §5.2), with its payload unmasked.
///
/// A parsed frame records the key it was masked with (server side only); an encoded frame
/// is masked with ``maskKey`` when one is set, as every client-to-server frame must be.
public struct WebSocketFrame: Sendable, Hashable {
    /// The final fragment of a message.
    public var fin: Bool
    /// RSV1; must be clear unless an extension says otherwise (none is negotiated).
    public var rsv1: Bool
    /// RSV2; as ``rsv1``.
    public var rsv2: Bool
    /// RSV3; as ``rsv1``.
    public var rsv3: Bool
    /// The opcode.
    public var opcode: WebSocketOpcode
    /// The masking key: required from a client, forbidden from a server (§5.1).
    public var maskKey: WebSocketMaskKey?
    /// The application data, unmasked.
    public var payload: [UInt8]

    /// A frame; by default final, no reserved bits, unmasked.
    public init(
        fin: Bool = true, rsv1: Bool = false, rsv2: Bool = false, rsv3: Bool = false, opcode: WebSocketOpcode,
        maskKey: WebSocketMaskKey? = nil, payload: [UInt8] = []
    ) {
        self.fin = fin
        self.rsv1 = rsv1
        self.rsv2 = rsv2
        self.rsv3 = rsv3
        self.opcode = opcode
        self.maskKey = maskKey
        self.payload = payload
    }

    /// Largest payload of a control frame (§5.5).
    public static let maximumControlPayloadSize = 125

    /// A single-frame text message.
    public static func text(_ text: String, maskKey: WebSocketMaskKey? = nil) -> WebSocketFrame {
        WebSocketFrame(opcode: .text, maskKey: maskKey, payload: Array(text.utf8))
    }

    /// A close frame; the reason is cut to fit a control frame (see ``WebSocketClosePayload``).
    public static func close(_ close: WebSocketClosePayload, maskKey: WebSocketMaskKey? = nil) -> WebSocketFrame {
        WebSocketFrame(opcode: .connectionClose, maskKey: maskKey, payload: close.encoded())
    }

    /// The frame's bytes; see ``WebSocketFrameEncoder``.
    public func encoded() -> [UInt8] { WebSocketFrameEncoder.encode(self) }
}

extension WebSocketFrame: CustomStringConvertible {
    public var description: String {
        var flags = fin ? "fin" : "more"
        for (set, name) in [(rsv1, "rsv1"), (rsv2, "rsv2"), (rsv3, "rsv3")] where set { flags += " " + name }
        if let maskKey { flags += " mask \(maskKey)" }
        return "\(opcode) [\(flags)] \(payload.count) bytes"
    }
}
