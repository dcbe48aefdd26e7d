/// One frame of the gateway protocol: a WebSocket text message holding one JSON object
/// (spec/gateway-protocol.md, "Frames").
///
/// Decoding is strict about what it knows (the `type` discriminator, each frame's own
/// fields and their types) and tolerant of what it does not (extra members), so a newer
/// gateway still talks to us while a malformed frame is a clear ``ClawPairError`` with code
/// ``ClawPairError/Code/gatewayProtocolError``.
public enum GatewayFrame: Sendable, Hashable {
    case request(GatewayRequest)
    case response(GatewayResponse)
    case event(GatewayEvent)

    /// 64 KiB: the most a frame may hold before the connection is authenticated. The
    /// gateway enforces it on clients; the client holds the gateway to it until hello-ok
    /// announces `policy.maxPayload`.
    public static let preAuthMaximumBytes = 64 * 1024

    /// Decodes a frame from a text message's UTF-8.
    public init(decoding text: String) throws(ClawPairError) {
        try self.init(decoding: Array(text.utf8))
    }

    /// Decodes a frame from UTF-8 bytes.
    public init(decoding bytes: [UInt8]) throws(ClawPairError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw ClawPairError(.gatewayProtocolError, "a gateway frame is not JSON: \(error)")
        }
        try self.init(json: value)
    }

    /// Decodes a frame from a parsed JSON value.
    public init(json: JSONValue) throws(ClawPairError) {
        let object = try JSONObjectReader(json, path: "frame")
        let type = try object.string("type")
        switch type {
        case "req": self = .request(try GatewayRequest(object))
        case "res": self = .response(try GatewayResponse(object))
        case "event": self = .event(try GatewayEvent(object))
        default:
            throw ClawPairError(.gatewayProtocolError, "frame.type \"\(type.prefix(40))\" is not req, res or event")
        }
    }

    /// The frame as a JSON object.
    public var json: JSONValue {
        switch self {
        case .request(let request): request.json
        case .response(let response): response.json
        case .event(let event): event.json
        }
    }

    /// The frame as compact JSON text, ready to send.
    public func encoded() -> String { json.serialized() }
}
