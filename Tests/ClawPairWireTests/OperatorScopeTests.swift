import Testing

@testable import ClawPairWire

@Suite struct OperatorScopeTests {
    @Test func implications() {
        #expect(OperatorScope.write.satisfies(.read))
        #expect(OperatorScope.write.satisfies(.talk))
        #expect(!OperatorScope.write.satisfies(.admin))
        #expect(!OperatorScope.write.satisfies(.talkSecrets))
        #expect(!OperatorScope.read.satisfies(.write))
        for scope in OperatorScope.allCases {
            #expect(OperatorScope.admin.satisfies(scope))
            #expect(scope.satisfies(scope))
        }
        #expect(OperatorScope.granted(["operator.write"], satisfy: .read))
        #expect(!OperatorScope.granted(["operator.bogus", "operator.read"], satisfy: .write))
    }

    @Test func closedSets() {
        #expect(OperatorScope.allCases.count == 8)
        #expect(GatewayClientID.allCases.count == 16)
        #expect(GatewayClientID(rawValue: "openclaw-linux") == .linux)
        #expect(GatewayClientID(rawValue: "openclaw-freebsd") == nil)
        #expect(GatewayClientMode.allCases.map(\.rawValue) == ["webchat", "cli", "ui", "backend", "node", "worker", "probe", "test"])
        #expect(GatewayRole.allCases.map(\.rawValue) == ["operator", "node", "worker"])
    }

    @Test func bootstrapFiltering() {
        let all = OperatorScope.allCases.map(\.rawValue)
        #expect(OperatorScope.bootstrapScopes(role: "node", requested: all) == [])
        #expect(
            OperatorScope.bootstrapScopes(role: "operator", requested: all)
                == ["operator.read", "operator.write", "operator.admin", "operator.approvals", "operator.questions", "operator.talk.secrets"])
        #expect(OperatorScope.bootstrapScopes(role: "operator", requested: ["operator.pairing", "operator.read", "operator.read", "x"]) == ["operator.read"])
        #expect(OperatorScope.bootstrapScopes(role: "worker", requested: ["operator.read"]) == [])
    }

    @Test func sessionKinds() {
        #expect(GatewaySessionKind.node.role == .node)
        #expect(GatewaySessionKind.node.mode == .node)
        #expect(GatewaySessionKind.node.scopes == [])
        #expect(GatewaySessionKind.node.minProtocol == 3)
        #expect(GatewaySessionKind.operator.role == .operator)
        #expect(GatewaySessionKind.operator.mode == .ui)
        #expect(GatewaySessionKind.operator.minProtocol == 4)
        #expect(GatewaySessionKind.allCases.allSatisfy { $0.maxProtocol == 4 })
        #expect(
            GatewaySessionKind.operator.scopes.map(\.rawValue)
                == ["operator.admin", "operator.read", "operator.write", "operator.approvals", "operator.questions", "operator.pairing"])
    }
}

@Suite struct GatewayConnectErrorTests {
    func shape(_ code: String, details: JSONValue? = nil, retryAfterMs: Int64? = nil) -> GatewayErrorShape {
        GatewayErrorShape(code: code, message: "m", details: details, retryAfterMs: retryAfterMs)
    }

    @Test func pairingRequiredCarriesTheApproveHint() {
        let error = GatewayConnectError(
            shape("NOT_PAIRED", details: ["code": "PAIRING_REQUIRED", "reason": "not-paired", "requestId": "7e57a11d-0007-4000-8000-000000000007", "deviceId": "d"]))
        guard case .pairingRequired(let request) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(request.requestId == "7e57a11d-0007-4000-8000-000000000007")
        #expect(request.reason == "not-paired")
        #expect(error.remedy.contains("openclaw devices approve 7e57a11d-0007-4000-8000-000000000007"))
        #expect(error.clawPairError.code.category == .authorization)
    }

