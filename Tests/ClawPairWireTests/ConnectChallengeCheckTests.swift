import Testing

@testable import ClawPairWire

@Suite struct ConnectChallengeCheckTests {
    @Test func acceptsTheSpecShape() {
        let text = #"{"type":"event","event":"connect.challenge","payload":{"nonce":"n-123","ts":1700000000000}}"#
        #expect(ConnectChallengeCheck.check(text) == .challenge(ts: 1_700_000_000_000, nonceLength: 5))
        #expect(ConnectChallengeCheck.check(#"{"type":"event","event":"connect.challenge","payload":{"nonce":"x","ts":0},"seq":1}"#)
            == .challenge(ts: 0, nonceLength: 1))
    }

    @Test(arguments: [
        #"{"type":"event","event":"tick","payload":{}}"#,
        #"{"type":"res","id":"1","ok":true,"payload":{}}"#,
    ])
    func skipsOtherFrames(_ text: String) {
        guard case .otherFrame = ConnectChallengeCheck.check(text) else {
            Issue.record("expected otherFrame for \(text)")
            return
        }
    }

    @Test(arguments: [
        "not json",
        "[1,2]",
        #"{"event":"connect.challenge"}"#,
        #"{"type":"event","event":"connect.challenge"}"#,
        #"{"type":"event","event":"connect.challenge","payload":{"ts":1}}"#,
        #"{"type":"event","event":"connect.challenge","payload":{"nonce":"","ts":1}}"#,
        #"{"type":"event","event":"connect.challenge","payload":{"nonce":7,"ts":1}}"#,
        #"{"type":"event","event":"connect.challenge","payload":{"nonce":"n","ts":"1"}}"#,
        #"{"type":"event","event":"connect.challenge","payload":{"nonce":"n","ts":-1}}"#,
        #"{"type":"event","event":"connect.challenge","payload":{"nonce":"n","ts":1.5}}"#,
        #"{"type":"event","event":"connect.challenge","payload":{"nonce":"n"}}"#,
    ])
    func rejectsMalformedChallenges(_ text: String) {
        guard case .protocolError = ConnectChallengeCheck.check(text) else {
            Issue.record("expected protocolError for \(text)")
            return
        }
    }
}
