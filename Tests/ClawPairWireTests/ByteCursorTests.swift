import Testing
@testable import ClawPairWire

@Suite struct ByteCursorTests {
    @Test func readsBigEndianIntegers() throws {
        var cursor = ByteCursor([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07])
        #expect(try cursor.readUInt8() == 0x01)
        #expect(try cursor.readUInt16() == 0x0203)
        #expect(try cursor.readUInt32() == 0x0405_0607)
        #expect(cursor.isAtEnd)
        #expect(cursor.offset == 7)
    }

    @Test func throwsInsteadOfReadingPastTheEnd() throws {
        var cursor = ByteCursor([0x01, 0x02, 0x03])
        #expect(throws: ByteCursorError(offset: 0, needed: 4, available: 3)) { try cursor.readUInt32() }
        // A failed read does not move the cursor.
        #expect(cursor.offset == 0)
        #expect(try cursor.readBytes(3) == [1, 2, 3])
        #expect(throws: ByteCursorError.self) { try cursor.readUInt8() }
        #expect(throws: ByteCursorError.self) { try cursor.peekUInt8() }
    }

    @Test func rejectsNegativeAndHugeCounts() {
        var cursor = ByteCursor([0, 0])
        #expect(throws: ByteCursorError.self) { try cursor.readBytes(-1) }
        #expect(throws: ByteCursorError.self) { try cursor.readBytes(Int.max) }
        #expect(throws: ByteCursorError.self) { try cursor.skip(Int.max) }
        #expect(throws: ByteCursorError.self) { try cursor.seek(to: 3) }
        #expect(throws: ByteCursorError.self) { try cursor.seek(to: -1) }
    }

    @Test func limitedWindowStopsReadsButKeepsTheWholeInput() throws {
        var cursor = ByteCursor([1, 2, 3, 4, 5])
        try cursor.skip(1)
        var window = try cursor.limited(to: 2)
        #expect(window.remaining == 2)
        #expect(try window.readUInt16() == 0x0203)
        #expect(throws: ByteCursorError.self) { try window.readUInt8() }
        #expect(window.bytes.count == 5)
        #expect(cursor.offset == 1)
        #expect(throws: ByteCursorError.self) { try cursor.limited(to: 5) }
        var whole = try window.unlimited(at: 4)
        #expect(try whole.readUInt8() == 5)
    }

    @Test func seekAndReadRemaining() throws {
        var cursor = ByteCursor([9, 8, 7])
        try cursor.seek(to: 1)
        #expect(cursor.readRemaining() == [8, 7])
        #expect(cursor.readRemaining() == [])
        try cursor.seek(to: 3)
        #expect(cursor.isAtEnd)
    }
}
