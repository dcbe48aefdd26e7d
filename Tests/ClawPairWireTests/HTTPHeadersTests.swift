import Testing
@testable import ClawPairWire

@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresCaseAndKeepsRepeatedFieldsInOrder() {
        let headers: HTTPHeaders = ["Set-Cookie": "a=1", "Content-Type": "text/plain", "set-cookie": "b=2"]
        #expect(headers["SET-COOKIE"] == ["a=1", "b=2"])
        #expect(headers.first(name: "content-type") == "text/plain")
        #expect(headers.contains(name: "Content-TYPE"))
        #expect(!headers.contains(name: "Location"))
        #expect(headers.fields.map(\.name) == ["Set-Cookie", "Content-Type", "set-cookie"])
        #expect(headers.count == 3)
    }

    @Test func tokenListsSpanFieldsAndIgnoreCase() {
        let headers: HTTPHeaders = ["Connection": "keep-alive, Upgrade", "connection": " ,close ,"]
        #expect(headers.listElements(name: "Connection") == ["keep-alive", "Upgrade", "close"])
        #expect(headers.containsToken("upgrade", inField: "connection"))
        #expect(headers.containsToken("CLOSE", inField: "Connection"))
        #expect(!headers.containsToken("upgrad", inField: "Connection"))
    }

    @Test func replaceAndRemove() {
        var headers: HTTPHeaders = ["A": "1", "a": "2", "B": "3"]
        headers.replaceOrAdd(name: "A", value: "4")
        #expect(headers.fields.map(\.value) == ["3", "4"])
        headers.remove(name: "b")
        #expect(headers.fields.map(\.name) == ["A"])
        headers.add(name: "A", value: "5")
        #expect(headers["a"] == ["4", "5"])
    }

    @Test func caseIsASCIIOnly() {
        // "K" (Kelvin sign) lowercases to "k" in Unicode; HTTP names must not match it.
        let headers: HTTPHeaders = ["\u{212A}ey": "x"]
        #expect(!headers.contains(name: "key"))
    }
}
