import Testing
@testable import ClawPairWire

@Suite struct WebSocketCloseCodeTests {
    @Test func knownValues() {
        let codes: [(WebSocketCloseCode, UInt16)] = [
            (.normalClosure, 1000), (.goingAway, 1001), (.protocolError, 1002), (.unsupportedData, 1003),
            (.noStatusReceived, 1005), (.abnormalClosure, 1006), (.invalidFramePayloadData, 1007),
            (.policyViolation, 1008), (.messageTooBig, 1009), (.mandatoryExtension, 1010), (.internalError, 1011),
            (.tlsHandshake, 1015), (.tickTimeout, 4000),
        ]
        for (code, value) in codes { #expect(code.rawValue == value) }
        #expect("\(WebSocketCloseCode.policyViolation)" == "1008 (policy violation)")
        #expect("\(WebSocketCloseCode(rawValue: 4321))" == "4321")
    }

    @Test(arguments: [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 3000, 3999, 4000, 4999] as [UInt16])
    func validOnTheWire(value: UInt16) {
        #expect(WebSocketCloseCode(rawValue: value).isValidOnWire)
    }

    @Test(arguments: [0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535] as [UInt16])
    func notValidOnTheWire(value: UInt16) {
        #expect(!WebSocketCloseCode(rawValue: value).isValidOnWire)
    }
}
