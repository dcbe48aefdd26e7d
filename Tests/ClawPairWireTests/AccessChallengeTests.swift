import Testing
@testable import ClawPairWire

@Suite struct AccessChallengeTests {
    static let url = "wss://gw.example.com/"
    static let metadata = "https://gw.example.com/.well-known/cloudflare-access-protected-resource/"
    static let login = "https://team.cloudflareaccess.com/cdn-cgi/access/login/gw.example.com?kid=0123abcd&redirect_url=%2F&meta=eyJhbGciOiJSUzI1NiJ9"

    /// The real shape from spec/cloudflare-access.md, as bytes on the wire.
    static let realResponse = Array(
        ("HTTP/1.1 302 Found\r\nDate: Tue, 01 Apr 2025 10:00:00 GMT\r\nContent-Type: text/html\r\nContent-Length: 0\r\n"
            + "Connection: keep-alive\r\nLocation: \(login)\r\n"
            + "WWW-Authenticate: Cloudflare-Access resource_metadata=\"\(metadata)\"\r\n"
            + "Server: cloudflare\r\nCF-RAY: 8c0a1b2c3d4e5f60-AMS\r\n\r\n").utf8)

    static func head(_ status: Int, _ headers: HTTPHeaders) -> HTTPResponseHead {
        HTTPResponseHead(status: status, headers: headers)
    }

    static func authenticate(_ value: String) -> HTTPHeaders { ["WWW-Authenticate": value] }

    @Test func realShapeIsAChallenge() throws {
        let response = try HTTPResponse(parsing: Self.realResponse)
        let challenge = try #require(AccessChallenge.detect(requestURL: Self.url, head: response.head))
        #expect(challenge.origin.description == "https://gw.example.com")
        #expect(challenge.status == 302)
        #expect(challenge.scheme == "Cloudflare-Access")
        #expect(challenge.resourceMetadata == Self.metadata)
        #expect(challenge.location == Self.login)
        #expect(challenge.loginHost == "team.cloudflareaccess.com")
        #expect(challenge.clawPairError.code.rawValue == "HTTP_ACCESS_CHALLENGE")
        #expect(challenge.clawPairError.code.category == .authorization)
        #expect(challenge.clawPairError.message.contains("team.cloudflareaccess.com"))
    }

    @Test(arguments: [301, 302, 303, 307, 308, 401, 403])
    func everyChallengeStatus(status: Int) {
        let head = Self.head(status, Self.authenticate("Cloudflare-Access resource_metadata=\"\(Self.metadata)\""))
        #expect(AccessChallenge.detect(requestURL: Self.url, head: head) != nil)
    }

    @Test(arguments: [200, 101, 204, 304, 400, 404, 500, 503])
    func rightHeaderOnOtherStatusesIsNotAChallenge(status: Int) {
        let head = Self.head(status, Self.authenticate("Cloudflare-Access resource_metadata=\"\(Self.metadata)\""))
        #expect(AccessChallenge.detect(requestURL: Self.url, head: head) == nil)
    }

    @Test func bare403FromCloudflareIsNotAChallenge() throws {
        let response = try HTTPResponse(
            parsing: Array("HTTP/1.1 403 Forbidden\r\nServer: cloudflare\r\nCF-RAY: 8c0a-AMS\r\nContent-Length: 9\r\n\r\nforbidden".utf8))
        #expect(AccessChallenge.detect(requestURL: Self.url, head: response.head) == nil)
        // Nor is cloudflared's old heuristic alone: a login redirect without the header.
        #expect(AccessChallenge.detect(requestURL: Self.url, head: Self.head(302, ["Location": Self.login])) == nil)
    }

    @Test(arguments: [
        "cloudflare-access resource_metadata=\"https://gw.example.com/.well-known/cloudflare-access-protected-resource\"",
        "BEARER resource_metadata=\"https://GW.EXAMPLE.COM:443/.well-known/cloudflare-access-protected-resource/app/x\"",
        "Bearer error=\"invalid_token\", RESOURCE_METADATA=\"https://gw.example.com/.well-known/cloudflare-access-protected-resource/\"",
        "Basic realm=\"x, y\", Bearer resource_metadata=\"https://gw.example.com/.well-known/cloudflare-access-protected-resource/\"",
    ])
    func acceptedHeaderForms(value: String) {
        #expect(AccessChallenge.detect(requestURL: Self.url, head: Self.head(401, Self.authenticate(value))) != nil)
    }

