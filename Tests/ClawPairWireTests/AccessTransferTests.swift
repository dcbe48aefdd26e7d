import Testing
@testable import ClawPairWire

/// The transfer envelope's framing and alphabets, the sign-in URL, the poll's outcomes, the
/// strict base64 forms and the custom-header rules.
@Suite struct AccessTransferTests {
    static let key = StrictBase64.encode([UInt8](repeating: 0xFB, count: 32), .urlPadded)

    @Test func strictBase64KeepsItsForms() {
        let bytes: [UInt8] = [0xFB, 0xFF, 0xBF]
        #expect(StrictBase64.encode(bytes, .standardPadded) == "+/+/")
        #expect(StrictBase64.encode(bytes, .urlPadded) == "-_-_")
        #expect(StrictBase64.encode([0xFB], .urlPadded) == "-w==")
        #expect(StrictBase64.encode([0xFB], .urlUnpadded) == "-w")
        #expect(StrictBase64.decode("+/+/", .standardPadded) == bytes)
        #expect(StrictBase64.decode("-_-_", .standardPadded) == nil)
        #expect(StrictBase64.decode("+/+/", .urlPadded) == nil)
        #expect(StrictBase64.decode("-w", .urlPadded) == nil)
        #expect(StrictBase64.decode("-w==", .urlUnpadded) == nil)
        #expect(StrictBase64.decode("-w", .urlUnpadded) == [0xFB])
        #expect(StrictBase64.decode("-x", .urlUnpadded) == nil)  // non-zero trailing bits
        #expect(StrictBase64.decode("a===", .urlPadded) == nil)
    }

    @Test func parsesAnEnvelope() throws {
        let raw = [UInt8](0..<40) + [7, 8]
        let envelope = try AccessTransferEnvelope(body: Array(StrictBase64.encode(raw, .standardPadded).utf8), servicePublicKey: Self.key)
        #expect(envelope.nonce == Array(0..<24))
        #expect(envelope.sealed == Array(24..<40) + [7, 8])
        #expect(envelope.servicePublicKey == [UInt8](repeating: 0xFB, count: 32))
    }

    @Test func refusesBadEnvelopes() {
        let body = StrictBase64.encode([UInt8](repeating: 0xFB, count: 41), .standardPadded)
        let cases: [(String, String?)] = [
            (StrictBase64.encode([UInt8](repeating: 1, count: 39), .standardPadded), Self.key),  // shorter than 40
            (StrictBase64.encode([UInt8](repeating: 0xFB, count: 41), .urlPadded), Self.key),  // wrong alphabet
            (String(body.dropLast()), Self.key),  // padding missing
            (body, nil),
            (body, String(Self.key.dropLast())),  // unpadded key
            (body, StrictBase64.encode([UInt8](repeating: 0xFB, count: 32), .standardPadded)),  // +/ key
            (body, StrictBase64.encode([UInt8](repeating: 1, count: 31), .urlPadded)),
        ]
        for (text, key) in cases {
            #expect(throws: ClawPairError(.accessEnvelopeInvalid, "")) { try AccessTransferEnvelope(body: Array(text.utf8), servicePublicKey: key) }
        }
    }

    @Test func readsTheAppToken() throws {
        #expect(try AccessTransferEnvelope.appToken(plaintext: Array(#"{"app_token":"a.b.c","org_token":"o"}"#.utf8)) == "a.b.c")
        for bad in [#"{"org_token":"o"}"#, #"{"app_token":""}"#, "not json", #"{"app_token":1}"#] {
            #expect(throws: ClawPairError(.accessEnvelopeInvalid, "")) { try AccessTransferEnvelope.appToken(plaintext: Array(bad.utf8)) }
        }
    }

    @Test func buildsTheSignInURL() {
        let url = AccessSignInURL.url(origin: AccessOrigin(url: "https://GW.example.com:8443")!, publicKey: "ab-_==", audience: "aud 1")
        #expect(
            url == "https://gw.example.com:8443/cdn-cgi/access/cli?token=ab-_%3D%3D&aud=aud%201"
                + "&redirect_url=https%3A%2F%2Fgw.example.com%3A8443%3Ftoken%3Dab-_%253D%253D%26aud%3Daud%25201"
                + "&send_org_token=true&edge_token_transfer=true&close_interstitial=true")
        #expect(AccessTransferPoll.url(base: "https://login.example/", publicKey: "ab==") == "https://login.example/transfer/ab%3D%3D")
    }

    @Test func classifiesPolls() {
        #expect(AccessTransferPoll.classify(status: 200, body: [1]) == .ready([1]))
        for status in [200, 202, 204, 400, 404, 499] { #expect(AccessTransferPoll.classify(status: status, body: status == 200 ? [] : [1]) == .pending) }
        for status in [301, 302, 307, 308] { #expect(AccessTransferPoll.classify(status: status, body: []) == .abort) }
        for status in [500, 502, 503, 599] { #expect(AccessTransferPoll.classify(status: status, body: [1]) == .failed) }
    }

    @Test func customHeaderRules() {
        #expect(CustomHeaderRules.problem(name: "CF-Access-Client-Id", value: "id.access") == nil)
        #expect(CustomHeaderRules.problem(name: "Cf-Access-Token", value: "x") == nil)
        for name in ["", "Host", "connection", "Content-Length", "Proxy-Connection", "UPGRADE", "Sec-WebSocket-Key", "sec-websocket-protocol", "Bad Name", "Bad:Name", "Näme"] {
            #expect(CustomHeaderRules.problem(name: name, value: "v") != nil, "\(name)")
        }
        for value in ["a\r\nInjected: 1", "a\u{0}", "tab\there", "del\u{7F}"] {
            #expect(CustomHeaderRules.problem(name: "X-Value", value: value) != nil)
        }
        let kept = CustomHeaderRules.filtered([("X-A", "1"), ("Host", "evil"), ("X-B", "2\n")])
        #expect(kept.map(\.name) == ["X-A"])
    }
}
