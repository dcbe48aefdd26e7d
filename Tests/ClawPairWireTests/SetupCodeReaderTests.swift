import Testing
@testable import ClawPairWire

/// Spec vector (spec/setup-codes.md, "Example"): a limited-access LAN code that expired on
/// 2026-09-21 and decodes with `--now 1780000000000`.
let specVectorCode =
    "eyJ1cmwiOiJ3czovLzE5Mi4xNjguMS4yMDoxODc4OSIsImJvb3RzdHJhcFRva2VuIjoicTNYdjltTjJwTDhzUjR0Vzd5WjFhQjVjRDZlRjBnSDJpSjNrTDRtTjVvUCIsImV4cGlyZXNBdE1zIjoxNzkwMDAwMDAwMDAwfQ"
let specVectorToken = "q3Xv9mN2pL8sR4tW7yZ1aB5cD6eF0gH2iJ3kL4mN5oP"
let beforeExpiry: Int64 = 1_780_000_000_000
let fingerprintHex = "ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12"

private func read(_ text: String, now: Int64 = beforeExpiry) throws(ClawPairError) -> SetupCode {
    try SetupCodeReader.read(text, nowMs: now)
}

private func code(_ json: JSONValue) -> String { Base64URL.encode(Array(json.serialized().utf8)) }

private func expectError(_ expected: ClawPairError.Code, _ input: String, now: Int64 = beforeExpiry) {
    #expect(throws: ClawPairError(expected, "")) { try read(input, now: now) }
}

@Suite struct SetupCodeReaderTests {
    @Test func specVectorDecodesBeforeExpiry() throws {
        let decoded = try read(specVectorCode)
        #expect(decoded.form == .setupCode)
        #expect(decoded.primary.url == "ws://192.168.1.20:18789")
        #expect(decoded.primary.host == "192.168.1.20")
        #expect(decoded.primary.port == 18789)
        #expect(decoded.primary.tls == false)
        #expect(decoded.primary.isLocal)
        #expect(decoded.fallbacks.isEmpty)
        #expect(decoded.auth == .bootstrapToken(Secret(specVectorToken)))
        #expect(decoded.expiresAtMs == 1_790_000_000_000)
        #expect(decoded.tlsFingerprint == nil)
        #expect(decoded.access == .limited)
    }

    @Test func specVectorIsExpiredNow() {
        // 2026-11-30 is after the vector's 2026-09-21 expiry.
        expectError(.setupCodeExpired, specVectorCode, now: 1_796_000_000_000)
        // Expiry is inclusive: a code whose expiresAtMs equals now is expired.
        expectError(.setupCodeExpired, specVectorCode, now: 1_790_000_000_000)
        #expect((try? read(specVectorCode, now: 1_789_999_999_999)) != nil)
    }

    @Test(arguments: [
        specVectorCode,
        specVectorCode + "==",  // padded: 246 characters need two
        "oc-pair://" + specVectorCode,
        "OC-PAIR://" + specVectorCode,
        "  \n" + specVectorCode + "\t ",
        #"{"url":"ws://192.168.1.20:18789","bootstrapToken":"q3Xv9mN2pL8sR4tW7yZ1aB5cD6eF0gH2iJ3kL4mN5oP","expiresAtMs":1790000000000}"#,
        "Setup code: `\(specVectorCode)`. Expires in 10 minutes.",
        "Here you go:\n\n“\(specVectorCode)”\n\nthanks",
        "pair with (oc-pair://\(specVectorCode)).",
    ])
    func everyInputFormOfTheSameCode(input: String) throws {
        let decoded = try read(input)
        #expect(decoded.primary.url == "ws://192.168.1.20:18789")
        #expect(decoded.auth.secret?.revealed == specVectorToken)
    }

