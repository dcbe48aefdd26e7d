import Testing
@testable import ClawPairWire

@Suite struct HTTPRequestTests {
    @Test func encodesAGetWithHostFirst() throws {
        let request = HTTPRequest(target: "/cdn-cgi/access/certs", host: "team.cloudflareaccess.com", headers: ["Accept": "application/json"])
        let text = String(decoding: try request.encoded(), as: UTF8.self)
        #expect(text == "GET /cdn-cgi/access/certs HTTP/1.1\r\nHost: team.cloudflareaccess.com\r\nAccept: application/json\r\n\r\n")
    }

    @Test func addsContentLengthForABody() throws {
        let request = HTTPRequest(method: .post, target: "/setup-code", host: "127.0.0.1:9000", body: Array("{}".utf8))
        let text = String(decoding: try request.encoded(), as: UTF8.self)
        #expect(text == "POST /setup-code HTTP/1.1\r\nHost: 127.0.0.1:9000\r\nContent-Length: 2\r\n\r\n{}")
        let empty = HTTPRequest(method: .post, target: "/approve/1", host: "h")
        #expect(String(decoding: try empty.encoded(), as: UTF8.self).contains("Content-Length: 0\r\n"))
    }

    @Test func refusesInjection() {
        let header = HTTPRequest(target: "/", host: "h", headers: ["X-Custom": "a\r\nInjected: 1"])
        #expect(throws: HTTPWireError(.invalidHeaderValue, "")) { try header.encoded() }
        let name = HTTPRequest(target: "/", host: "h", headers: ["Bad Name": "x"])
        #expect(throws: HTTPWireError(.invalidHeaderName, "")) { try name.encoded() }
        let target = HTTPRequest(target: "/ HTTP/1.1\r\nX: y", host: "h")
        #expect(throws: HTTPWireError(.invalidTarget, "")) { try target.encoded() }
        let method = HTTPRequest(method: HTTPMethod(rawValue: "GET /"), target: "/", host: "h")
        #expect(throws: HTTPWireError(.invalidMethod, "")) { try method.encoded() }
        let host = HTTPRequest(target: "/", host: "h\r\nX: y")
        #expect(throws: HTTPWireError(.invalidHeaderValue, "")) { try host.encoded() }
    }

    @Test(arguments: ["Host", "content-length", "Transfer-Encoding"])
    func refusesFramingFieldsFromTheCaller(name: String) {
        let request = HTTPRequest(target: "/", host: "h", headers: HTTPHeaders([(name, "1")]))
        #expect(throws: HTTPWireError(.invalidHeaderName, "")) { try request.encoded() }
    }

    @Test func encodedRequestHeadParsesBackAsFields() throws {
        // Not a request parser, but the head must at least be well-formed field lines.
        let request = HTTPRequest(target: "/", host: "gw.example:8443", headers: ["Cf-Access-Token": "e30.e30.sig", "X": ""])
        let text = String(decoding: try request.encoded(), as: UTF8.self)
        #expect(text.hasSuffix("Cf-Access-Token: e30.e30.sig\r\nX: \r\n\r\n"))
    }
}
