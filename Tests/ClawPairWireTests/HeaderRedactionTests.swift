import Testing

@testable import ClawPairWire

@Suite struct HeaderRedactionTests {
    @Test(arguments: [
        ("Authorization", "Bearer abc"),
        ("authorization", "whatever"),
        ("Cookie", "CF_Authorization=x"),
        ("Set-Cookie", "session=1"),
        ("cf-access-token", "eyJhbGciOiJIUzI1NiJ9.e30.sig"),
        ("X-Gateway-Token", "plain"),
        ("X-API-Key", "k"),
        ("X-Custom", "Bearer xyz"),
        ("X-Custom", "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln"),
    ])
    func hidesSecrets(_ name: String, _ value: String) {
        #expect(HeaderRedaction.displayValue(name: name, value: value) == "<redacted>")
    }

    @Test(arguments: [
        ("User-Agent", "clawpair"),
        ("X-Trace", "abc.def"),
        ("Content-Type", "text/html"),
        ("WWW-Authenticate", #"Cloudflare-Access resource_metadata="https://gw/.well-known/cloudflare-access-protected-resource/""#),
        ("Location", "https://team.cloudflareaccess.com/cdn-cgi/access/login/gw"),
    ])
    func keepsOrdinaryValues(_ name: String, _ value: String) {
        #expect(HeaderRedaction.displayValue(name: name, value: value) == value)
    }
}
