import Testing

@testable import ClawPairKit
@testable import ClawPairSim

/// Which admin requests are routed: this machine's own tools, not a web page.
@Suite struct SimAdminRequestGuardTests {
    static let admin = SimAdminRequestGuard(port: 39011)

    static func head(_ method: HTTPMethod, _ fields: [(String, String)]) -> HTTPRequestHead {
        HTTPRequestHead(method: method, target: "/pending", headers: HTTPHeaders(fields.map { (name: $0.0, value: $0.1) }))
    }

    static func head(_ fields: [(String, String)]) -> HTTPRequestHead { head(.get, fields) }

    @Test(arguments: [
        [("Host", "127.0.0.1:39011")], [("Host", "localhost:39011")], [("host", "LOCALHOST:39011")], [("Host", "[::1]:39011")],
        [("Host", "127.0.0.1:39011"), ("Origin", "http://127.0.0.1:39011")], [("Host", "localhost:39011"), ("Origin", "http://localhost:39011")],
    ])
    func loopbackRequestsAreRouted(_ fields: [(String, String)]) {
        #expect(Self.admin.refusal(Self.head(fields)) == nil)
        #expect(Self.admin.refusal(Self.head(.post, fields + [("Content-Type", "application/json")])) == nil)
    }

    @Test(arguments: ["application/json", "application/json; charset=utf-8", "Application/JSON ;charset=UTF-8"])
    func jsonPostsAreRouted(_ type: String) {
        #expect(Self.admin.refusal(Self.head(.post, [("Host", "127.0.0.1:39011"), ("Content-Type", type)])) == nil)
    }

    @Test(arguments: [
        "evil.example:39011", "127.0.0.1", "127.0.0.1:39012", "127.0.0.1:39011.evil.example", "localhost.:39011", "127.0.0.2:39011",
        "[::1]", "0.0.0.0:39011", "localhost:39011@evil.example",
    ])
    func aForeignHostIsForbidden(_ host: String) {
        let refusal = Self.admin.refusal(Self.head([("Host", host)]))
        #expect(refusal?.status == 403)
        #expect(refusal?.body["error"]?["code"] == "HOST_NOT_ALLOWED")
    }

    @Test func noHostOrTwoAreBadRequests() {
        #expect(Self.admin.refusal(Self.head([]))?.status == 400)
        #expect(Self.admin.refusal(Self.head([("Host", "127.0.0.1:39011"), ("Host", "evil.example:39011")]))?.status == 400)
    }

    @Test(arguments: [
        "http://evil.example", "null", "https://127.0.0.1:39011", "http://127.0.0.1:39012", "http://127.0.0.1", "http://localhost:39011.evil",
    ])
    func aForeignOriginIsForbidden(_ origin: String) {
        for method in [HTTPMethod.get, .post] {
            let refusal = Self.admin.refusal(
                Self.head(method, [("Host", "127.0.0.1:39011"), ("Origin", origin), ("Content-Type", "application/json")]))
            #expect(refusal?.status == 403)
            #expect(refusal?.body["error"]?["code"] == "ORIGIN_NOT_ALLOWED")
        }
        let twice = Self.head([("Host", "127.0.0.1:39011"), ("Origin", "http://127.0.0.1:39011"), ("Origin", origin)])
        #expect(Self.admin.refusal(twice)?.status == 403)
    }

    /// The types a page can POST cross-site without a CORS preflight, and none at all.
    @Test(arguments: [
        "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp", "application/json-seq",
        "", "text/plain; a=application/json",
    ])
    func aPostThatIsNotJSONIsUnsupported(_ type: String) {
        let refusal = Self.admin.refusal(Self.head(.post, [("Host", "127.0.0.1:39011"), ("Content-Type", type)]))
        #expect(refusal?.status == 415)
        #expect(refusal?.body["error"]?["code"] == "UNSUPPORTED_MEDIA_TYPE")
        #expect(Self.admin.refusal(Self.head(.post, [("Host", "127.0.0.1:39011")]))?.status == 415)
    }
}
