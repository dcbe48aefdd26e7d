import Testing
@testable import ClawPairCLI

/// ``ByteChunk``: decimals as `String(value)` writes them, and what `makeRoom` hands on.
@Suite struct ByteChunkTests {
    @Test(arguments: [0, 7, -1, 42, 18789, -1_000_000, 1_780_000_000_000, .max, .min] as [Int64])
    func decimalsAreWhatStringWrites(value: Int64) {
        var chunk = ByteChunk(capacity: 64)
        defer { chunk.deallocate() }
        chunk.append("x=")
        chunk.appendDecimal(value)
        chunk.append(UInt8(ascii: ";"))
        #expect(String(decoding: chunk.bytes, as: UTF8.self) == "x=\(value);")
    }

    @Test func makeRoomHandsOnWhatIsWrittenAndGrowsForALargePiece() {
        var chunk = ByteChunk(capacity: 8)
        defer { chunk.deallocate() }
        var handed: [[UInt8]] = []
        chunk.makeRoom(5, flushingTo: { handed.append($0) })
        chunk.append("hello")
        #expect(handed.isEmpty)
        // Does not fit beside "hello": "hello" is handed on first.
        chunk.makeRoom(4, flushingTo: { handed.append($0) })
        #expect(handed == [Array("hello".utf8)] && chunk.count == 0)
        // Larger than the buffer: it grows.
        chunk.makeRoom(20, flushingTo: { handed.append($0) })
        chunk.append(repeating: UInt8(ascii: "-"), count: 20)
        chunk.flush(to: { handed.append($0) })
        chunk.flush(to: { handed.append($0) })  // nothing more to hand on
        #expect(handed == [Array("hello".utf8), [UInt8](repeating: UInt8(ascii: "-"), count: 20)])
    }
}
