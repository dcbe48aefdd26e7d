import Foundation
import Testing

@testable import ClawPairKit
@testable import ClawPairSim

/// The sim's authentication refusals beyond pairing, checked by the independent Python
/// client over loopback sockets: password auth, the failed-authentication limit, a device
/// token asking for more scopes than granted, and device revocation through the admin
/// endpoint.
@Suite struct SimAuthTests {
    @Test func passwordPairsTheDeviceAndRefusesWrongOrMissingOnes() async throws {
        let password = "pw-\(UUID().uuidString)"
        try await RunningSim.with(password: password) { sim in
            let result = try await SimPythonClient.run(
                "password", url: sim.url, admin: sim.adminURL, extraArguments: ["--password-env", "SIM_PASSWORD"],
                environment: ["SIM_PASSWORD": password])
            #expect(result["mismatch"] == ["AUTH_PASSWORD_MISMATCH", "update_auth_credentials"])
            #expect(result["missing"] == ["AUTH_PASSWORD_MISSING", "update_auth_configuration"])
            // Password mode reads an unknown `token` as a missing password, as the gateway does.
            #expect(result["unknownToken"] == "AUTH_PASSWORD_MISSING")
            let kinds = sim.gateway.state.attempts.filter { $0.outcome == "OK" }.compactMap(\.authKind)
            #expect(kinds.contains("password"))
            #expect(kinds.contains("device-token"))
        }
    }

    @Test func passwordNotConfiguredStaysNotConfigured() async throws {
        try await RunningSim.with() { sim in
            let result = try await SimPythonClient.run("device-errors", url: sim.url, admin: sim.adminURL)
            #expect(result["password"] == "AUTH_PASSWORD_NOT_CONFIGURED")
        }
    }

    @Test func failedAuthenticationsFromOneAddressAreRateLimited() async throws {
        let password = "pw-\(UUID().uuidString)"
        let limit = 4
        try await RunningSim.with(password: password, authFailureLimit: limit) { sim in
            let result = try await SimPythonClient.run(
                "auth-limit", url: sim.url, admin: sim.adminURL,
                extraArguments: ["--password-env", "SIM_PASSWORD", "--count", String(limit)], environment: ["SIM_PASSWORD": password])
            #expect(result["code"] == "AUTH_RATE_LIMITED")
            #expect(result["retryable"] == true)
            #expect(result["close"] == .integer(1008))
            #expect(result["lastOutcome"] == "AUTH_RATE_LIMITED")
            #expect(result["mismatches"] == .integer(Int64(2 * limit - 1)))
            guard case .integer(let retry)? = result["retryAfterMs"] else {
                Issue.record("no integer retryAfterMs in \(result)")
                return
            }
            #expect(retry > 0 && retry <= SimAuthFailureLimiter.defaultLockoutMs)
            #expect(result["detailsRetryAfterMs"] == .integer(retry))
        }
    }

    @Test func deviceTokenAskingForMoreScopesIsAScopeMismatch() async throws {
        try await RunningSim.with(autoApprove: true) { sim in
            let result = try await SimPythonClient.run("scope-mismatch", url: sim.url, admin: sim.adminURL)
            #expect(result["wider"] == "AUTH_SCOPE_MISMATCH")
            #expect(result["close"] == .integer(1008))
            #expect(result["next"] == "update_auth_credentials")
        }
    }

    @Test func revokingADeviceClosesItsSessionsAndVoidsItsTokens() async throws {
        try await RunningSim.with(autoApprove: true) { sim in
            let result = try await SimPythonClient.run("revoke", url: sim.url, admin: sim.adminURL)
            #expect(result["listed"]?["roles"] == ["node", "operator"])
            #expect(result["listed"]?["scopes"] != [])
            #expect(result["sessionClose"] == [1008, "device revoked"])
            #expect(result["revokeAgain"] == .integer(404))
            #expect(result["revokeUnknown"] == .integer(404))
            #expect(result["nodeToken"] == "AUTH_DEVICE_TOKEN_MISMATCH")
            #expect(result["operatorToken"] == "AUTH_DEVICE_TOKEN_MISMATCH")
            #expect(result["connections"] == .integer(0))
        }
    }

