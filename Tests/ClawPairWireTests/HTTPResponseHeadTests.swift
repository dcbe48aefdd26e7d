import Testing
@testable import ClawPairWire

@Suite struct HTTPResponseHeadTests {
    @Test func redirectsAreExposedNotFollowed() {
        let head = HTTPResponseHead(status: 307, reason: "Temporary Redirect", headers: ["location": "https://elsewhere.example/"])
        #expect(head.isRedirect)
        #expect(head.location == "https://elsewhere.example/")
        #expect(!HTTPResponseHead(status: 200).isRedirect)
        #expect(HTTPResponseHead(status: 200).location == nil)
    }

    @Test func interimStatuses() {
        #expect(HTTPResponseHead(status: 100).isInterim)
        #expect(HTTPResponseHead(status: 103).isInterim)
        #expect(!HTTPResponseHead(status: 101).isInterim)
        #expect(!HTTPResponseHead(status: 200).isInterim)
    }

    @Test func printsAsWritten() {
        let head = HTTPResponseHead(version: .http1_0, status: 404, reason: "Not Found", headers: ["Server": "x", "A": "b"])
        #expect(head.description == "HTTP/1.0 404 Not Found\nServer: x\nA: b")
    }
}
