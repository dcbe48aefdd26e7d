import Testing
@testable import ClawPairWire

@Suite struct DNSRecordDataTests {
    /// A response with one answer of `type` whose data is `rdata`, declared as `rdlength`.
    private func message(type: UInt16, rdata: [UInt8], rdlength: Int? = nil) -> [UInt8] {
        u16(1) + u16(0x8000) + u16(0) + u16(1) + u16(0) + u16(0)
            + label("h") + [0] + u16(type) + u16(1) + u32(60) + u16(UInt16(rdlength ?? rdata.count)) + rdata
    }

    private func data(type: UInt16, rdata: [UInt8], rdlength: Int? = nil) throws(DNSWireError) -> DNSRecordData {
        try DNSMessage(parsing: message(type: type, rdata: rdata, rdlength: rdlength)).answers[0].data
    }

    @Test func addressLengthsMustMatch() throws {
        #expect(try data(type: 1, rdata: [10, 0, 0, 1]) == .a(.v4([10, 0, 0, 1])))
        #expect(throws: DNSWireError(.rdataLengthMismatch, "", offset: 0)) { try data(type: 1, rdata: [10, 0, 0, 1, 9]) }
        #expect(throws: DNSWireError(.rdataLengthMismatch, "", offset: 0)) { try data(type: 1, rdata: [10, 0, 0]) }
        #expect(throws: DNSWireError(.rdataLengthMismatch, "", offset: 0)) { try data(type: 28, rdata: [1, 2, 3, 4]) }
        #expect(try data(type: 28, rdata: Array(repeating: 0, count: 15) + [1]) == .aaaa(try #require(IPAddress("::1"))))
    }

    @Test func txtStringsMustFitTheData() throws {
        #expect(try data(type: 16, rdata: txtString("a=1") + txtString("")) == .txt([Array("a=1".utf8), []]))
        #expect(try data(type: 16, rdata: []) == .txt([]))
        // A string claiming 200 bytes in 4 bytes of data, with more bytes after the record.
        #expect(throws: DNSWireError(.truncated, "", offset: 0)) { try data(type: 16, rdata: [200, 0x61, 0x62, 0x63], rdlength: 4) }
        let trailing = message(type: 16, rdata: [5, 0x61, 0x62], rdlength: 3) + Array(repeating: 0x41, count: 10)
        #expect(throws: DNSWireError(.truncated, "", offset: 0)) { try DNSMessage(parsing: trailing) }
    }

    @Test func namesMustEndWhereTheDataEnds() throws {
        // A PTR whose name is shorter than RDLENGTH: the leftover byte is a mismatch.
        #expect(throws: DNSWireError(.rdataLengthMismatch, "", offset: 0)) { try data(type: 12, rdata: label("x") + [0, 0xFF]) }
        // A PTR whose name runs past RDLENGTH (into bytes that exist): truncated.
        let overrun = message(type: 12, rdata: label("xyz") + [0], rdlength: 3)
        #expect(throws: DNSWireError(.truncated, "", offset: 0)) { try DNSMessage(parsing: overrun) }
        // An SRV with no room for its target.
        #expect(throws: DNSWireError(.truncated, "", offset: 0)) { try data(type: 33, rdata: u16(0) + u16(0) + u16(1)) }
        // An SOA missing its last field.
        #expect(throws: DNSWireError(.truncated, "", offset: 0)) {
            try data(type: 6, rdata: [0, 0] + u32(1) + u32(2) + u32(3) + u32(4))
        }
    }

    @Test func unknownTypesAreKeptAsBytes() throws {
        #expect(try data(type: 99, rdata: [1, 2, 3]) == .unknown(DNSRecordType(rawValue: 99), [1, 2, 3]))
        #expect(try data(type: 99, rdata: []) == .unknown(DNSRecordType(rawValue: 99), []))
        #expect(DNSRecordData.unknown(DNSRecordType(rawValue: 99), [1, 0xAB]).description == "\\# 2 01ab")
        #expect(DNSRecordType(rawValue: 99).description == "TYPE99")
        #expect(DNSRecordType.SRV.description == "SRV")
        #expect(DNSClass(rawValue: 3).description == "CLASS3")
    }

    @Test func presentsDataLikeAZoneFile() throws {
        #expect(DNSRecordData.txt([Array("displayName=Studio \"A\"".utf8), [0x07]]).description == "\"displayName=Studio \\\"A\\\"\" \"\\007\"")
        #expect(
            DNSRecordData.srv(priority: 0, weight: 0, port: 18789, target: try DNSName("studio.local")).description
                == "0 0 18789 studio.local.")
    }
}
