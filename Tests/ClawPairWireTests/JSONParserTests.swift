import Testing
@testable import ClawPairWire

@Suite struct JSONParserTests {
    @Test func parsesTypesExactly() throws {
        let value = try JSONParser.parse(#" {"a":1,"b":1.5,"c":true,"d":null,"e":["x",{"f":-0}],"g":"\u00e9\ud83e\udd9e\n","a":2} "#)
        #expect(value["a"] == .integer(2))  // last duplicate wins, as in JavaScript
        #expect(value["b"] == .double(1.5))
        #expect(value["c"] == .bool(true))
        #expect(value["d"] == .null)
        #expect(value["g"] == .string("é🦞\n"))
        #expect(try JSONParser.parse("9223372036854775807") == .integer(.max))
        #expect(try JSONParser.parse("9223372036854775808") == .double(9223372036854775808))
    }

    @Test(arguments: [
        "", "{", "{\"a\"}", "{\"a\":}", "[1,]", "01", "1.", "-", "1e", "\"\\x\"", "\"\\ud800\"", "\"a\u{1}\"", "tru", "nul",
        "{} x", "\"unterminated", "[\"\\u12\"]", "1e999",
    ])
    func rejectsMalformed(text: String) {
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(text) }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test func depthIsBounded() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(deep) }
    }

    @Test func writerRoundTripsAndEscapesControls() throws {
        let value: JSONValue = ["s": "a\"b\\c\u{1b}[2J\u{7f}\u{85}é", "n": [1, 2.5, nil, false], "o": [:]]
        let text = value.serialized()
        #expect(text == #"{"s":"a\"b\\c\u001b[2J\u007f\u0085é","n":[1,2.5,null,false],"o":{}}"#)
        #expect(try JSONParser.parse(text) == value)
        #expect(try JSONParser.parse(value.serialized(pretty: true)) == value)
    }
}