    @Test func classification() {
        #expect(
            GatewayConnectError(shape("X", details: ["code": "AUTH_RATE_LIMITED"], retryAfterMs: 1500))
                == .rateLimited(retryAfterMs: 1500, message: "m"))
        #expect(
            GatewayConnectError(shape("X", details: ["code": "AUTH_RATE_LIMITED", "retryAfterMs": 20]))
                == .rateLimited(retryAfterMs: 20, message: "m"))
        #expect(
            GatewayConnectError(shape("X", details: ["code": "PAIRING_REQUIRED", "requestId": "r", "recommendedNextStep": "wait_then_retry"]))
                == .waitThenRetry(.init(requestId: "r", message: "m"), retryAfterMs: nil))
        #expect(GatewayConnectError(shape("X", details: ["code": "PROTOCOL_MISMATCH"])) == .protocolMismatch(message: "m"))
        #expect(GatewayConnectError(shape("X", details: ["code": "DEVICE_AUTH_SIGNATURE_EXPIRED"])) == .deviceAuthFailed(.signatureExpired, message: "m"))
        #expect(GatewayConnectError(shape("X", details: ["code": "AUTH_BOOTSTRAP_TOKEN_INVALID"])) == .bootstrapTokenInvalid(message: "m"))
        #expect(GatewayConnectError(shape("X", details: ["code": "AUTH_DEVICE_TOKEN_MISMATCH"])) == .deviceTokenMismatch(message: "m"))
        #expect(GatewayConnectError(shape("UNAVAILABLE", details: ["reason": "startup-sidecars"], retryAfterMs: 5)) == .unavailable(retryAfterMs: 5, message: "m"))
        #expect(GatewayConnectError(shape("INVALID_REQUEST")) == .refused(shape("INVALID_REQUEST")))
        // Unknown detail codes are kept, not a decoding failure.
        #expect(
            GatewayConnectError(shape("X", details: ["code": "AUTH_TAILSCALE_WHOIS_FAILED"]))
                == .authFailed(GatewayErrorDetailCode(rawValue: "AUTH_TAILSCALE_WHOIS_FAILED"), recommendedNextStep: nil, message: "m"))
        // A hint of the wrong type is dropped, the refusal still understood.
        #expect(GatewayConnectError(shape("X", details: ["code": "PAIRING_REQUIRED", "requestId": 5])) == .pairingRequired(.init(requestId: nil, message: "m")))
    }

    @Test func exitCategories() {
        let authorization: [GatewayConnectError] = [
            .pairingRequired(.init(requestId: "r", message: "")), .waitThenRetry(.init(requestId: nil, message: ""), retryAfterMs: nil),
            .pairingRejected(message: ""), .rateLimited(retryAfterMs: nil, message: ""), .deviceAuthFailed(.signatureInvalid, message: ""),
            .bootstrapTokenInvalid(message: ""), .deviceTokenMismatch(message: ""), .authFailed(nil, recommendedNextStep: nil, message: ""),
            .policyClose(reason: ""),
        ]
        for error in authorization { #expect(error.clawPairError.code.category == .authorization, "\(error)") }
        let unreachable: [GatewayConnectError] = [
            .protocolMismatch(message: ""), .noChallenge(message: ""), .timedOut(message: ""), .protocolViolation(message: ""),
        ]
        for error in unreachable { #expect(error.clawPairError.code.category == .unreachable, "\(error)") }
    }

    @Test func closeFrames() {
        #expect(
            GatewayConnectError(closedWith: WebSocketClosePayload(code: .policyViolation, reason: "pairing required (requestId: abc-1)"))
                == .pairingRequired(.init(requestId: "abc-1", message: "pairing required (requestId: abc-1)")))
        #expect(GatewayConnectError(closedWith: WebSocketClosePayload(code: .policyViolation, reason: "nope")) == .policyClose(reason: "nope"))
        #expect(GatewayConnectError(closedWith: WebSocketClosePayload(code: .normalClosure)).code == .gatewayClosed)
    }
}

@Suite struct ProtocolNegotiationTests {
    @Test func versions() {
        #expect(GatewayProtocolVersion.negotiate(minProtocol: 3, maxProtocol: 4, role: "node", mode: "node") == 4)
        #expect(GatewayProtocolVersion.negotiate(minProtocol: 3, maxProtocol: 3, role: "node", mode: "node") == 3)
        #expect(GatewayProtocolVersion.negotiate(minProtocol: 3, maxProtocol: 3, role: "operator", mode: "ui") == nil)
        #expect(GatewayProtocolVersion.negotiate(minProtocol: 3, maxProtocol: 3, role: "node", mode: "ui") == nil)
        #expect(GatewayProtocolVersion.negotiate(minProtocol: 4, maxProtocol: 9, role: "operator", mode: "ui") == 4)
        #expect(GatewayProtocolVersion.negotiate(minProtocol: 5, maxProtocol: 9, role: "operator", mode: "ui") == nil)
        #expect(GatewayProtocolVersion.negotiate(minProtocol: 4, maxProtocol: 3, role: "node", mode: "node") == nil)
        // What each session kind sends is accepted.
        for kind in GatewaySessionKind.allCases {
            #expect(
                GatewayProtocolVersion.negotiate(
                    minProtocol: kind.minProtocol, maxProtocol: kind.maxProtocol, role: kind.role.rawValue, mode: kind.mode.rawValue) == 4)
        }
    }

    @Test func clockSkew() {
        #expect(DeviceAuthPayload.isFresh(signedAtMs: 1_000_000, nowMs: 1_120_000))
        #expect(DeviceAuthPayload.isFresh(signedAtMs: 1_120_000, nowMs: 1_000_000))
        #expect(!DeviceAuthPayload.isFresh(signedAtMs: 1_000_000, nowMs: 1_120_001))
        #expect(!DeviceAuthPayload.isFresh(signedAtMs: 1_120_001, nowMs: 1_000_000))
        #expect(!DeviceAuthPayload.isFresh(signedAtMs: 0, nowMs: .max))
    }

    @Test func deviceTokenRetry() {
        let stored = Secret("stored")
        #expect(GatewayCredentials(sharedToken: Secret("s"), storedDeviceToken: stored).deviceTokenRetry?.connectAuth == .token(stored, deviceToken: stored))
        #expect(GatewayCredentials(sharedToken: Secret("s")).deviceTokenRetry == nil)
        #expect(GatewayCredentials(storedDeviceToken: stored).deviceTokenRetry == nil)
    }
}

@Suite struct RetryAfterTests {
    @Test func clampedToTheRegistryBounds() {
        #expect(GatewayConnectError.rateLimited(retryAfterMs: 2500, message: "").retryAfter == .milliseconds(2500))
        #expect(GatewayConnectError.rateLimited(retryAfterMs: 5, message: "").retryAfter == .seconds(1))
        #expect(GatewayConnectError.rateLimited(retryAfterMs: 86_400_000, message: "").retryAfter == .seconds(900))
        #expect(GatewayConnectError.unavailable(retryAfterMs: 3000, message: "").retryAfter == .seconds(3))
        #expect(GatewayConnectError.rateLimited(retryAfterMs: nil, message: "").retryAfter == nil)
        #expect(GatewayConnectError.pairingRequired(.init(requestId: "r", message: "")).retryAfter == nil)
    }
}
