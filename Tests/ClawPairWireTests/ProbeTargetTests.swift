import Testing

@testable import ClawPairWire

@Suite struct ProbeTargetTests {
    static let now: Int64 = 1_700_000_000_000

    private static func kind(_ target: ProbeTarget) -> String {
        switch target {
        case .setupCode(let code): "code \(code.routes.map(\.url).joined(separator: " "))"
        case .url(let route): "url \(route.url)"
        case .host(let route): "host \(route.url)"
        case .instanceName(let name): "instance \(name)"
        }
    }

    static let json = #"{"url":"wss://gw.example.ts.net","urls":["ws://192.168.1.20:18789"],"bootstrapToken":"boot-secret"}"#

    @Test(arguments: [
        (json, "code wss://gw.example.ts.net:443 ws://192.168.1.20:18789"),
        (Base64URL.encode(Array(json.utf8)), "code wss://gw.example.ts.net:443 ws://192.168.1.20:18789"),
        ("Here is my code: " + Base64URL.encode(Array(json.utf8)) + " thanks", "code wss://gw.example.ts.net:443 ws://192.168.1.20:18789"),
        ("wss://gw.example.com/openclaw", "url wss://gw.example.com:443/openclaw"),
        ("https://gw.example.com:8443", "url wss://gw.example.com:8443"),
        // Refused later as PLAINTEXT_NOT_ALLOWED (exit 5), not here as bad input.
        ("ws://gw.example.com:18789", "url ws://gw.example.com:18789"),
        ("10.0.0.5", "host ws://10.0.0.5:18789"),
        ("gateway.lan:9000", "host ws://gateway.lan:9000"),
        ("studio.tail1234.ts.net", "host wss://studio.tail1234.ts.net:443"),
        ("[fd00::1]:18789", "host ws://[fd00::1]:18789"),
        ("studio", "host ws://studio:18789"),
        ("Studio (OpenClaw)", "instance Studio (OpenClaw)"),
        ("Küche GW", "instance Küche GW"),
        ("  Studio (OpenClaw)\n", "instance Studio (OpenClaw)"),
    ])
    func classifies(_ input: String, _ expected: String) throws {
        #expect(Self.kind(try ProbeTarget.classify(input, nowMs: Self.now)) == expected)
    }

    @Test(arguments: [
        ("", "PROBE_TARGET_INVALID"),
        ("ftp://gw.example.com", "PROBE_TARGET_INVALID"),
        ("wss://user:pw@gw.example.com", "PROBE_TARGET_INVALID"),
        ("gateway.lan:99999", "PROBE_TARGET_INVALID"),
        ("127.0.0.1:", "PROBE_TARGET_INVALID"),
        (String(repeating: "long name ", count: 10), "PROBE_TARGET_INVALID"),
        (#"{"url":"wss://gw.example.com","expiresAtMs":1000}"#, "SETUP_CODE_EXPIRED"),
        (Base64URL.encode(Array(#"{"url":"wss://gw.example.com","expiresAtMs":1000}"#.utf8)), "SETUP_CODE_EXPIRED"),
        (#"{"nothing":1}"#, "SETUP_CODE_INVALID"),
    ])
    func rejects(_ input: String, _ code: String) {
        #expect {
            _ = try ProbeTarget.classify(input, nowMs: Self.now)
        } throws: { error in
            (error as? ClawPairError)?.code.rawValue == code
        }
    }

    @Test func displayNeverShowsTheSetupCodeSecret() throws {
        let target = try ProbeTarget.classify(Self.json, nowMs: Self.now)
        #expect(target.display == "setup code for wss://gw.example.ts.net:443 and 1 more route(s)")
        #expect(!target.display.contains("boot-secret"))
    }
}
