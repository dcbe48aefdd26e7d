import Testing

@testable import ClawPairKit

/// The pause table of spec/registry.md "Pause", row by row, with the gateway's hints.
@Suite struct ReconnectDecisionTests {
    static let gateway = GatewayID(rawValue: "manual|gw.example|443")

    /// The decision for an error answer with `details` (and the shape's `retryable`).
    static func decide(
        _ details: JSONValue, shapeCode: String = "INVALID_REQUEST", retryable: Bool? = nil, retryAfterMs: Int64? = nil,
        canRetryWithDeviceToken: Bool = false
    ) -> ReconnectDecision {
        let shape = GatewayErrorShape(code: shapeCode, message: "refused", details: details, retryable: retryable, retryAfterMs: retryAfterMs)
        return ReconnectDecision.after(
            GatewayConnectError(shape), details: shape.detailsView, retryable: shape.retryable, gateway: gateway,
            canRetryWithDeviceToken: canRetryWithDeviceToken)
    }

    static func isPause(_ decision: ReconnectDecision) -> Bool {
        if case .pause = decision { return true }
        return false
    }

    @Test(arguments: [
        "AUTH_TOKEN_MISSING", "AUTH_BOOTSTRAP_TOKEN_INVALID", "AUTH_TOKEN_NOT_CONFIGURED", "AUTH_PASSWORD_MISSING",
        "AUTH_PASSWORD_MISMATCH", "AUTH_PASSWORD_NOT_CONFIGURED", "AUTH_SCOPE_MISMATCH", "AUTH_DEVICE_TOKEN_MISMATCH",
        "PAIRING_REQUIRED", "PROTOCOL_MISMATCH", "DEVICE_IDENTITY_REQUIRED",
    ])
    func theSpecsCodesPause(code: String) {
        #expect(Self.isPause(Self.decide(["code": .string(code)])), "\(code)")
    }

    @Test(arguments: ["AUTH_REQUIRED", "AUTH_UNAUTHORIZED", "SOMETHING_NEW"])
    func otherCodesBackOff(code: String) {
        #expect(Self.decide(["code": .string(code)]) == .backoff)
    }

    @Test func theGatewaysHintsWin() {
        // pauseReconnect: false keeps a PAIRING_REQUIRED retrying; true pauses anything.
        #expect(Self.decide(["code": "PAIRING_REQUIRED", "pauseReconnect": false]) == .backoff)
        #expect(Self.isPause(Self.decide(["code": "AUTH_REQUIRED", "pauseReconnect": true])))
        // retryable, on the shape or in details.
        #expect(Self.decide(["code": "AUTH_SCOPE_MISMATCH"], retryable: true) == .backoff)
        #expect(Self.isPause(Self.decide(["code": "AUTH_REQUIRED", "retryable": false])))
    }

    @Test func waitThenRetryKeepsRetryingAfterItsDelay() {
        let decision = Self.decide(
            ["code": "PAIRING_REQUIRED", "recommendedNextStep": "wait_then_retry", "pauseReconnect": true], retryAfterMs: 5000)
        #expect(decision == .retryAfter(.seconds(5)))
        #expect(Self.decide(["code": "PAIRING_REQUIRED", "recommendedNextStep": "wait_then_retry"]) == .backoff)
    }

    @Test func rateLimitAndStartUpWaitTheirClampedDelay() {
        #expect(Self.decide(["code": "AUTH_RATE_LIMITED"], retryAfterMs: 42_000) == .retryAfter(.seconds(42)))
        #expect(Self.decide(["code": "AUTH_RATE_LIMITED"], retryAfterMs: 10) == .retryAfter(.seconds(1)))
        #expect(Self.decide(["code": "AUTH_RATE_LIMITED"], retryAfterMs: 86_400_000) == .retryAfter(.seconds(900)))
        #expect(
            Self.decide(["reason": "startup-sidecars"], shapeCode: GatewayErrorShape.unavailableCode, retryable: true, retryAfterMs: 3000)
                == .retryAfter(.seconds(3)))
    }

    @Test func aTokenMismatchRetriesOnceWithTheDeviceTokenThenPauses() {
        #expect(Self.decide(["code": "AUTH_TOKEN_MISMATCH"], canRetryWithDeviceToken: true) == .retryWithDeviceToken)
        #expect(Self.isPause(Self.decide(["code": "AUTH_TOKEN_MISMATCH"], canRetryWithDeviceToken: false)))
    }

    @Test func transportFailuresBackOff() {
        for failure in [
            GatewayConnectError.noChallenge(message: "none"), .timedOut(message: "slow"), .protocolViolation(message: "bad"),
            .connectionFailed(ClawPairError(.gatewayClosed, "dropped")), .policyClose(reason: "fault"),
        ] {
            #expect(ReconnectDecision.after(failure, gateway: Self.gateway, canRetryWithDeviceToken: false) == .backoff)
        }
        #expect(ReconnectDecision.after(routeFailure: ClawPairError(.tcpFailed, "refused"), gateway: Self.gateway) == .backoff)
    }

    @Test func aPinMismatchPausesWithTheTrustCommand() {
        guard case .pause(let reason) = ReconnectDecision.after(routeFailure: ClawPairError(.tlsPinMismatch, "other key"), gateway: Self.gateway)
        else {
            Issue.record("a pin mismatch did not pause")
            return
        }
        #expect(reason.remedy.contains("clawpair gateways trust 'manual|gw.example|443'"))
    }

    @Test func anAccessSignInPausesWithTheLoginCommand() {
        for code in [ClawPairError.Code.accessSessionExpired, .httpAccessChallenge] {
            guard case .pause(let reason) = ReconnectDecision.after(routeFailure: ClawPairError(code, "sign in"), gateway: Self.gateway) else {
                Issue.record("\(code.rawValue) did not pause")
                continue
            }
            #expect(reason.remedy == "sign in again: run `clawpair access login 'manual|gw.example|443'`")
        }
    }

    @Test func aRevokedDeviceSaysToPairAgain() {
        guard case .pause(let reason) = Self.decide(["code": "AUTH_DEVICE_TOKEN_MISMATCH"]) else {
            Issue.record("no pause")
            return
        }
        #expect(reason.message.hasPrefix("the gateway no longer knows this device"))
        #expect(reason.remedy.contains("clawpair pair"))
    }

    @Test func pairingRequiredNamesTheApproveCommand() {
        let id = "6f9619ff-8b86-d011-b42d-00c04fc964ff"
        guard case .pause(let reason) = Self.decide(["code": "PAIRING_REQUIRED", "requestId": .string(id)]) else {
            Issue.record("no pause")
            return
        }
        #expect(reason.remedy.contains("openclaw devices approve \(id)"))
    }
}
