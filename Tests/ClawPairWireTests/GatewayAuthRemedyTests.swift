import Testing

@testable import ClawPairWire

/// The password, token and scope refusals each say what to do, and all are authorization
/// failures (exit 6).
@Suite struct GatewayAuthRemedyTests {
    func refusal(_ code: String, next: String? = nil) -> GatewayConnectError {
        var details: [(String, JSONValue)] = [("code", .string(code))]
        if let next { details.append(("recommendedNextStep", .string(next))) }
        return GatewayConnectError(GatewayErrorShape(code: "INVALID_REQUEST", message: "unauthorized", details: .object(details)))
    }

    @Test func eachAuthCodeHasItsOwnRemedy() {
        let cases: [(String, String?, String)] = [
            ("AUTH_PASSWORD_MISSING", "update_auth_configuration", "requires its password"),
            ("AUTH_PASSWORD_MISMATCH", "update_auth_credentials", "password is wrong"),
            ("AUTH_PASSWORD_NOT_CONFIGURED", "review_auth_configuration", "does not use a password"),
            ("AUTH_TOKEN_MISSING", "update_auth_configuration", "requires its token"),
            ("AUTH_SCOPE_MISMATCH", "update_auth_credentials", "does not cover the scopes"),
            ("AUTH_TOKEN_MISMATCH", "update_auth_credentials", "token or password is wrong"),
            ("AUTH_TOKEN_NOT_CONFIGURED", "update_auth_configuration", "no token configured"),
            // The gateway's fallback step for a reason it has no specific step for.
            ("AUTH_TAILSCALE_IDENTITY_MISSING", "review_auth_configuration", "expected a Tailscale identity"),
            ("AUTH_TAILSCALE_PROXY_MISSING", "review_auth_configuration", "own tailscale serve"),
            ("AUTH_TAILSCALE_WHOIS_FAILED", "review_auth_configuration", "tailscale whois"),
            ("AUTH_TAILSCALE_IDENTITY_MISMATCH", nil, "does not match"),
        ]
        for (code, next, words) in cases {
            let error = refusal(code, next: next)
            guard case .authFailed(let parsed, _, _) = error else {
                Issue.record("\(code) classified as \(error)")
                continue
            }
            #expect(parsed?.rawValue == code)
            #expect(error.remedy.contains(words), "\(code): \(error.remedy)")
            #expect(error.message.contains(code))
            #expect(error.clawPairError.code.category == .authorization)
            #expect(!error.isRetryable)
        }
    }
}
