import Foundation
import Testing

@testable import ClawPairKit

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
