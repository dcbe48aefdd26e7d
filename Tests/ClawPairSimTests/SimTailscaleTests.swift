import Testing

@testable import ClawPairKit
@testable import ClawPairSim

/// `clawpair sim --allow-tailscale`: Tailscale Serve identity auth as the gateway does it.
/// The gateway keeps a failed check's reason to itself (the connect falls through to the
/// token check), so the wire shows token codes and the sim's attempt log shows the reason.
@Suite struct SimTailscaleTests {
    static let whois: [IPAddress: String] = [IPAddress("100.64.0.7")!: "alice@example.com"]

    /// Each attempt of the `tailscale` scenario as (Tailscale check, outcome, auth kind).
    static func log(_ sim: RunningSim) -> [[String?]] {
        sim.gateway.state.attempts.filter(\.sentConnect).map { [$0.tailscale, $0.outcome, $0.authKind] }
    }

    @Test func aTailscaleOnlyGatewayAdmitsVerifiedLoginsAndOtherwiseHasNoToken() async throws {
        try await RunningSim.with(tailscaleWhois: Self.whois) { sim in
            let result = try await SimPythonClient.run("tailscale", url: sim.url, admin: sim.adminURL)
            let notConfigured: JSONValue = ["AUTH_TOKEN_NOT_CONFIGURED", "update_auth_configuration"]
            for key in ["direct", "identityMissing", "proxyMissing", "whoisFailed", "identityMismatch", "explicitToken"] {
                #expect(result[key] == notConfigured, "\(key): \(String(describing: result[key]))")
            }
            #expect(result["verified"] == ["PAIRING_REQUIRED", "not-paired"])
            #expect(result["afterApproval"] == "hello-ok")
            #expect(result["controlUi"] == ["operator.read"])
            #expect(
                Self.log(sim) == [
                    ["local-direct", "AUTH_TOKEN_NOT_CONFIGURED", "none"],
                    ["identity-missing", "AUTH_TOKEN_NOT_CONFIGURED", "none"],
                    ["proxy-missing", "AUTH_TOKEN_NOT_CONFIGURED", "none"],
                    ["whois-failed", "AUTH_TOKEN_NOT_CONFIGURED", "none"],
                    ["identity-mismatch", "AUTH_TOKEN_NOT_CONFIGURED", "none"],
                    ["verified", "PAIRING_REQUIRED", "tailscale"],
                    ["verified", "OK", "tailscale"],
                    ["verified", "OK", "tailscale"],
                    ["verified", "AUTH_TOKEN_NOT_CONFIGURED", "token"],
                ])
        }
    }

    @Test func withASharedTokenAFailedCheckIsAMissingToken() async throws {
        try await RunningSim.with(sharedToken: "tok-\(UInt64.random(in: 1...UInt64.max))", tailscaleWhois: Self.whois) { sim in
            let result = try await SimPythonClient.run("tailscale", url: sim.url, admin: sim.adminURL)
            let missing: JSONValue = ["AUTH_TOKEN_MISSING", "update_auth_configuration"]
            for key in ["direct", "identityMissing", "proxyMissing", "whoisFailed", "identityMismatch"] {
                #expect(result[key] == missing, "\(key): \(String(describing: result[key]))")
            }
            #expect(result["explicitToken"] == ["AUTH_TOKEN_MISMATCH", "update_auth_credentials"])
            #expect(result["verified"] == ["PAIRING_REQUIRED", "not-paired"])
            #expect(result["afterApproval"] == "hello-ok")
            #expect(result["controlUi"] == ["operator.read"])
            #expect(Self.log(sim).map { $0[0] } == [
                "local-direct", "identity-missing", "proxy-missing", "whois-failed", "identity-mismatch",
                "verified", "verified", "verified", "verified",
            ])
        }
    }

    @Test func withoutTheOptionIdentityHeadersAreIgnored() async throws {
        try await RunningSim.with(sharedToken: "tok-\(UInt64.random(in: 1...UInt64.max))") { sim in
            let result = try await SimPythonClient.run("tailscale-off", url: sim.url, admin: sim.adminURL)
            #expect(result["verified"] == ["AUTH_TOKEN_MISSING", "update_auth_configuration"])
            #expect(sim.gateway.state.attempts.allSatisfy { $0.tailscale == nil })
        }
    }

    // MARK: The check itself

    func headers(_ fields: [(String, String)]) -> HTTPHeaders { HTTPHeaders(fields.map { (name: $0.0, value: $0.1) }) }

    static let loopback = IPAddress("127.0.0.1")!
    static let serve: [(String, String)] = [
        ("X-Forwarded-For", "100.64.0.7"), ("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "gw.tail0.ts.net"),
    ]

    @Test func checkOrderFollowsTheGateway() {
        let serve = SimTailscaleServe(whois: Self.whois)
        let login = ("tailscale-user-login", "alice@example.com")
        #expect(serve.check(headers: headers([login]), peer: Self.loopback).check == .localDirect)
        #expect(serve.check(headers: headers(Self.serve), peer: Self.loopback).check == .identityMissing)
        // A blank header is no identity.
        #expect(serve.check(headers: headers(Self.serve + [("Tailscale-User-Login", "  ")]), peer: Self.loopback).check == .identityMissing)
        // Identity first, then the proxy: a remote peer with the header is a missing proxy.
        #expect(serve.check(headers: headers([login]), peer: IPAddress("192.0.2.1")!).check == .proxyMissing)
        #expect(serve.check(headers: headers(Self.serve + [login]), peer: IPAddress("100.64.0.7")!).check == .proxyMissing)
        #expect(serve.check(headers: headers([("X-Forwarded-For", "100.64.0.7"), login]), peer: Self.loopback).check == .proxyMissing)
        let verified = serve.check(headers: headers(Self.serve + [("Tailscale-User-Login", " ALICE@example.com ")]), peer: Self.loopback)
        #expect(verified.check == .verified && verified.login == "alice@example.com")
        #expect(serve.check(headers: headers(Self.serve + [("Tailscale-User-Login", "bob@example.com")]), peer: Self.loopback).check == .identityMismatch)
        #expect(serve.check(headers: headers(Self.serve + [login]), peer: IPAddress("::1")!).check == .verified)
    }

    @Test func theForwardedClientIsTheRightMostNonLoopbackEntry() {
        #expect(SimTailscaleServe.forwardedClient("100.64.0.7") == IPAddress("100.64.0.7"))
        #expect(SimTailscaleServe.forwardedClient("198.51.100.1, 100.64.0.7, 127.0.0.1") == IPAddress("100.64.0.7"))
        #expect(SimTailscaleServe.forwardedClient("127.0.0.1, ::1") == nil)
        #expect(SimTailscaleServe.forwardedClient("unknown, 100.64.0.7") == IPAddress("100.64.0.7"))
        #expect(SimTailscaleServe.forwardedClient("100.64.0.7, not-an-address") == nil)
        #expect(SimTailscaleServe.forwardedClient("") == nil)
        let serve = SimTailscaleServe(whois: Self.whois)
        let unparsable = [("X-Forwarded-For", "garbage"), ("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "h"), ("Tailscale-User-Login", "alice@example.com")]
        #expect(serve.check(headers: headers(unparsable), peer: Self.loopback).check == .whoisFailed)
    }

    @Test func whoisAnswersParse() throws {
        let answers = try SimTailscaleServe.parseWhois("100.64.0.7=alice@example.com, fd7a:115c:a1e0::1 = bob@example.com").get()
        #expect(answers == [IPAddress("100.64.0.7")!: "alice@example.com", IPAddress("fd7a:115c:a1e0::1")!: "bob@example.com"])
        #expect(try SimTailscaleServe.parseWhois("").get().isEmpty)
        for bad in ["100.64.0.7", "host=alice", "100.64.0.7=", "=alice"] {
            guard case .failure(let error) = SimTailscaleServe.parseWhois(bad) else {
                Issue.record("\(bad) parsed")
                continue
            }
            #expect(error.pair == bad)
        }
    }
}
