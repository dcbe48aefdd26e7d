import Testing
@testable import ClawPairWire

@Suite struct WebSocketClosePayloadTests {
    @Test func parsesCodeAndReason() throws {
        let close = try WebSocketClosePayload(parsing: [0x0F, 0xA0] + Array("tick timeout".utf8))
        #expect(close.code == .tickTimeout)
        #expect(close.reason == "tick timeout")
        #expect(try WebSocketClosePayload(parsing: []) == WebSocketClosePayload(code: nil))
        #expect(try WebSocketClosePayload(parsing: [0x03, 0xE8]) == WebSocketClosePayload(code: .normalClosure, reason: ""))
    }

    @Test func reasonOfExactly123BytesIsAllowed() throws {
        let reason = String(repeating: "r", count: 123)
        let payload = [0x03, 0xE8] + Array(reason.utf8)
        #expect(try WebSocketClosePayload(parsing: payload).reason == reason)
        #expect(throws: WebSocketProtocolError(.controlFrameTooLarge, "")) { try WebSocketClosePayload(parsing: payload + [0x72]) }
    }

    @Test func encodingCutsLongReasonsAtACharacterBoundary() throws {
        let reason = String(repeating: "\u{20AC}", count: 50)  // 150 bytes
        let encoded = WebSocketClosePayload(code: .goingAway, reason: reason).encoded()
        #expect(encoded.count == 2 + 123)  // 41 euro signs
        let again = try WebSocketClosePayload(parsing: encoded)
        #expect(again.reason == String(repeating: "\u{20AC}", count: 41))
        #expect(WebSocketClosePayload(code: nil, reason: "dropped").encoded() == [])
    }

    @Test func roundTrips() throws {
        for close in [WebSocketClosePayload(code: .policyViolation, reason: "pairing required (requestId: abc)"), WebSocketClosePayload(code: nil)] {
            #expect(try WebSocketClosePayload(parsing: close.encoded()) == close)
        }
    }
}
