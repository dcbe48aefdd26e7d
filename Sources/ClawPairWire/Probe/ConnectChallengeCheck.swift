/// The probe's `gateway` stage judged from one text message: is it the gateway's
/// `connect.challenge` event, `{"type":"event","event":"connect.challenge","payload":{nonce,
/// ts}}` with a non-empty string nonce and an integer `ts ≥ 0` (spec/gateway-protocol.md,
/// "Sequence" step 1)? Pure; the caller reads the messages.
public enum ConnectChallengeCheck {
    /// What one message means for the stage.
    public enum Outcome: Sendable, Hashable {
        /// A valid challenge; `ts` as sent (the nonce is not kept: a probe never answers it).
        case challenge(ts: Int64, nonceLength: Int)
        /// A well-formed frame that is not the challenge (an event the gateway may send
        /// first): keep waiting.
        case otherFrame(String)
        /// Not a gateway frame, or a malformed challenge: GATEWAY_PROTOCOL_ERROR.
        case protocolError(String)
    }

    public static let eventName = "connect.challenge"

    public static func check(_ text: String) -> Outcome {
        let value: JSONValue
        do { value = try JSONParser.parse(text) } catch { return .protocolError("the first message is not JSON (\(error))") }
        guard case .object = value, let type = value["type"]?.stringValue else {
            return .protocolError("the message is not a gateway frame (no \"type\")")
        }
        guard type == "event", let event = value["event"]?.stringValue else {
            return .otherFrame(type)
        }
        guard event == eventName else { return .otherFrame("event \(event)") }
        guard let payload = value["payload"], case .object = payload else {
            return .protocolError("connect.challenge has no payload object")
        }
        guard let nonce = payload["nonce"]?.stringValue, !nonce.isEmpty else {
            return .protocolError("connect.challenge has no non-empty string nonce")
        }
        guard case .integer(let ts)? = payload["ts"], ts >= 0 else {
            return .protocolError("connect.challenge's ts is not an integer ≥ 0")
        }
        return .challenge(ts: ts, nonceLength: nonce.utf8.count)
    }
}
