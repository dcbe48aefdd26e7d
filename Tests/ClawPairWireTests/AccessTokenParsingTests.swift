import Testing
@testable import ClawPairWire

/// JWT parsing, JWKS key selection, metadata and app-token claim rules, with tokens built
/// here (no signatures are checked in ClawPairWire).
@Suite struct AccessTokenParsingTests {
    static let now: Int64 = 1_800_000_000
    static let origin = AccessOrigin(url: "https://gw.example.com")!

    static func part(_ json: String) -> String { StrictBase64.encode(Array(json.utf8), .urlUnpadded) }

    static func token(header: String = #"{"alg":"RS256","kid":"k1","typ":"JWT"}"#, claims: String) -> String {
        part(header) + "." + part(claims) + "." + part("signature")
    }

    static func metadata(_ claims: String = #"{"type":"match","hostname":"gw.example.com","auth_domain":"team.cloudflareaccess.com","aud":"aud-1","app_hostname":"gw.example.com","iat":1800000000}"#) throws -> AccessApplication {
        try AccessApplication(metadata: JSONWebToken(token(claims: claims), what: "m"), origin: origin, nowSeconds: now)
    }

    @Test func parsesAToken() throws {
        let text = Self.token(claims: #"{"sub":"u1","exp":1800000100.5}"#)
        let token = try JSONWebToken(text, what: "t")
        #expect(token.keyID == "k1")
        #expect(token.string("sub") == "u1")
        #expect(token.seconds("exp") == 1_800_000_100)
        #expect(token.signature == Array("signature".utf8))
        #expect(token.signingInput == Array(text.utf8.prefix(text.utf8.count - Self.part("signature").utf8.count - 1)))
    }

    @Test(arguments: [
        (#"{"alg":"HS256","kid":"k1"}"#, "HS256"), (#"{"alg":"none","kid":"k1"}"#, "none"), (#"{"kid":"k1"}"#, "no alg"),
        (#"{"alg":"RS256"}"#, "no kid"), (#"{"alg":"RS256","kid":""}"#, "no kid"),
        (#"{"alg":"RS256","kid":"k1","crit":["exp"]}"#, "critical"), (#"[1]"#, "not a JSON object"),
    ])
    func refusesHeaders(header: String, why: String) {
        #expect(throws: ClawPairError(.accessTokenInvalid, "")) { try JSONWebToken(Self.token(header: header, claims: "{}"), what: "t") }
        do { _ = try JSONWebToken(Self.token(header: header, claims: "{}"), what: "t") } catch {
            #expect(error.message.contains(why))
        }
    }

    @Test func acceptsAnEmptyCrit() throws {
        _ = try JSONWebToken(Self.token(header: #"{"alg":"RS256","kid":"k1","crit":[]}"#, claims: "{}"), what: "t")
    }

    @Test func refusesMalformedTokens() {
        let good = Self.token(claims: "{}")
        for bad in [
            "a.b", good + ".x", good + "=", Self.part(#"{"alg":"RS256","kid":"k1"}"#) + "." + Self.part("[]") + ".c2ln",
            Self.part(#"{"alg":"RS256","kid":"k1"}"#) + "." + Self.part("{}") + ".c2ln+w", String(repeating: "a", count: JSONWebToken.maximumBytes + 1),
        ] {
            #expect(throws: ClawPairError(.accessTokenInvalid, "")) { try JSONWebToken(bad, what: "t") }
        }
    }

    @Test func readsTheApplication() throws {
        let application = try Self.metadata()
        #expect(application.audience == "aud-1")
        #expect(application.issuer == "https://team.cloudflareaccess.com")
    }

    @Test(arguments: [
        #"{"type":"other","hostname":"gw.example.com","auth_domain":"team.cloudflareaccess.com","aud":"a","iat":1800000000}"#,
        #"{"type":"match","hostname":"evil.example.com","auth_domain":"team.cloudflareaccess.com","aud":"a","iat":1800000000}"#,
        #"{"type":"match","hostname":"gw.example.com","auth_domain":"team.cloudflareaccess.com","aud":"","iat":1800000000}"#,
        #"{"type":"match","hostname":"gw.example.com","auth_domain":"team.cloudflareaccess.com","aud":"a","iat":1799913599}"#,
        #"{"type":"match","hostname":"gw.example.com","auth_domain":"team.cloudflareaccess.com","aud":"a","iat":1800000301}"#,
        #"{"type":"match","hostname":"gw.example.com","auth_domain":"team.cloudflareaccess.com","aud":"a"}"#,
    ])
    func refusesMetadata(claims: String) {
        #expect(throws: ClawPairError(.accessMetadataInvalid, "")) { try Self.metadata(claims) }
    }

    @Test func acceptsTheEdgesOfIat() throws {
        for iat in [Self.now - 86400, Self.now + 300] {
            _ = try Self.metadata(
                #"{"type":"match","hostname":"GW.example.com","auth_domain":"team.cloudflareaccess.com","aud":"a","iat":\#(iat)}"#)
        }
    }

    @Test(arguments: [
        "cloudflareaccess.com", ".cloudflareaccess.com", "-team.cloudflareaccess.com", "team-.cloudflareaccess.com",
        "a.team.cloudflareaccess.com", "Team.cloudflareaccess.com", "team.cloudflareaccess.com:443", "team.cloudflareaccess.com/x",
        "team.cloudflareaccess.com.evil.com", "evil.com", String(repeating: "a", count: 64) + ".cloudflareaccess.com", "te_am.cloudflareaccess.com",
    ])
    func refusesIssuers(domain: String) {
        #expect(throws: ClawPairError(.accessIssuerInvalid, "")) { try AccessApplication.issuer(authDomain: domain) }
    }

    @Test(arguments: ["team.cloudflareaccess.com", "a.cloudflareaccess.com", "my-team-2.cloudflareaccess.com", String(repeating: "a", count: 63) + ".cloudflareaccess.com"])
    func acceptsIssuers(domain: String) throws {
        #expect(try AccessApplication.issuer(authDomain: domain) == "https://" + domain)
    }

    static func appToken(_ claims: String) throws -> AccessAppToken {
        try AccessAppToken(JSONWebToken(token(claims: claims), what: "t"), application: metadata(), nowSeconds: now)
    }

    @Test func acceptsAnAppToken() throws {
        let token = try Self.appToken(#"{"iss":"https://team.cloudflareaccess.com","aud":["x","aud-1"],"type":"app","sub":"u1","exp":1800000001,"nbf":1800000000}"#)
        #expect(token.subject == "u1")
        #expect(token.expiresAt == 1_800_000_001)
        _ = try Self.appToken(#"{"iss":"https://team.cloudflareaccess.com","aud":"aud-1","type":"app","sub":"u1","exp":1800000001}"#)
    }

    @Test(arguments: [
        #"{"iss":"https://other.cloudflareaccess.com","aud":"aud-1","type":"app","sub":"u1","exp":1800000001}"#,
        #"{"iss":"https://team.cloudflareaccess.com","aud":"aud-2","type":"app","sub":"u1","exp":1800000001}"#,
        #"{"iss":"https://team.cloudflareaccess.com","aud":["a","b","c","d","e","f","g","h","i","j","k","l","m","n","o","p","aud-1"],"type":"app","sub":"u1","exp":1800000001}"#,
        #"{"iss":"https://team.cloudflareaccess.com","aud":"aud-1","type":"org","sub":"u1","exp":1800000001}"#,
        #"{"iss":"https://team.cloudflareaccess.com","aud":"aud-1","type":"app","sub":"","exp":1800000001}"#,
        #"{"iss":"https://team.cloudflareaccess.com","aud":"aud-1","type":"app","sub":"u1","exp":1800000000}"#,
        #"{"iss":"https://team.cloudflareaccess.com","aud":"aud-1","type":"app","sub":"u1"}"#,
        #"{"iss":"https://team.cloudflareaccess.com","aud":"aud-1","type":"app","sub":"u1","exp":1800000001,"nbf":1800000001}"#,
        #"{"iss":"https://team.cloudflareaccess.com","aud":"aud-1","type":"app","sub":"u1","exp":1800000001,"nbf":"soon"}"#,
    ])
    func refusesAppTokens(claims: String) {
        #expect(throws: ClawPairError(.accessTokenClaimsInvalid, "")) { try Self.appToken(claims) }
    }

    @Test func selectsSigningKeys() throws {
        let n = StrictBase64.encode([0] + [UInt8](repeating: 0xC1, count: 256), .urlUnpadded)
        let short = StrictBase64.encode([UInt8](repeating: 0xC1, count: 255), .urlUnpadded)
        let json = """
            {"keys":[{"kid":"k1","kty":"RSA","alg":"RS256","use":"sig","n":"\(n)","e":"AQAB"},
            {"kid":"k2","kty":"RSA","use":"enc","n":"\(n)","e":"AQAB"},{"kid":"k3","kty":"EC","n":"\(n)","e":"AQAB"},
            {"kid":"k4","kty":"RSA","n":"\(short)","e":"AQAB"},{"kid":"k5","kty":"RSA","alg":"RS512","n":"\(n)","e":"AQAB"},
            {"kid":"k6","kty":"RSA","n":"\(n)=","e":"AQAB"},{"kid":"k7","kty":"RSA","n":"\(n)","e":"AQAB"}]}
            """
        let keys = try AccessSigningKeys(json: Array(json.utf8))
        #expect(keys.keys.map(\.keyID) == ["k1", "k7"])
        #expect(try keys.key(for: "k1").modulus.count == 256)
        #expect(try keys.key(for: "k1").exponent == [1, 0, 1])
        #expect(throws: ClawPairError(.accessKeysInvalid, "")) { try keys.key(for: "k2") }
        #expect(throws: ClawPairError(.accessKeysInvalid, "")) { try AccessSigningKeys(json: Array("[]".utf8)) }
        let oversized = [UInt8](repeating: 0x20, count: AccessSigningKeys.maximumBytes + 1)
        #expect(throws: ClawPairError(.accessKeysInvalid, "")) { try AccessSigningKeys(json: oversized) }
    }
}
