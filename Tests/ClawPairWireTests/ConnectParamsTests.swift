import Testing

@testable import ClawPairWire

@Suite struct ConnectParamsTests {
    static let sample = ConnectParams(
        minProtocol: 3, maxProtocol: 4,
        client: ConnectClientInfo(
            id: "openclaw-linux", displayName: "box", version: "0.1.0", platform: "linux", mode: "node", instanceId: "i-1",
            deviceFamily: "Linux", modelIdentifier: nil),
        caps: ["camera"], commands: ["system.run"], permissions: ["camera": true, "screen": false], locale: "en-US",
        userAgent: "clawpair/0.1.0", role: "node", scopes: [], auth: .token(Secret("t"), deviceToken: Secret("d")),
        device: ConnectDevice(id: "id", publicKey: "pk", signature: "sig", signedAt: 10, nonce: "n"))

    @Test func roundTrips() throws {
        let json = Self.sample.json
        #expect(try ConnectParams(json: json) == Self.sample)
        #expect(try ConnectParams(json: JSONParser.parse(json.serialized())) == Self.sample)
        let request = try GatewayFrame(decoding: GatewayFrame.request(Self.sample.request(id: "c1")).encoded())
        guard case .request(let decoded) = request else {
            Issue.record("not a request")
            return
        }
        #expect(decoded.method == "connect")
        #expect(try ConnectParams(json: decoded.params) == Self.sample)
    }

    @Test func encodesTheFieldsTheGatewayReads() {
        let text = Self.sample.json.serialized()
        #expect(text.hasPrefix(#"{"minProtocol":3,"maxProtocol":4,"client":{"id":"openclaw-linux","displayName":"box""#))
        #expect(text.contains(#""permissions":{"camera":true,"screen":false}"#))
        #expect(text.contains(#""auth":{"token":"t","deviceToken":"d"}"#))
        #expect(text.contains(#""device":{"id":"id","publicKey":"pk","signature":"sig","signedAt":10,"nonce":"n"}"#))
    }

    @Test func authIsExactlyOneKind() throws {
        #expect(try ConnectAuth.decode(["bootstrapToken": "b"]) == .bootstrapToken(Secret("b")))
        #expect(try ConnectAuth.decode(["password": "p"]) == .password(Secret("p")))
        #expect(try ConnectAuth.decode(["token": "t"]) == .token(Secret("t"), deviceToken: nil))
        #expect(try ConnectAuth.decode([:]) == nil)
        for bad: JSONValue in [["token": "t", "password": "p"], ["bootstrapToken": "b", "token": "t"], ["deviceToken": "d"], ["token": 5]] {
            #expect(throws: ClawPairError(.gatewayProtocolError, "")) { _ = try ConnectAuth.decode(bad) }
        }
        #expect(ConnectAuth.password(Secret("p")).signatureToken == nil)
        #expect(ConnectAuth.bootstrapToken(Secret("b")).signatureToken == Secret("b"))
    }

    @Test func rejectsWrongTypes() {
        var json = Self.sample.json
        guard case .object(var members) = json else { return }
        members.append(("scopes", "operator.read"))
        json = .object(members)
        #expect(throws: ClawPairError(.gatewayProtocolError, "")) { _ = try ConnectParams(json: json) }
        #expect(throws: ClawPairError(.gatewayProtocolError, "")) {
            _ = try ConnectParams(json: ["minProtocol": 0, "maxProtocol": 4, "client": [:]])
        }
        #expect(throws: ClawPairError(.gatewayProtocolError, "")) { _ = try ConnectParams(json: nil) }
    }

    @Test func authSelectionRule() {
        let boot = Secret("boot"), shared = Secret("shared"), stored = Secret("stored"), pw = Secret("pw")
        #expect(GatewayCredentials(sharedToken: shared, storedDeviceToken: stored, bootstrapToken: boot, freshSetupCode: true).connectAuth == .bootstrapToken(boot))
        #expect(GatewayCredentials(sharedToken: shared, storedDeviceToken: stored, bootstrapToken: boot).connectAuth == .token(shared, deviceToken: nil))
        #expect(GatewayCredentials(storedDeviceToken: stored, bootstrapToken: boot).connectAuth == .token(stored, deviceToken: stored))
        #expect(GatewayCredentials(bootstrapToken: boot).connectAuth == .bootstrapToken(boot))
        #expect(GatewayCredentials(password: pw, storedDeviceToken: stored).connectAuth == .password(pw))
        #expect(GatewayCredentials().connectAuth == nil)
    }
}

@Suite struct HelloOkTests {
    static let json: JSONValue = [
        "type": "hello-ok", "protocol": 4, "server": ["version": "2026.1.1", "connId": "c-1"],
        "features": ["methods": ["health"], "events": ["tick"]], "snapshot": ["presence": []],
        "auth": [
            "deviceToken": "dt-node", "role": "node", "scopes": [],
            "deviceTokens": [["deviceToken": "dt-op", "role": "operator", "scopes": ["operator.read"]]],
        ],
        "policy": ["maxPayload": 1_048_576, "maxBufferedBytes": 4_194_304, "tickIntervalMs": 30000], "future": 1,
    ]

    @Test func decodes() throws {
        let hello = try HelloOk(payload: Self.json)
        #expect(hello.protocolVersion == 4)
        #expect(hello.server == HelloOk.Server(version: "2026.1.1", connId: "c-1"))
        #expect(hello.features.methods == ["health"])
        #expect(hello.auth?.deviceToken == Secret("dt-node"))
        #expect(hello.auth?.role == "node")
        #expect(hello.auth?.deviceTokens == [IssuedDeviceToken(deviceToken: Secret("dt-op"), role: "operator", scopes: ["operator.read"])])
        #expect(hello.policy == GatewayPolicy(maxPayload: 1_048_576, maxBufferedBytes: 4_194_304, tickIntervalMs: 30000))
        #expect(try HelloOk(payload: hello.json) == hello)
    }

    @Test func rejectsBadHellos() {
        for bad: JSONValue in [
            ["type": "hello"], ["type": "hello-ok", "protocol": "4"],
            ["type": "hello-ok", "protocol": 4, "server": ["version": "v", "connId": "c"], "policy": ["maxPayload": 1, "maxBufferedBytes": 1, "tickIntervalMs": 0]],
            ["type": "hello-ok", "protocol": 4, "server": ["version": "v", "connId": "c"]],
        ] {
            #expect(throws: ClawPairError(.gatewayProtocolError, "")) { _ = try HelloOk(payload: bad) }
        }
        #expect(throws: ClawPairError(.gatewayProtocolError, "")) { _ = try HelloOk(payload: nil) }
    }

    @Test func secretsStayRedactedInDescriptions() throws {
        let hello = try HelloOk(payload: Self.json)
        #expect(!"\(hello)".contains("dt-node"))
        #expect(!"\(hello)".contains("dt-op"))
    }
}