    @Test func theGatewaysOwnNodeHostOnAnotherReleaseIsAClientVersionMismatch() async throws {
        try await RunningSim.with(autoApprove: true, localNodeId: "node-local-1", gatewayVersion: "2026.11.30") { sim in
            let result = try await SimPythonClient.run(
                "client-version", url: sim.url, admin: sim.adminURL,
                extraArguments: ["--local-node-id", "node-local-1", "--gateway-version", "2026.11.30"])
            #expect(
                result["older"] == [
                    "INVALID_REQUEST", "CLIENT_VERSION_MISMATCH", "2026.1.2", "2026.11.30", 1008, "client version mismatch",
                ])
            #expect(result["serverVersion"] == "2026.11.30")
            #expect(result["otherInstance"] == "hello-ok")
            #expect(result["devVersion"] == "hello-ok")
            #expect(result["operator"] == "hello-ok")
        }
    }

    @Test func releasedVersionsAreCalendarVersions() {
        for released in ["2026.2.19", "2026.11.30-beta.2", "2026.1.0"] { #expect(SimConnectEvaluator.isReleased(released), "\(released)") }
        for other in ["dev", "0.0.0", "1.2.3", "20261.1.1", "2026.1", "2026..1", "٢٠٢٦.1.1", ""] {
            #expect(!SimConnectEvaluator.isReleased(other), "\(other)")
        }
        #expect(SimConnectEvaluator.trimmed("  id\t") == "id")
        #expect(SimConnectEvaluator.trimmed(" ") == "")
    }

    @Test func devicesAndRevokeRoutes() async {
        let state = SimState(autoApprove: false)
        state.pairDirectly(deviceId: "d1", publicKey: "k1", role: "operator", scopes: ["operator.read", "operator.admin"])
        state.pairDirectly(deviceId: "d1", publicKey: "k1", role: "node", scopes: [])
        let closed = Closed()
        let admin = SimAdminRouter(
            state: state, mintSetupCode: { _ throws(ClawPairError) in throw ClawPairError(.usage, "unused") },
            closeAllConnections: {}, closeDeviceSessions: { await closed.add($0) }, now: { 1_000 })
        let listed = await admin.handle(method: .get, path: "/devices", body: [])
        #expect(listed.body == [["deviceId": "d1", "roles": ["node", "operator"], "scopes": ["operator.admin", "operator.read"]]])
        #expect(await admin.handle(method: .get, path: "/revoke/d1", body: []).status == 405)
        #expect(await admin.handle(method: .post, path: "/devices", body: []).status == 405)
        #expect(await admin.handle(method: .post, path: "/revoke/nope", body: []).status == 404)
        #expect(await closed.ids.isEmpty)
        let revoked = await admin.handle(method: .post, path: "/revoke/d1", body: [])
        #expect(revoked.status == 200 && revoked.body == ["ok": true])
        #expect(await closed.ids == ["d1"])
        #expect(state.device("d1") == nil)
        #expect(await admin.handle(method: .get, path: "/devices", body: []).body == [])
        #expect(await admin.handle(method: .post, path: "/revoke/d1", body: []).status == 404)
    }

    actor Closed {
        var ids: [String] = []
        func add(_ id: String) { ids.append(id) }
    }

    @Test func secretComparisonIsExact() {
        #expect(SimSecretComparison.equal("abc", "abc"))
        #expect(!SimSecretComparison.equal("abc", "abd"))
        #expect(!SimSecretComparison.equal("abc", "abcd"))
        #expect(!SimSecretComparison.equal("", "a"))
        #expect(SimSecretComparison.equal("", ""))
        // A length difference that is a multiple of 256 still differs.
        #expect(!SimSecretComparison.equal(String(repeating: "a", count: 256), ""))
    }

    @Test func limiterLocksAfterTheLimitAndForgetsOldFailures() {
        let limiter = SimAuthFailureLimiter(limit: 3, windowMs: 1_000, lockoutMs: 5_000)
        limiter.recordFailure("a", now: 0)
        limiter.recordFailure("a", now: 100)
        #expect(limiter.retryAfterMs("a", now: 200) == nil)
        // The first failure leaves the window: two in it, still allowed.
        limiter.recordFailure("a", now: 1_050)
        #expect(limiter.retryAfterMs("a", now: 1_060) == nil)
        limiter.recordFailure("a", now: 1_070)
        #expect(limiter.retryAfterMs("a", now: 1_080) == 4_990)
        #expect(limiter.retryAfterMs("b", now: 1_080) == nil)
        #expect(limiter.retryAfterMs("a", now: 6_070) == nil)
        limiter.recordFailure("b", now: 0)
        limiter.reset("b")
        limiter.recordFailure("b", now: 1)
        limiter.recordFailure("b", now: 2)
        #expect(limiter.retryAfterMs("b", now: 3) == nil)
        let off = SimAuthFailureLimiter(limit: 0)
        for time in 0..<20 { off.recordFailure("a", now: Int64(time)) }
        #expect(off.retryAfterMs("a", now: 21) == nil)
    }
}