    @Test func paddedAndStandardAlphabetDecode() throws {
        let json: JSONValue = ["url": "wss://gw.example.ts.net", "bootstrapToken": "a+b/c?d>>"]
        let unpadded = code(json)
        var padded = unpadded
        while padded.count % 4 != 0 { padded += "=" }
        let standard = String(padded.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        for input in [unpadded, padded, standard] {
            #expect(try read(input).primary.url == "wss://gw.example.ts.net:443")
        }
    }

    @Test func fallbacksAreDeduplicatedOrderedAndCapped() throws {
        let urls: [JSONValue] = [
            "ws://192.168.1.20:18789", "wss://gw.tail1234.ts.net", "ws://192.168.1.20:18789/",
            "wss://GW.tail1234.ts.net:443", "ws://10.0.0.2", "ws://10.0.0.3", "ws://10.0.0.4", "ws://10.0.0.5",
            "ws://10.0.0.6", "ws://10.0.0.7", "ws://10.0.0.8",
        ]
        let decoded = try read(code(["url": "ws://192.168.1.20:18789", "urls": .array(urls)]))
        #expect(decoded.routes.map(\.url) == [
            "ws://192.168.1.20:18789", "wss://gw.tail1234.ts.net:443", "ws://10.0.0.2:18789", "ws://10.0.0.3:18789",
            "ws://10.0.0.4:18789", "ws://10.0.0.5:18789", "ws://10.0.0.6:18789", "ws://10.0.0.7:18789",
        ])
        #expect(decoded.routes.count == SetupCodeReader.maximumRoutes)
    }

    @Test func invalidCandidatesAreSkippedAndReported() throws {
        let decoded = try read(code(["url": "ws://203.0.113.5:18789", "urls": ["wss://gw.example.com", "ftp://x"]]))
        #expect(decoded.primary.url == "wss://gw.example.com:443")
        #expect(decoded.ignoredRoutes.map(\.error) == [.setupCodeInsecureURL, .setupCodeInvalid])
        #expect(decoded.access == .full)
    }

    @Test func fallbacksDoNotInheritThePin() throws {
        let decoded = try read(code([
            "url": "wss://gw.example.com:8443", "urls": ["wss://gw.example.com:8443", "wss://backup.example.com"],
            "tlsFingerprint": .string("SHA256:" + fingerprintHex.uppercased()),
        ]))
        #expect(decoded.tlsFingerprint == fingerprintHex)
        #expect(decoded.fallbacks.map(\.url) == ["wss://backup.example.com:443"])
    }

    @Test(arguments: [
        ("sha256:" + fingerprintHex, true),
        ("  " + fingerprintHex.uppercased() + " ", true),
        (stride(from: 0, to: 64, by: 2).map { i in String(Array(fingerprintHex)[i...i + 1]) }.joined(separator: ":"), true),
        ("Sha256:AB:12:" + String(fingerprintHex.dropFirst(4)), true),
        (String(fingerprintHex.dropLast()), false),
        (fingerprintHex + "0", false),
        ("sha1:" + fingerprintHex, false),
        (String(fingerprintHex.dropLast()) + "g", false),
        ("sha256/" + fingerprintHex, false),
    ] as [(String, Bool)])
    func fingerprintNormalisation(input: String, valid: Bool) {
        #expect((TLSFingerprint.normalize(input) == fingerprintHex) == valid)
        let setupCode = code(["url": "wss://gw.example.com", "tlsFingerprint": .string(input)])
        if valid {
            #expect((try? read(setupCode))?.tlsFingerprint == fingerprintHex)
        } else {
            expectError(.setupCodeBadFingerprint, setupCode)
        }
    }

    @Test func fingerprintOnPlaintextPrimaryInvalidatesTheCode() {
        expectError(.setupCodeFingerprintWithoutTLS, code(["url": "ws://192.168.1.20:18789", "tlsFingerprint": .string(fingerprintHex)]))
    }

    @Test(arguments: [
        // Local: plaintext allowed.
        ("localhost", true), ("127.0.0.1", true), ("127.255.0.9", true), ("[::1]", true), ("[::ffff:127.0.0.2]", true),
        ("10.0.2.2", true), ("10.1.2.3", true), ("172.16.0.1", true), ("172.31.255.255", true), ("192.168.1.20", true),
        ("169.254.3.4", true), ("[fe80::1%25eth0]", true), ("[fe80::1]", true), ("[fd00::1]", true), ("[fc00::5]", true),
        ("gateway.local", true), ("Gateway.LOCAL.", true),
        // Not local: TLS required.
        ("gw.tail1234.ts.net", false), ("100.64.0.1", false), ("100.127.255.254", false), ("172.32.0.1", false),
        ("172.15.0.1", false), ("8.8.8.8", false), ("[2001:db8::1]", false), ("[::ffff:192.168.1.1]", false),
        ("127.1", false), ("localhost.example.com", false), ("local", false), ("[fec0::1]", false), ("192.169.0.1", false),
    ])
    func plaintextOnlyToLocalHosts(host: String, local: Bool) {
        let input = "ws://\(host):18789"
        if local {
            #expect((try? read(input)) != nil, "\(input) should be allowed")
        } else {
            expectError(.setupCodeInsecureURL, input)
            #expect((try? read("wss://\(host):18789")) != nil)
        }
    }

    @Test func accessLevel() throws {
        #expect(try read("wss://gw.example.com").access == .full)
        #expect(try read("ws://127.0.0.1:18789").access == .full)
        #expect(try read("ws://[::1]:18789").access == .full)
        #expect(try read("ws://192.168.1.2").access == .limited)
        #expect(try read(code(["url": "wss://gw.example.com", "urls": ["ws://gw.local"]])).access == .limited)
    }

    @Test func ipv6HostsAndContextPaths() throws {
        let route = try read("wss://[FD00:0:0::1]:18789/openclaw/gw ✓").primary
        #expect(route.host == "fd00::1")
        #expect(route.url == "wss://[fd00::1]:18789/openclaw/gw%20%E2%9C%93")
        #expect(route.contextPath == "/openclaw/gw%20%E2%9C%93")
        let zoned = try read("ws://[fe80::1%25eth0]:18789/").primary
        #expect(zoned.host == "fe80::1%eth0")
        #expect(zoned.url == "ws://[fe80::1%25eth0]:18789")
        #expect(zoned.contextPath == nil)
        #expect(try read("https://gw.example.com/a%2fb").primary.url == "wss://gw.example.com:443/a%2Fb")
    }

    @Test func legacyHostForm() throws {
        let tlsByDefault = try read(code(["host": "gw.example.com", "token": "shared-secret"]))
        #expect(tlsByDefault.primary.url == "wss://gw.example.com:443")
        #expect(tlsByDefault.auth == .token(Secret("shared-secret")))
        let plain = try read(code(["host": "fd00::1", "port": 18790, "tls": false, "password": "pw"]))
        #expect(plain.primary.url == "ws://[fd00::1]:18790")
        #expect(plain.auth.kind == "password")
        let defaultPort = try read(code(["host": "[fd00::2]", "tls": false]))
        #expect(defaultPort.primary.port == 18789)
        expectError(.setupCodeInsecureURL, code(["host": "gw.example.com", "tls": false]))
    }

    @Test func deepLinks() throws {
        let link = try read("openclaw://gateway?host=192.168.1.5&port=18790&token=abc%2Bdef+g")
        #expect(link.form == .deepLink)
        #expect(link.primary.url == "ws://192.168.1.5:18790")
        #expect(link.auth == .token(Secret("abc+def+g")))
        for truthy in ["1", "true", "YES", "True"] {
            #expect(try read("openclaw://gateway?host=gw.example.com&tls=\(truthy)").primary.url == "wss://gw.example.com:443")
        }
        expectError(.setupCodeInsecureURL, "openclaw://gateway?host=gw.example.com&tls=on")
        #expect(try read("openclaw-debug://gateway?host=10.0.2.2&password=pw").auth == .password(Secret("pw")))
        expectError(.setupCodeInvalid, "openclaw://gateway?port=1")
        expectError(.setupCodeInvalid, "openclaw://gateway?host=h.local&port=abc")
        expectError(.setupCodeInvalid, "openclaw://gateway?host=h.local&port=70000")

        // Separators count by scalar, as in URL parsers, even where a mark joins them into one Character.
        let marked = try DeepLink.parseQuery("a=\u{6DD}&b=\u{301}c&d\u{6DD}=e")
        #expect(marked.map { [$0.0, $0.1] } == [["a", "\u{6DD}"], ["b", "\u{301}c"], ["d\u{6DD}", "e"]])

        let add = try read("openclaw://gateway/add?url=https%3A%2F%2Fgw.example.com%2Fclaw&name=Home%20GW")
        #expect(add.primary.url == "wss://gw.example.com:443/claw")
        #expect(add.name == "Home GW")
        #expect(add.auth == .none)
        expectError(.setupCodeInsecureURL, "openclaw://gateway/add?url=http://192.168.1.5")
        expectError(.setupCodeInvalid, "openclaw://gateway/add?url=https://u:p@gw.example.com")
        expectError(.setupCodeInvalid, "openclaw://gateway/add?url=https://gw.example.com/?x=1")
        expectError(.setupCodeInvalid, "openclaw://settings")
    }

    @Test func rawURLs() throws {
        let url = try read("https://gw.example.com:8443/")
        #expect(url.form == .url)
        #expect(url.primary.url == "wss://gw.example.com:8443")
        #expect(url.auth == .none)
        #expect(try read("ws://gateway.local").primary.port == 18789)
    }

    @Test(arguments: [
        "", "   ", "hello world", "oc-pair://", "{}", "[1,2]", "{\"url\":5}", "{\"url\":\"wss://h\",\"urls\":\"wss://x\"}",
        "{\"url\":\"wss://h\",\"urls\":[1]}", "{\"url\":\"wss://h\",\"expiresAtMs\":-1}",
        "{\"url\":\"wss://h\",\"expiresAtMs\":1.5}", "{\"url\":\"wss://h\",\"expiresAtMs\":\"soon\"}",
        "{\"url\":\"wss://h\",\"bootstrapToken\":7}", "ws://", "wss://:443", "wss://u@h", "wss://h?x", "wss://h#f",
        // A mark joining the delimiter into one Character: `۝?` (U+06DD first), `?\u{301}`, `۝@`.
        "wss://h/a\u{6DD}?token=x", "wss://h/a?\u{301}token=x", "wss://h/\u{6DD}#f", "wss://u\u{6DD}@h",
        "wss://fd00::1", "wss://h:0", "wss://h:65536", "wss://h:12ab", "wss://[fd00::1", "wss://[gw]:1", "wss://a b",
        "ftp://h", "https://gw../x", "wss://.gw", "wss://a..b", "wss://\(String(repeating: "a", count: 64)).example", String(specVectorCode.dropLast(40)),
        String(repeating: "A", count: SetupCodeReader.maximumInputBytes + 1),
    ])
    func rejectsInvalidInput(input: String) {
        expectError(.setupCodeInvalid, input)
    }

    @Test func controlCharactersInPathsAreEncodedNotKept() throws {
        // A context path is kept, but nothing raw reaches a URL or a terminal.
        let route = try read("wss://h.example.com/a\u{1b}[31m").primary
        #expect(route.url == "wss://h.example.com:443/a%1B%5B31m")
    }

    @Test func roundTripEncodeDecode() throws {
        let payload = SetupCodePayload(
            url: "wss://gw.example.com:8443/claw", urls: ["wss://gw.example.com:8443/claw", "ws://192.168.1.7:18789"],
            bootstrapToken: "tok-Ü-✓", expiresAtMs: 1_900_000_000_000, tlsFingerprint: fingerprintHex)
        let encoded = payload.encoded()
        #expect(!encoded.contains("="))
        #expect(Base64URL.decode(encoded).map { String(decoding: $0, as: UTF8.self) } == payload.json.serialized())
        let decoded = try read(encoded)
        #expect(decoded.routes.map(\.url) == ["wss://gw.example.com:8443/claw", "ws://192.168.1.7:18789"])
        #expect(decoded.auth == .bootstrapToken(Secret("tok-Ü-✓")))
        #expect(decoded.expiresAtMs == 1_900_000_000_000)
        #expect(decoded.tlsFingerprint == fingerprintHex)
        #expect(decoded.access == .limited)
    }

    @Test func secretsRedactInInterpolation() {
        let secret = Secret("hunter2")
        #expect("\(secret)" == "<redacted>")
        #expect(String(reflecting: SetupAuth.token(secret)).contains("hunter2") == false)
    }
}
