import Testing

@testable import ClawPairWire

@Suite struct ProbeVerdictTests {
    private static func candidate(_ url: String, _ order: Int, _ source: RouteSource = .setupCode) -> RouteCandidate {
        RouteCandidate(route: try! GatewayRoute(url: url), source: source, order: order)
    }

    private static func stage(_ layer: ProbeLayer, _ status: ProbeStage.Status, detail: JSONValue = [:]) -> ProbeStage {
        ProbeStage(layer: layer, status: status, milliseconds: 1, detail: detail)
    }

    private static func failed(
        _ url: String, _ order: Int, at layer: ProbeLayer, _ code: String, detail: JSONValue = [:]
    ) -> RouteProbe {
        let passed = ProbeLayer.allCases.filter { $0 < layer && ($0 != .tls || url.hasPrefix("wss")) }
        return RouteProbe(
            candidate: candidate(url, order),
            stages: passed.map { stage($0, .passed) } + [stage(layer, .failed, detail: detail)],
            failure: ProbeFailure(layer: layer, code: ClawPairError.Code(code, .unreachable), message: "\(code) on \(url)"))
    }

    private static func reached(_ url: String, _ order: Int) -> RouteProbe {
        RouteProbe(candidate: candidate(url, order), stages: [.dns, .tcp, .http, .gateway].map { stage($0, .passed) })
    }

    /// A host without a scheme (wss then ws): the ws route a TLS port hung up on only echoes
    /// the wss route that completed a handshake, so the wss failure is the verdict; alone,
    /// a ws route hung up on says "try wss://".
    @Test func aPlaintextUpgradeThatMetTheTLSPortYieldsToTheWssRoute() {
        let wss = Self.failed("wss://gw.local:18789", 0, at: .tls, "TLS_UNTRUSTED", detail: ["fingerprint": "ab"])
        let ws = Self.failed("ws://gw.local:18789", 1, at: .http, "WS_UPGRADE_REJECTED", detail: ["ended": "closed"])
        let verdict = ProbeVerdict.decide([wss, ws])
        #expect(verdict.code?.rawValue == "TLS_UNTRUSTED")
        #expect(verdict.route == "wss://gw.local:18789")
        let alone = ProbeVerdict.decide([Self.failed("ws://gw.local:18789", 0, at: .http, "WS_UPGRADE_REJECTED", detail: ["ended": "notHTTP"])])
        #expect(alone.remedy?.hasSuffix("try wss://gw.local:18789") == true, "\(alone.remedy ?? "")")
        // A timeout is no sign of TLS.
        let slow = ProbeVerdict.decide([Self.failed("ws://gw.local:18789", 0, at: .http, "WS_UPGRADE_REJECTED")])
        #expect(slow.remedy?.contains("try wss://") == false)
    }

    @Test func earliestOrderedSuccessWins() {
        let routes = [
            Self.failed("ws://10.0.0.1:18789", 0, at: .tcp, "TCP_TIMEOUT"),
            RouteProbe(candidate: Self.candidate("ws://10.0.0.2:18789", 1), stages: [Self.stage(.dns, .passed), Self.stage(.tcp, .pending)]),
            Self.reached("ws://10.0.0.3:18789", 2),
            Self.reached("ws://10.0.0.4:18789", 3),
        ]
        let verdict = ProbeVerdict.decide(routes)
        #expect(verdict.ok)
        #expect(verdict.route == "ws://10.0.0.3:18789")
        #expect(verdict.layer == .gateway)
        #expect(verdict.code == nil)
        #expect(verdict.remedy == nil)
        #expect(routes.map(\.ok) == [false, nil, true, true])
    }

    @Test func deepestFailureIsTheVerdictEarliestOnATie() {
        let routes = [
            Self.failed("ws://10.0.0.1:18789", 0, at: .tcp, "TCP_TIMEOUT"),
            Self.failed("ws://10.0.0.2:18789", 1, at: .tcp, "TCP_REFUSED"),
            Self.failed("wss://10.0.0.3:18789", 2, at: .tls, "TLS_PIN_MISMATCH", detail: ["fingerprint": "bb", "expectedPin": "aa"]),
            Self.failed("wss://10.0.0.4:18789", 3, at: .tls, "TLS_UNTRUSTED", detail: ["fingerprint": "cc"]),
        ]
        let verdict = ProbeVerdict.decide(routes)
        #expect(!verdict.ok)
        #expect(verdict.layer == .tls)
        #expect(verdict.code?.rawValue == "TLS_PIN_MISMATCH")
        #expect(verdict.route == "wss://10.0.0.3:18789")
        #expect(verdict.remedy?.contains("expected aa, got bb") == true)
        #expect(verdict.remedy?.contains("openssl x509 -noout -fingerprint -sha256") == true)
        #expect(verdict.remedy?.contains("clawpair gateways trust") == true)

        let tie = ProbeVerdict.decide(Array(routes.prefix(2)))
        #expect(tie.code?.rawValue == "TCP_TIMEOUT")
        #expect(tie.route == "ws://10.0.0.1:18789")
    }

    @Test(arguments: [
        ("TCP_REFUSED", ProbeLayer.tcp, "gateway.bind"),
        ("TCP_TIMEOUT", .tcp, "firewall"),
        ("TCP_UNREACHABLE", .tcp, "no route"),
        ("DNS_NXDOMAIN", .dns, "CLAWPAIR_RESOLVE=gw.example.com:443:ADDRESS"),
        ("TLS_UNTRUSTED", .tls, "--fingerprint"),
        ("TLS_EXPIRED", .tls, "renew"),
        ("PLAINTEXT_NOT_ALLOWED", .tls, "wss://"),
        ("HTTP_ACCESS_CHALLENGE", .http, "clawpair access login wss://gw.example.com:443"),
        ("HTTP_UNEXPECTED_STATUS", .http, "answered 404"),
        ("GATEWAY_NO_CHALLENGE", .gateway, "connect.challenge"),
        ("GATEWAY_PROTOCOL_ERROR", .gateway, "not an OpenClaw gateway"),
    ])
    func remedyPerCode(_ code: String, _ layer: ProbeLayer, _ words: String) {
        let route = Self.failed("wss://gw.example.com", 0, at: layer, code, detail: ["status": 404, "fingerprint": "ab"])
        let verdict = ProbeVerdict.decide([route])
        #expect(verdict.code?.rawValue == code)
        #expect(verdict.layer == layer)
        #expect(verdict.remedy?.contains(words) == true, "\(verdict.remedy ?? "nil")")
    }

    /// Routes come from setup codes and discovery: a command in a remedy quotes what it names
    /// (an IPv6 literal's brackets are a shell glob).
    @Test func remedyCommandsQuoteWhatTheyName() {
        let access = Self.failed("wss://[fe80::1%25eth0]:443", 0, at: .http, "HTTP_ACCESS_CHALLENGE")
        #expect(ProbeVerdict.decide([access]).remedy == "run `clawpair access login 'wss://[fe80::1%25eth0]:443'`")
        let dns = Self.failed("wss://gw.example.com", 0, at: .dns, "DNS_NXDOMAIN")
        #expect(ProbeVerdict.decide([dns]).remedy?.hasSuffix("or set CLAWPAIR_RESOLVE=gw.example.com:443:ADDRESS") == true)
    }

    @Test func noRoutesIsNotOk() {
        let verdict = ProbeVerdict.decide([])
        #expect(!verdict.ok)
        #expect(verdict.code == nil)
    }
}
