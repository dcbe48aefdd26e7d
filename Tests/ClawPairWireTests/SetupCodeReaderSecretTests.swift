import Testing
@testable import ClawPairWire

private func code(_ json: JSONValue) -> String { Base64URL.encode(Array(json.serialized().utf8)) }

/// Which raw inputs spell a credential, valid or not: output shows those as `<redacted>`.
@Suite struct SetupCodeReaderSecretTests {
    @Test(arguments: [
        // Valid codes, links and URLs.
        (specVectorCode, true),
        ("oc-pair://" + specVectorCode, true),
        ("Here is the code: `\(specVectorCode)`.", true),
        (code(["url": "wss://gw.example.com"]), false),
        ("openclaw://gateway?host=gw.example.com&tls=1&token=t0k", true),
        ("openclaw://gateway?host=gw.example.com&tls=1&password=pw", true),
        ("openclaw://gateway?host=gw.example.com&tls=1", false),
        ("wss://gw.example.com", false),
        // Rejected, yet carrying a token.
        (code(["url": "ws://192.168.1.20:18789", "bootstrapToken": "t", "expiresAtMs": 1]), true),
        (code(["url": "ws://203.0.113.9:18789", "bootstrapToken": "t"]), true),
        (code(["url": "wss://gw.example.com", "token": "t", "tlsFingerprint": "zz"]), true),
        (code(["url": "ws://192.168.1.20:99999", "password": "t"]), true),
        (code(["url": "wss://gw.example.com", "token": 7]), true),
        (code(["url": "wss://gw.example.com", "urls": ["ws://u:p@192.168.1.2"]]), true),
        (#"{"url":"ws://203.0.113.9","bootstrapToken":"t"}"#, true),
        ("ws://user:pw@192.168.1.20:18789", true),
        ("wss://gw.example.com/?token=abc", true),
        ("openclaw://gateway?host=203.0.113.9&token=t0k", true),
        ("openclaw://gateway?host=203.0.113.9&token=%zz", true),
        ("openclaw://gateway/add?url=http://u:p@gw.example.com", true),
        // A mark that joins `?`, `&` or `@` into one Character (U+06DD before, U+0301 after).
        ("openclaw://gateway?host=x\u{6DD}&token=t0k", true),
        ("wss://gw.example.com/\u{6DD}?token=abc", true),
        ("ws://user:pw@\u{301}192.168.1.20:18789", true),
        // A code cut short still spells part of its token; so may raw JSON cut short.
        (String(specVectorCode.dropLast(30)), true),
        (#"{"url":"ws://192.168.1.20","bootstrapToken":"t0k"#, true),
        // Not a credential.
        (code(["url": "wss://gw.example.com", "token": ""]), false),
        ("ws://203.0.113.9:18789", false),
        ("MENU soup of the day", false),
        ("https://example.com/menu", false),
        ("hello", false),
        ("", false),
    ])
    func carriesSecret(input: String, secret: Bool) {
        #expect(SetupCodeReader.carriesSecret(input) == secret)
    }

    @Test func oversizedInputIsTreatedAsSecret() {
        #expect(SetupCodeReader.carriesSecret(String(repeating: "a ", count: SetupCodeReader.maximumInputBytes)))
    }
}
