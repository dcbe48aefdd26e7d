/// The probe's `gateway` stage judged from one text message: is it the gateway's
/// `connect.challenge` event with a valid payload (spec/gateway-protocol.md, "Sequence"
/// step 1)? The frame and payload rules are the protocol's own (`GatewayFrame`,
/// `ConnectChallenge`); this only sorts the outcome into the stage's three answers. Pure;
/// the caller reads the messages.
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

    public static func check(_ text: String) -> Outcome {
        let frame: GatewayFrame
        do { frame = try GatewayFrame(decoding: text) } catch { return .protocolError(error.message) }
        guard case .event(let event) = frame else { return .otherFrame(frame.kind) }
        do {
            guard let challenge = try ConnectChallenge(event: event) else { return .otherFrame("event \(event.event)") }
            return .challenge(ts: challenge.ts, nonceLength: challenge.nonce.utf8.count)
        } catch {
            return .protocolError(error.message)
        }
    }
}