    @Test(arguments: [
        // Foreign origins.
        "https://evil.example.com/.well-known/cloudflare-access-protected-resource/",
        "https://gw.example.com.evil.com/.well-known/cloudflare-access-protected-resource/",
        "https://gw.example.com:8443/.well-known/cloudflare-access-protected-resource/",
        "http://gw.example.com/.well-known/cloudflare-access-protected-resource/",
        "https://user@gw.example.com/.well-known/cloudflare-access-protected-resource/",
        // Query, fragment.
        "https://gw.example.com/.well-known/cloudflare-access-protected-resource/?x=1",
        "https://gw.example.com/.well-known/cloudflare-access-protected-resource/#f",
        // Not at or below the path.
        "https://gw.example.com/.well-known/cloudflare-access-protected-resources",
        "https://gw.example.com/.well-known/",
        "https://gw.example.com/",
        "https://gw.example.com/x/.well-known/cloudflare-access-protected-resource/",
        "https://gw.example.com/.well-known/cloudflare-access-protected-resource/../../evil",
        "https://gw.example.com/.well-known/cloudflare-access-protected-resource/%2E%2E/x",
        "https://gw.example.com/.well-known/cloudflare-access-protected-resource/.",
        "https://gw.example.com/.well-known/cloudflare-access-protected-resource%2f..%2fx",
        // Not a URL.
        "",
        "/.well-known/cloudflare-access-protected-resource/",
    ])
    func resourceMetadataMustBeInTheOriginAndPath(metadata: String) {
        let head = Self.head(302, Self.authenticate("Cloudflare-Access resource_metadata=\"\(metadata)\""))
        #expect(AccessChallenge.detect(requestURL: Self.url, head: head) == nil)
    }

    @Test(arguments: [
        "Basic resource_metadata=\"https://gw.example.com/.well-known/cloudflare-access-protected-resource/\"",
        "Cloudflare-Access realm=\"x\"",
        // A URL is not a token: unquoted, the header does not parse.
        "Cloudflare-Access resource_metadata=https://gw.example.com/.well-known/cloudflare-access-protected-resource",
        "Cloudflare-Access",
        "Bearer resource_metadata=\"https://gw.example.com/.well-known/cloudflare-access-protected-resource/\", resource_metadata=\"https://gw.example.com/.well-known/cloudflare-access-protected-resource/\"",
        "Cloudflare-Access resource_metadata=\"https://gw.example.com/.well-known/cloudflare-access-protected-resource/",
    ])
    func otherSchemesAndMalformedHeadersAreNotChallenges(value: String) {
        #expect(AccessChallenge.detect(requestURL: Self.url, head: Self.head(302, Self.authenticate(value))) == nil)
    }

    @Test func oversizedFieldIsSkippedButAnotherMayCount() {
        let padding = String(repeating: "a", count: AccessChallenge.maximumAuthenticateFieldBytes)
        let big = "Cloudflare-Access pad=\"\(padding)\", resource_metadata=\"\(Self.metadata)\""
        #expect(AccessChallenge.detect(requestURL: Self.url, head: Self.head(302, Self.authenticate(big))) == nil)
        var headers = Self.authenticate(big)
        headers.add(name: "www-authenticate", value: "Cloudflare-Access resource_metadata=\"\(Self.metadata)\"")
        #expect(AccessChallenge.detect(requestURL: Self.url, head: Self.head(302, headers)) != nil)
    }

    @Test func requestURLMustHaveAnAccessOrigin() {
        let head = Self.head(302, Self.authenticate("Cloudflare-Access resource_metadata=\"\(Self.metadata)\""))
        #expect(AccessChallenge.detect(requestURL: "ws://gw.example.com/", head: head) == nil)
        #expect(AccessChallenge.detect(requestURL: "https://gw.example.com/?token=x", head: head) == nil)
        #expect(AccessChallenge.detect(requestURL: "https://other.example.com/", head: head) == nil)
        #expect(AccessChallenge.detect(requestURL: "https://GW.example.com:443/path", head: head) != nil)
    }

    @Test func loginHostForms() throws {
        let header = Self.authenticate("Cloudflare-Access resource_metadata=\"\(Self.metadata)\"")
        func loginHost(_ location: String?) throws -> String? {
            var headers = header
            if let location { headers.add(name: "Location", value: location) }
            return try #require(AccessChallenge.detect(requestURL: Self.url, head: Self.head(302, headers))).loginHost
        }
        #expect(try loginHost(nil) == nil)
        #expect(try loginHost("https://Team.CloudflareAccess.com/cdn-cgi/access/login/gw") == "team.cloudflareaccess.com")
        #expect(try loginHost("/cdn-cgi/access/login/gw.example.com?kid=1") == "gw.example.com")
        #expect(try loginHost("//evil.example/x") == nil)
        #expect(try loginHost("javascript:alert(1)") == nil)
    }
}
