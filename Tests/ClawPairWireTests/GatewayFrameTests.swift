import Testing

@testable import ClawPairWire

@Suite struct GatewayFrameTests {
    @Test func decodesEachKind() throws {
        let request = try GatewayFrame(decoding: #"{"type":"req","id":"1","method":"health","params":{"a":1}}"#)
        #expect(request == .request(GatewayRequest(id: "1", method: "health", params: ["a": 1])))
        let ok = try GatewayFrame(decoding: #"{"type":"res","id":"1","ok":true,"payload":{"x":true}}"#)
        #expect(ok == .response(.ok(id: "1", payload: ["x": true])))
        let failed = try GatewayFrame(
            decoding: #"{"type":"res","id":"2","ok":false,"error":{"code":"INVALID_REQUEST","message":"no","retryable":false,"retryAfterMs":5}}"#)
        #expect(failed == .response(.error(id: "2", GatewayErrorShape(code: "INVALID_REQUEST", message: "no", retryable: false, retryAfterMs: 5))))
        let event = try GatewayFrame(decoding: #"{"type":"event","event":"tick","payload":{"ts":5},"seq":7,"stateVersion":{"presence":1}}"#)
        #expect(event == .event(GatewayEvent(event: "tick", payload: ["ts": 5], seq: 7, stateVersion: ["presence": 1])))
    }

    @Test func toleratesUnknownMembers() throws {
        let frame = try GatewayFrame(decoding: #"{"type":"event","event":"tick","future":[1,2],"payload":null}"#)
        #expect(frame == .event(GatewayEvent(event: "tick")))
    }

    @Test(arguments: [
        (#"[]"#, "must be an object"),
        (#"{"type":"ping"}"#, "not req, res or event"),
        (#"{"type":1}"#, "frame.type must be a string, got a number"),
        (#"{"type":"req","id":5,"method":"x"}"#, "frame.id must be a string"),
        (#"{"type":"req","id":"","method":"x"}"#, "frame.id is empty"),
        (#"{"type":"res","id":"1","ok":"yes"}"#, "frame.ok must be a boolean"),
        (#"{"type":"res","id":"1","ok":false}"#, "error is missing"),
        (#"{"type":"res","id":"1","ok":false,"error":{"code":1,"message":"m"}}"#, "frame.error.code must be a string"),
        (#"{"type":"event","event":"tick","seq":-1}"#, "frame.seq must be at least 0"),
        (#"{"type":"event","event":"tick","seq":1.5}"#, "fraction"),
        (#"{"type":"event"}"#, "frame.event is missing"),
        ("not json", "not JSON"),
    ])
    func rejectsMalformed(text: String, fragment: String) {
        #expect {
            _ = try GatewayFrame(decoding: text)
        } throws: { error in
            guard let error = error as? ClawPairError else { return false }
            return error.code == .gatewayProtocolError && error.message.contains(fragment)
        }
    }

    @Test func roundTrips() throws {
        let frames: [GatewayFrame] = [
            .request(GatewayRequest(id: "a", method: "connect", params: ["k": "v"])),
            .request(GatewayRequest(id: "b", method: "health")),
            .response(.ok(id: "a", payload: nil)),
            .response(.error(id: "c", GatewayErrorShape(code: "X", message: "y", details: ["code": "PAIRING_REQUIRED"]))),
            .event(GatewayEvent(event: "tick", payload: ["ts": 1], seq: 0)),
        ]
        for frame in frames {
            #expect(try GatewayFrame(decoding: frame.encoded()) == frame)
        }
        #expect(GatewayFrame.request(GatewayRequest(id: "b", method: "health")).encoded() == #"{"type":"req","id":"b","method":"health"}"#)
    }

    @Test func preAuthLimitIs64KiB() {
        #expect(GatewayFrame.preAuthMaximumBytes == 65536)
    }
}

@Suite struct ConnectChallengeTests {
    @Test func acceptsAValidChallenge() throws {
        #expect(try ConnectChallenge(payload: ["nonce": "abc", "ts": 1_700_000_000_000]) == ConnectChallenge(nonce: "abc", ts: 1_700_000_000_000))
        #expect(try ConnectChallenge(payload: ["nonce": "abc", "ts": 0, "extra": true]).ts == 0)
        // JavaScript has one number type: 5.0 is the integer 5.
        #expect(try ConnectChallenge(payload: ["nonce": "abc", "ts": .double(5)]).ts == 5)
    }

    @Test(arguments: [
        JSONValue.object([("nonce", "abc"), ("ts", "1700000000000")]),
        ["nonce": "abc", "ts": -1],
        ["nonce": "abc", "ts": 1.5],
        ["nonce": "", "ts": 1],
        ["nonce": 5, "ts": 1],
        ["ts": 1],
        ["nonce": "abc"],
        ["nonce": "abc", "ts": nil],
        "challenge",
    ])
    func rejectsABadChallenge(payload: JSONValue) {
        #expect(throws: ClawPairError(.gatewayProtocolError, "")) { _ = try ConnectChallenge(payload: payload) }
    }

    @Test func readsItOutOfItsEvent() throws {
        let event = ConnectChallenge(nonce: "n", ts: 9).event
        #expect(event.event == "connect.challenge")
        #expect(try ConnectChallenge(event: event) == ConnectChallenge(nonce: "n", ts: 9))
        #expect(try ConnectChallenge(event: GatewayEvent(event: "tick")) == nil)
    }
}
